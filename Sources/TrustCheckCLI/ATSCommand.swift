import AppTransportSecurity
import FoundationEssentials
import TrustEvaluation

/// `trustcheck ats INFO_PLIST URL`: the App Transport Security policy an Info.plist sets for a URL, and for
/// https a connection that checks the server against it, reporting the NSURLError an app would see.
struct ATSCommand: Subcommand {
    static let name = "ats"
    static let summary = "Evaluate an Info.plist's App Transport Security policy for a URL and check the server against it."
    static let usage = """
        trustcheck ats INFO_PLIST URL [--anchors PATH]... [--connect-to ADDR:PORT] [--at TIME] [--timeout S] [--json]
               trustcheck ats --lint INFO_PLIST [--check-hosts] [--anchors PATH]... [--connect-to ADDR:PORT] [--json]
               trustcheck ats --diagnose URL [--anchors PATH]... [--connect-to ADDR:PORT] [--at TIME] [--timeout S] [--json]
        """
    static let options: [CommandOption] = [
        .flag("--lint", "report risky or useless settings of INFO_PLIST instead (exit 1 when there is a finding)"),
        .flag("--check-hosts", "with --lint: connect to each exception's host to find exceptions it does not need"),
        .flag("--diagnose", "like nscurl --ats-diagnostics: try URL's server under the default policy and each exception"),
    ] + AnchorOptions.options + [
        .value("--connect-to", "ADDR:PORT", "connect there instead (the URL's host stays the SNI name, the policy's host and the certificate's name)"),
        .value("--at", "TIME", "evaluate the certificates at TIME instead of now (RFC 3339, a date, @EPOCH or now)"),
        .value("--timeout", "S", "bound each connection (TCP connect and handshake) to S seconds (default 10)"),
        .flag("--json", "print the machine-readable report"),
    ]
    static let details = """
        INFO_PLIST is an Info.plist (XML or binary) or its NSAppTransportSecurity dictionary alone. The
        policy is Apple's reading of it: an NSExceptionDomains entry for the host (exact key, else the
        nearest ancestor with NSIncludesSubdomains; for an address, the exact key, else the longest CIDR
        range) wins; else a local host (unqualified name, .local, loopback, link-local or private address)
        needs nothing unless NSAllowsLocalNetworking is NO; else NSAllowsArbitraryLoads lifts ATS unless
        NSAllowsArbitraryLoadsInWebContent, ...ForMedia or NSAllowsLocalNetworking is present. Each
        requirement is printed with the key that decided it ("default" when none did).

        For an http (ws) URL the answer is the policy's: a refused cleartext load is NSURLError -1022. For
        https (wss) trustcheck connects as an app would: the handshake offers only the TLS versions and
        suites the policy allows (ECDHE suites and TLS 1.3; RSA key exchange too when forward secrecy is
        not required); if it fails, a second handshake offering everything learns what the server speaks,
        to say why. The presented chain is evaluated under Apple's SSL policy for the URL's host (with
        --anchors, a private CA instead of the system store), ATS's certificate minimums are checked (RSA
        >= 2048 and EC >= 256 bits, SHA-2 signatures, unless an exception lifts them), then the
        NSPinnedDomains pins. The verdict names the NSURLError (-1200 secure connection failed, -1202
        untrusted certificate, -1001 timed out, -1004 cannot connect), its underlying SecureTransport
        status, the reason, and the key whose requirement failed.

        --json prints an object with: info_plist, policy {url, scheme, host, port, host_kind,
        exception_domain, ats_applies, cleartext_allowed, minimum_tls_version, forward_secrecy_required,
        minimum_key_sizes_required, sha2_signatures_required, server_trust_required,
        certificate_transparency, pins: each {value, decided_by, reason}}, connected_to, negotiated
        {protocol, cipher_suite} or null, server_supports (the everything-offered handshake, when the
        policy's failed) or null, leaf {subject, key_algorithm, key_bits, signature_algorithm} or null,
        verdict {allowed, error {code, name, message, stream_error_code, stream_error_name} or null,
        reason, failed_requirement, decided_by}, notes (what Apple skips in the plist). Keys are sorted.

        --lint INFO_PLIST reports, one line each (path: key: severity: message [code]): arbitrary-loads
        (NSAllowsArbitraryLoads, ...InWebContent or ...ForMedia YES), arbitrary-loads-ignored (YES, but
        ignored because ...InWebContent, ...ForMedia or NSAllowsLocalNetworking is present),
        insecure-http-loads, lowered-tls-minimum (TLSv1.0, TLSv1.1), invalid-tls-version (a spelling Apple
        ignores), forward-secrecy-off, not-boolean (a string YES, a number: Apple reads it as NO),
        uppercase-domain (exception keys are looked up exactly, URL hosts are lowercase), misspelt-key (with
        the key meant, by edit distance), misplaced-key (a domain key at the top level or the reverse),
        unknown-key, deprecated-key (NSTemporaryException... and NSThirdPartyException..., which Apple's
        current parser does not read), obsolete-key (NSRequiresCertificateTransparency), empty-exception
        (changes nothing), skipped-entry (a value Apple skips, NSPinnedDomains entries included). With
        --check-hosts it connects to each exception's host (or --connect-to) under ATS's defaults and
        reports exception-unneeded for a server that meets them. --json: {info_plist, findings [{code,
        severity, key, message, suggestion}], checked_hosts [{domain, verdict}] or absent}.

        --diagnose URL works like macOS's nscurl --ats-diagnostics, without an Info.plist: the server is
        tried under the default policy, NSAllowsArbitraryLoads, and exceptions for the URL's host
        (NSExceptionMinimumTLSVersion TLSv1.0 to TLSv1.3, NSExceptionRequiresForwardSecrecy NO,
        NSExceptionAllowsInsecureHTTPLoads YES, and their combinations), each printed with its ATS
        dictionary and "Result : PASS" or "Result : FAIL" with the error and the reason. Then the smallest
        exception that passes (fewest keys, newest TLS minimum; arbitrary loads last), as Info.plist XML
        ready to paste. If nothing passes, not even arbitrary loads, the problem is server trust, not ATS.
        Handshakes with the same offer are made once. --json: {url, connected_to, default_passes,
        variants [{group, name, ats_dictionary, result, verdict}], smallest_exception (the dictionary) or
        null, smallest_exception_plist (the XML) or null}.

        exit status: 0 the load is allowed (--lint: no finding; --diagnose: the default policy passes),
        1 refused (--lint: a finding; --diagnose: an exception is needed), 2 usage or input error.

        """

