import FoundationEssentials
import Pinning
import TLSClient
import TrustCertificates
import TrustEvaluation

/// `trustcheck connect HOST[:PORT]`: a live TLS handshake in which TrustCheck decides trust; shows what
/// the server presented (even when trust fails), what was negotiated, and the verdict.
struct ConnectCommand: Subcommand {
    static let name = "connect"
    static let summary = "Connect to a TLS server and evaluate the chain it presents, as SecTrust would in the handshake."
    static let usage = """
        trustcheck connect HOST[:PORT] [--servername NAME] [--anchors PATH]... [--system-anchors] [--system-store PATH] [--pin PIN]...
                   [--pin-config FILE] [--report-only] [--report-spool DIR] [--no-reports] [--app-bundle-id ID] [--app-version V]
                   [--report-wait S] [--at TIME] [--timeout S] [--tls 1.2|1.3] [--alpn PROTOCOL]...
                   [--record FILE] [--json]
        """
    static let options: [CommandOption] = [
        .value("--servername", "NAME", "send NAME as SNI and require the leaf to be valid for it (default: HOST)"),
    ] + AnchorOptions.options + [
        .repeatable("--pin", "PIN", "after validation, require this SPKI SHA-256 pin on the evaluated chain"),
        .value("--pin-config", "FILE", "apply this TrustKit configuration (JSON, plist, Info.plist) for the server name"),
        .flag("--report-only", "report a pin mismatch without refusing the connection"),
    ] + ReportOptions.options + [
        .value("--at", "TIME", "evaluate at TIME instead of now (RFC 3339, a date, @EPOCH or now)"),
        .value("--timeout", "S", "bound the whole connection (TCP connect, handshake, the server's answer) to S seconds (default 10)"),
        .value("--tls", "1.2|1.3", "offer only this TLS version (default: 1.2 and 1.3)"),
        .repeatable("--alpn", "PROTOCOL", "offer this ALPN protocol (e.g. h2, http/1.1)"),
        .value("--record", "FILE", "write what was seen as a vector, replayable offline (verify --replay FILE)"),
        .flag("--json", "print the machine-readable report"),
    ]
    /// The server is the operand, not an option (`--host` in curl's sense, openssl s_client's -connect and
    /// -port); `--host` is close to --servername, the name this command can set.
    static let optionAliases = [
        OptionAlias(["host"], .advice("did you mean --servername? (the server to connect to is the HOST[:PORT] argument)")),
        OptionAlias(["connect", "target", "url", "server"], .advice("give the server as the argument: trustcheck connect HOST[:PORT]")),
        OptionAlias(["port", "p"], .advice("give the port with the host: trustcheck connect HOST:PORT")),
    ]
    static let details = """
        PORT defaults to 443; write an IPv6 address with a port as [::1]:8443. GnuTLS runs the handshake,
        but its own certificate verification never decides: the chain the server presents goes to the
        engine (the SSL policy for --servername, else HOST) and then to the pinning, inside the handshake. A
        refused server gets the bad_certificate alert.

        Pinning is verify's: --pin PIN (repeatable) or --pin-config FILE (a TrustKit configuration, JSON,
        XML or binary plist, an Info.plist with TSKConfiguration, or an Info.plist's NSPinnedDomains),
        applied for the server name with TrustKit's lookup, enforcement and report-only policies;
        --report-only reports a mismatch without refusing. A blocking decision refuses the handshake.

        --record FILE writes what was seen as a vector (vectors/README.md): the chain as presented, the
        server name, the validation time, the anchors (embedded: custom ones, and the system root the
        evaluated chain reached), the stapled OCSP response, the pins or the pin configuration (embedded),
        the negotiated parameters, and as expectations what was decided (also when the server was
        refused). Replay it offline with `trustcheck verify --replay FILE`, or through the vector runner.
        A FIFO, device or symbolic link named FILE is written through, never replaced. With --record -
        the vector alone goes to standard output and the report to standard error. Nothing is recorded
        when no trust decision was made (a connection error before it): that is reported, exit 2. When
        the connection failed after the decision (the server refused the client), the vector records the
        decision, and recorded_connection the failure.

        --timeout S is one deadline for the whole call: the TCP connect, the handshake and the look at
        the server's first answer end within S seconds however slowly the server sends its bytes, with an
        error naming the stage (tcp.timeout; tls.timeout, "TLS handshake timed out"). After a TLS 1.3
        handshake connect waits up to 0.5 s for the server's first answer (less once the server has sent
        its session tickets): a TLS 1.3 server checks the client's certificate only after the client's
        handshake has ended, and its refusal (certificate_required) arrives then. Such a refusal is a
        connection error naming the alert (exit 2), with the trust decision still reported.

        The text shows each presented certificate (subject, issuer, validity, SHA-256, and its PEM, like
        openssl s_client -showcerts), the negotiated protocol, cipher suite, group and ALPN (only after a
        completed handshake), whether an OCSP response was stapled, and the verdict with its reason
        (verify's first line: what the chain ends at, or the most specific failure).

        --json prints an object with these members (nested keys in braces, [{...}] an array of objects,
        "..." more keys; every member is always present):
          host, port, server_name: as connected to
          trusted: bool, the server was trusted (pinning included) and the connection made
          reason: that verdict in one line (trusted or not; verify's reason, or the connection error's)
          chain_trusted: bool, the engine's verdict on the chain alone, before pinning, or null (no evaluation)
          error: {code, message} or null: Apple's OSStatus for an engine failure; for a connection failure a
              stable code such as tcp.errno.ECONNREFUSED, tcp.timeout, tls.timeout or
              tls.handshake.GNUTLS_E_..., with the TLS alert named in the message
          result: SecTrustResultType name, or null
          trust_decision: {trusted, reason} or null: what the handshake decided about the certificate, also
              when the connection then failed
          pinning: verify's pinning member {decision, result, matched_pins [{pin, index, subject}],
              noted_hostname, configured_pins, enforced, report_only, not_pinned_reason, not_pinned_explanation,
              problem, config, apple_error, failed_checks} or null
          pin_failure_report: verify's {status, spool, ...} or null
          chain: [{subject, issuer, not_before, not_after, sha256, spki_sha256_base64, pem}] as presented
          negotiated: {protocol, cipher_suite, group, alpn, description} or null
          stapled_ocsp_response: base64, or null
          ocsp: verify's entry for the staple {file, status, revocation_time, revocation_reason,
              this_update, next_update, responder, certificate_index, used, problem, conflict, error_code} or null
        A stapled "revoked" that is used refuses the server (Revocation, -67820, fatal); a "good" one is
        reported; any other staple is reported and ignored.

        exit status: 0 trusted, 1 not trusted (or a pin mismatch), 2 usage or connection error.

        """

