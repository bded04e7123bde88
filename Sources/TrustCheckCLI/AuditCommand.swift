import FoundationEssentials
import Pinning
import TrustCertificates
import TrustEvaluation

/// `trustcheck audit CONFIG --chain CHAIN... [--anchors PATH]... [--at TIME] [--domain NAME]... [--json]`:
/// the health of a TrustKit pin configuration against the chain a server presents, before a rotation
/// breaks the app. Exit 0 no problem, 1 problems, 2 usage, input or configuration error.
struct AuditCommand: Subcommand {
    static let name = "audit"
    static let summary = "Check a TrustKit pin configuration against a chain before a rotation."
    static let usage = """
        trustcheck audit CONFIG --chain CHAIN... [--anchors PATH]... [--at TIME] [--domain NAME]... [--json]
        """
    static let options: [CommandOption] = [
        .repeatable("--chain", "PATH", "the server's chain, leaf first (more files may follow, or repeat --chain)"),
        .repeatable("--anchors", "PATH", "trust only these certificates (file or directory); default: the system roots"),
        .value("--at", "TIME", "audit at TIME instead of now: RFC 3339 (2025-01-31T12:00:00Z), a date, @EPOCH or now"),
        .repeatable("--domain", "NAME", "audit this pinned domain (as configured) even if the leaf does not cover it"),
        .flag("--json", "print the machine-readable report"),
    ]
    static var details: String {
        // The kind on its own line: the longest name would push the meanings past 100 columns.
        let kinds = AuditProblem.Kind.allCases.map { "  \($0.rawValue)\n      \($0.meaning)" }
        return """
            CONFIG is a TrustKit configuration: JSON, an XML or binary property list, or an Info.plist with
            TSKConfiguration. It is read with TrustKit's own rules; a configuration TrustKit refuses (for
            example a single pin while enforcing) is an error naming the file and key (exit 2; with --json
            {"error": {code, path, key, domain, message, trustkit_message}, "errors": [...]} on stdout).
            The first certificate of the first --chain file is the leaf; every other certificate given is an
            untrusted intermediate, in any order.

            The chain is evaluated for each pinned domain the leaf covers (the domain, or with
            includeSubdomains a DNS name of the leaf under it) with Apple's SSL policy, as TrustKit does,
            and TrustKit's validator decides on it. Domains the leaf does not cover are skipped when it
            covers others; when it covers none, every domain is audited on the basic X.509 evaluation and
            gets not_valid_for_domain. --domain audits exactly the domains named.

            Pins are compared with each certificate of the evaluated chain, anchor included, both as the
            SPKI SHA-256 and as the hash TrustKit computes, which differs for RSA keys with an exponent
            other than 65537 (matched_by: spki_sha256, trustkit_hash, or spki_sha256_only when TrustKit
            never matches it). A pin on no certificate of the chain is taken as a backup pin: nothing tells
            a key held in reserve from a stale pin, so keep the key of each backup safe. Pins that match
            nothing are a problem only when no pin is on the chain (no_pin_matches); so is having no pin
            off the chain (no_backup_pin).

            problems (each makes the exit status 1; ! marks warnings, ✗ errors):
            \(kinds.joined(separator: "\n"))

            The leaf's expiry is checked once for all domains; without TSKExpirationDate a pinned
            certificate is checked only against the \(DomainAudit.expiryWarningDays)-day warning.

            --json prints an object with these members (nested keys in braces, [{...}] an array of
            objects, "..." more keys; every member is always present):
              config, at: the configuration file and the evaluation time
              anchors: custom|system
              chain: [{index, subject, summary, role (leaf|intermediate|anchor), source, not_before,
                  not_after, validity {at, status, days_left}, sha256, sha1, spki_sha256 (hex),
                  spki_sha256_base64, pin, trustkit_pin}]
              problems: [{kind, severity (error|warning), message}] (global configuration warnings, the
                  leaf's expiry)
              domains: [{domain, status (audited|skipped|excluded), hostname (the name evaluated, or null),
                  include_subdomains, enforce, expiration_date, report_uris, evaluation {policy (ssl|basic),
                  trusted, reason (verify's, in one line), result, error {code, message} or null} or null,
                  trustkit {decision, result, matched_pin, matched_index, sends_report} or null, chain (only
                  when this domain's evaluation built another path than the top-level chain, else null),
                  pins [{pin (base64 as configured), on_chain, trustkit_matches, matches [{index, subject,
                  role, matched_by, not_after, days_left}]}], unmatched_pins [base64] (on no certificate of
                  the chain), backup_pins [base64] (the unmatched pins when another pin is on the chain, else
                  empty), problems [{kind, severity, message}]}] sorted by domain
              problems_total: all problems, top-level and per domain

            exit status: 0 no problem, 1 at least one problem, 2 usage, input or configuration error.

            """
    }