    static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let settings: Settings
        do throws(UsageError) {
            settings = try Settings(arguments)
        } catch {
            return usageError(error, io: io)
        }
        if arguments.has("--lint") && arguments.has("--diagnose") {
            return usageError(UsageError(.conflictingOptions, "give --lint or --diagnose, not both"), io: io)
        }
        if arguments.has("--lint") { return ATSLintRun.run(arguments, settings: settings, io: io) }
        if arguments.has("--check-hosts") {
            return usageError(UsageError(.conflictingOptions, "--check-hosts goes with --lint: trustcheck ats --lint INFO_PLIST --check-hosts"), io: io)
        }
        if arguments.has("--diagnose") { return ATSDiagnosis.run(arguments, settings: settings, io: io) }
        guard arguments.positionals.count == 2 else {
            return usageError(UsageError(arguments.positionals.count < 2 ? .missingArgument : .unexpectedArgument,
                                         "give INFO_PLIST and URL, or --lint INFO_PLIST, or --diagnose URL", pointsToHelp: true), io: io)
        }
        let path = arguments.positionals[0]
        let configuration: ATSConfiguration
        let policy: ATSPolicy
        do {
            configuration = try ATSConfiguration(contentsOfFile: path)
            policy = try configuration.policy(for: arguments.positionals[1])
        } catch {
            return inputError(error, io: io)
        }
        guard policy.isSecure else {
            let report = ATSServerReport(infoPlist: path, policy: policy, connectedTo: nil, negotiated: nil, serverSupports: nil,
                                         leaf: nil, verdict: .cleartext(policy), notes: configuration.notes)
            return write(report, io: io)
        }
        guard let anchors = AnchorOptions.anchors(arguments, io: io) else { return .usageOrInputError }
        let (address, port) = settings.destination(for: policy)
        let probe = ATSProbe(address: address, port: port, anchors: anchors, time: settings.time, timeout: settings.timeout)
        let result = probe.check(policy, pinnedDomains: configuration.pinnedDomains)
        let target = address.contains(":") ? "[\(address)]:\(port)" : "\(address):\(port)"
        let report = ATSServerReport(infoPlist: path, policy: policy, connectedTo: target, negotiated: result.negotiated,
                                     serverSupports: result.serverSupports, leaf: result.leaf.map(ATSServerReport.Leaf.init),
                                     verdict: result.verdict, notes: configuration.notes)
        return write(report, io: io)
    }

    private static func write(_ report: ATSServerReport, io: CommandIO) -> ExitCode {
        io.stdout.write(io.json ? ATSJSON.render(report) + "\n" : report.text)
        return report.verdict.allowed ? .success : .notTrusted
    }

    /// An unreadable plist or a bad URL: `trustcheck: <path>: <problem>`, and the JSON error object for --json.
    static func inputError(_ error: ATSError, io: CommandIO) -> ExitCode {
        let message = (error.key.map { "\($0): " } ?? "") + error.problem
        io.report([InputFailure(code: error.code.rawValue, path: error.path, message: message,
                                line: TerminalText.escaped(error.description))])
        return .usageOrInputError
    }

    /// The options every mode shares.
    struct Settings {
        let connectTo: ConnectTarget?
        let time: Date?
        let timeout: TimeInterval

        init(_ arguments: ParsedArguments) throws(UsageError) {
            connectTo = try arguments.value("--connect-to").map { text throws(UsageError) in
                guard text.contains(":") else { throw UsageError(.invalidValue, "--connect-to '\(text)' is not ADDR:PORT") }
                return try ConnectTarget.parse(text)
            }
            if let text = arguments.value("--at") {
                time = try TimeArgument.date(text)
            } else {
                time = nil
            }
            if let text = arguments.value("--timeout") {
                timeout = try TimeoutArgument.value(text)
            } else {
                timeout = 10
            }
        }

        /// Where the connection for `policy`'s URL goes: `--connect-to`, else the URL's host and port.
        func destination(for policy: ATSPolicy) -> (String, UInt16) {
            if let connectTo { return (connectTo.host, connectTo.port) }
            return (policy.host, policy.port.flatMap { UInt16(exactly: $0) } ?? 443)
        }
    }
}