    static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let target: ConnectTarget
        var configuration = TLSClientConfiguration()
        do throws(UsageError) {
            guard arguments.positionals.count == 1 else {
                throw arguments.positionals.isEmpty
                    ? UsageError(.missingArgument, "no HOST given", pointsToHelp: true)
                    : UsageError(.unexpectedArgument, "give one HOST[:PORT], not \(arguments.positionals.count)")
            }
            target = try ConnectTarget.parse(arguments.positionals[0])
            try configure(&configuration, arguments)
        } catch {
            return usageError(error, io: io)
        }
        guard let anchors = AnchorOptions.anchors(arguments, io: io) else { return .usageOrInputError }
        configuration.anchors = anchors
        let serverName = configuration.serverName ?? target.host
        var pinning: PinningOptions?
        let reportOptions: ReportOptions
        do {
            // verify's pinning options, for the server name (TrustKit looks the pinned domain up by it).
            let settings = VerifyCommand.Settings(host: serverName, time: configuration.verificationTime ?? Date(),
                                                  basicPolicy: false, profile: configuration.profile)
            switch try PinningOptions.from(arguments, settings: settings, io: io) {
            case .success(let stage): pinning = stage
            case .failure(let failure):
                io.report([failure])
                return .usageOrInputError
            }
            reportOptions = try ReportOptions.parse(arguments, pinning: pinning, environment: io.environment)
        } catch {
            return usageError(error, io: io)
        }
        // The reporter takes the report in the handshake, as TrustKit's validator hands it over.
        let reports: PinFailureReportRun
        (reports, pinning) = PinFailureReportRun.prepare(reportOptions, pinning: pinning, io: io)
        configuration.pinning = pinning?.policy
        configuration.pinFailureReporter = reports.reporter

        var report: ConnectReport
        do {
            let connection = try TLSClient.connectBlocking(host: target.host, port: target.port, configuration: configuration)
            report = ConnectReport(target: target, configuration: configuration, connection: connection)
        } catch {
            report = ConnectReport(target: target, configuration: configuration, failure: error)
        }
        report.pinningConfig = pinning?.configurationPath
        report.pinFailureReport = reports.json(report.pinning, status: report.verdict?.pinFailureReport)
        (ConnectRecording.isStandardOutput(arguments.value("--record")) ? io.stderr : io.stdout)
            .write(arguments.has("--json") ? report.json.rendered() + "\n" : report.text)
        if report.isConnectionError { io.error("connect: \(report.errorMessage ?? "connection failed")") }
        if let explanation = report.pinning?.notPinnedExplanation { io.error("warning: " + explanation) }
        // After the verdict is out: delivery waits at most --report-wait, and what is left stays spooled.
        reports.deliver(report.verdict?.pinFailureReport, io: io)
        if let path = arguments.value("--record"),
           !ConnectRecording.write(report, anchors: configuration.anchors, pinning: pinning, to: path, io: io)
        {
            return .usageOrInputError
        }
        if report.isConnectionError { return .usageOrInputError }
        return report.trusted ? .success : .notTrusted
    }

    private static func configure(_ configuration: inout TLSClientConfiguration, _ arguments: ParsedArguments)
        throws(UsageError)
    {
        configuration.serverName = try arguments.value("--servername").map { text throws(UsageError) in
            try HostArgument.name(text, option: "--servername")
        }
        if let text = arguments.value("--at") {
            configuration.verificationTime = try TimeArgument.date(text)
        }
        // One deadline for the whole call, 10 s unless given.
        configuration.timeout = configuration.connectTimeout
        if let text = arguments.value("--timeout") {
            let seconds = try TimeoutArgument.value(text)
            configuration.connectTimeout = seconds
            configuration.handshakeTimeout = seconds
            configuration.timeout = seconds
        }
        switch arguments.value("--tls") {
        case nil: break
        case "1.2": configuration.versions = .tls12Only
        case "1.3": configuration.versions = .tls13Only
        case let other?: throw UsageError(.invalidValue, "--tls must be 1.2 or 1.3, not '\(other)'")
        }
        configuration.alpn = arguments.allValues("--alpn")
    }
}