    static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        guard let configurationPath = arguments.positionals.first else {
            return usageError(UsageError(.missingArgument, "no CONFIG given", pointsToHelp: true), io: io)
        }
        let chainPaths = arguments.allValues("--chain") + arguments.positionals.dropFirst()
        guard !arguments.allValues("--chain").isEmpty else {
            return usageError(UsageError(.missingArgument, "no --chain given", pointsToHelp: true), io: io)
        }
        var time = Date()
        if let text = arguments.value("--at") {
            do throws(UsageError) { time = try TimeArgument.date(text) } catch { return usageError(error, io: io) }
        }
        for domain in arguments.allValues("--domain") {
            do { _ = try HostArgument.name(domain, option: "--domain", noun: "domain name") } catch {
                return usageError(error, io: io)
            }
        }

        let configuration: TrustKitConfiguration
        do {
            configuration = try TrustKitConfiguration(contentsOfFile: configurationPath)
        } catch {
            configurationError(error, io: io)
            return .usageOrInputError
        }
        let unknown = arguments.allValues("--domain").filter { configuration.pinnedDomains[$0] == nil }
        guard unknown.isEmpty else {
            let configured = configuration.pinnedDomains.keys.sorted().joined(separator: ", ")
            return usageError(UsageError(.invalidValue, "--domain \(unknown.joined(separator: ", ")) is not pinned in \(configurationPath) "
                + "(its domains: \(configured))"), io: io)
        }

        guard let chain = CertificateInputs.load(chainPaths, io: io),
              let leaf = chain.first?.certificates.first
        else { return .usageOrInputError }
        let anchorPaths = arguments.allValues("--anchors")
        let anchors: TrustAnchors
        if anchorPaths.isEmpty {
            do {
                anchors = TrustAnchors(system: try CertificateStore.system(path: CertificateStore.defaultSystemBundlePath))
            } catch {
                io.inputErrors([error])
                return .usageOrInputError
            }
        } else {
            guard let loaded = CertificateInputs.load(anchorPaths, io: io) else { return .usageOrInputError }
            anchors = TrustAnchors(custom: CertificateStore(loaded.flatMap(\.certificates)), anchorsOnly: true,
                                   system: .empty)
        }

        let audit = PinConfigurationAudit(
            configuration: configuration, path: configurationPath, leaf: leaf,
            intermediates: Array(chain.flatMap(\.certificates).dropFirst()), anchors: anchors, at: time,
            selected: arguments.allValues("--domain"))
        if arguments.has("--json") {
            io.stdout.write(AuditReport.json(audit, anchors: anchorPaths.isEmpty ? "system" : "custom").rendered() + "\n")
        } else {
            io.stdout.write(AuditReport.text(audit, style: io.style))
        }
        // 1 is verify's "not trusted": here, the configuration is not healthy.
        return audit.problemsTotal == 0 ? .success : .notTrusted
    }

    /// `trustcheck: <path>: TSKPinnedDomains["<domain>"].<key>: <problem>` on stderr and, for `--json`,
    /// the error object on stdout, as `CommandIO.inputErrors` does for certificate files.
    private static func configurationError(_ error: TrustKitConfigurationError, io: CommandIO) {
        io.error(TerminalText.escaped(error.description))
        guard io.json else { return }
        let object = JSONValue.object([
            ("code", .string("trustkit.configuration." + error.code.rawValue)),
            ("path", .string(error.path)),
            ("key", .string(error.key)),
            ("domain", .string(error.domain)),
            ("message", .string(error.problem)),
            ("trustkit_message", .string(error.trustKitMessage)),
        ])
        io.stdout.write(JSONValue.object([("error", object), ("errors", .array([object]))]).rendered() + "\n")
    }
}
