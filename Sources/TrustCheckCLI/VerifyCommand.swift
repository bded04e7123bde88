import FoundationEssentials
import Pinning
import TrustCertificates
import TrustEvaluation

/// `trustcheck [verify] CHAIN... [--anchors PATH]... [--host NAME] [--at TIME] ...`: is this chain
/// trusted, for this host, at this time, with these anchors? Exit 0 trusted, 1 not trusted.
struct VerifyCommand: Subcommand {
    static let name = "verify"
    static let summary = "Evaluate trust in a chain the way Apple's SecTrust does."
    static let usage = """
        trustcheck [verify] CHAIN... [--anchors PATH]... [--host NAME] [--at TIME] [--system-anchors]
                   [--system-store PATH] [--policy ssl|basic] [--profile apple|webpki|rfc5280] [--crl PATH]... [--ocsp FILE]...
                   [--policy-oid OID]... [--require-explicit-policy] [--inhibit-policy-mapping] [--inhibit-any-policy]
                   [--accept-noncritical-policy-constraints] [--accept-noncritical-basic-constraints] [--revocation soft|require] [--allow-unusable-crls]
                   [--allow-crl-without-number] [--refuse-self-covered-crl-signers] [--crl-max-bytes BYTES] [--crl-max-entries N]
                   [--pin PIN]... [--pin-config FILE] [--report-only]
                   [--report-spool DIR] [--no-reports] [--app-bundle-id ID] [--app-version V] [--report-wait S] [--explain] [--json]
        trustcheck verify --replay VECTOR [--explain] [--json]
        """
    static let options: [CommandOption] = AnchorOptions.options + [
        .value("--host", "NAME", "the leaf must be valid for this DNS name or IP address"),
        .value("--at", "TIME", "evaluate at TIME instead of now: RFC 3339 (2025-01-31T12:00:00Z), a date, @EPOCH or now"),
        .value("--policy", "ssl|basic", "SecPolicyCreateSSL (server, the default) or SecPolicyCreateBasicX509"),
        .value("--profile", "NAME", "rule book: apple (default), webpki or rfc5280"),
        .repeatable("--crl", "PATH", "check revocation against the CRLs in this file (PEM or DER, one or more)"),
        .repeatable("--ocsp", "FILE", "consult this DER OCSP response as if the server had stapled it (\"-\": stdin)"),
        .repeatable("--policy-oid", "OID", "rfc5280: accept this certificate policy (user-initial-policy-set; default any)"),
        .flag("--require-explicit-policy", "rfc5280: the path must be valid for an accepted policy (initial-explicit-policy)"),
        .flag("--inhibit-policy-mapping", "rfc5280: no policy mapping anywhere in the path (initial-policy-mapping-inhibit)"),
        .flag("--inhibit-any-policy", "rfc5280: anyPolicy in a certificate matches nothing (initial-any-policy-inhibit)"),
        .flag("--accept-noncritical-policy-constraints",
              "rfc5280: process a non-critical policyConstraints (RFC 5280 §6.1) instead of refusing it (§4.2.1.11)"),
        .flag("--accept-noncritical-basic-constraints",
              "rfc5280: read a CA's non-critical basicConstraints (RFC 5280 §6.1) instead of refusing it (§4.2.1.9)"),
        .value("--crl-max-bytes", "BYTES", "the largest CRL accepted (default 33554432; raise it for a CA's unpartitioned CRL)"),
        .value("--crl-max-entries", "N", "the most entries a CRL may list (default 2000000)"),
        .value("--revocation", "soft|require", "soft (default): report what is not established; require: fail it (-67635)"),
        .flag("--allow-unusable-crls", "soft: a certificate whose CRLs are all unusable is reported, not failed"),
        .flag("--allow-crl-without-number", "use complete CRLs that have no CRLNumber (or a critical one)"),
        .flag("--refuse-self-covered-crl-signers",
              "rfc5280: a CRL signer whose own status only the CRL it signed covers cannot vouch (Apple's answer)"),
        .repeatable("--pin", "PIN", "after validation, require this SPKI SHA-256 pin (base64, sha256/..., pin-sha256=...) on the chain"),
        .value("--pin-config", "FILE", "apply this TrustKit configuration (JSON, plist, Info.plist) for --host"),
        .flag("--report-only", "report a pin mismatch without blocking"),
    ] + ReportOptions.options + [
        .value("--replay", "VECTOR", "decide a recorded vector (connect --record) again, offline, with what it holds"),
        .flag("--explain", "narrate the path search (with --json: an explain array of {event, message, ...})"),
        .flag("--json", "print the machine-readable report"),
    ]
    /// openssl verify takes intermediates with -untrusted; here the chain is the operands.
    static let optionAliases = [
        OptionAlias(["untrusted", "intermediate", "intermediates", "chain", "cert", "certificate", "leaf"],
                    .advice("give the chain as arguments, leaf first: trustcheck verify LEAF [INTERMEDIATE]...")),
    ]
    static let details = """
        The first certificate of CHAIN is the leaf; the rest are untrusted intermediates in any order.
        Without --anchors the system store is used.

        With --crl, each certificate below the anchor is checked as RFC 5280 §6.3 says: for each of its
        cRLDistributionPoints, then its issuer's implicit one, the complete CRLs of the point's cRLIssuer
        (an indirect CRL, with certificateIssuer entries) or of its issuer whose issuingDistributionPoint
        fits (name, onlyContainsUserCerts/CACerts; attribute-only CRLs never apply) and adds reasons
        (onlySomeReasons), current at --at, signed by a certificate with the issuer's name found on the
        path, among the chain or the anchors and itself validated to the same anchor (cRLSign, its own
        revocation status: a separate CRL-signing key, a new key after a rollover, another CA), with the
        newest usable delta CRL (deltaCRLIndicator; removeFromCRL un-revokes). Listed ⇒ Revocation
        (errSecCertificateRevoked -67820, fatal). Not revoked needs every reason covered; otherwise the
        status is undetermined. A CRL with a bad signature, wrong issuer or unsupported critical extension
        is reported as not usable, never an input error; a CRL that does not parse (a warning names it;
        the other CRLs are still used) counts as an unusable CRL of its issuer. Nothing is fetched. A
        --crl file that cannot be read or holds no CRL is an input error (exit 2).

        --revocation soft (the default, Apple's) reports an undetermined status, except that a certificate
        whose applicable CRLs are all unusable (expired, signer not valid, no CRLNumber, unknown critical
        extension) fails with RevocationResponseRequired (errSecIncompleteCertRevocationCheck -67635), as
        x509-limbo and OpenSSL expect; --allow-unusable-crls reports that too (RFC 5280 §6.3 only says
        UNDETERMINED). --revocation require fails every certificate below the anchor whose status neither
        CRLs covering all reasons nor a used stapled OCSP response establish, with -67635.
        --allow-crl-without-number accepts complete CRLs without a (non-critical) CRLNumber.
        Under rfc5280 a CRL signer off the path whose own certificate only the CRL it signed covers may
        vouch for that CRL (RFC 5280 §6.3.3 (f) asks only for a valid path and cRLSign; NIST PKITS 4.14.30
        expects it); --refuse-self-covered-crl-signers gives the stricter answer the other profiles give.

        With --ocsp, each response is consulted as Apple consults a stapled one, for every certificate
        below the top of the path, whatever the policy: it is about the certificate its CertID names
        (issuer name and key hashes, serial), and is used only when signed by that certificate's issuer
        or by a delegated responder (id-kp-OCSPSigning, issued by the issuer, sent in the response), with
        thisUpdate <= --at <= nextUpdate and a known status. A used "revoked" fails the chain with
        Revocation (errSecCertificateRevoked -67820, fatal); a used "good" is reported. Any other
        response (wrong signer or certificate, stale, not yet valid, unknown status, or bytes that are not
        an OCSP response) is reported with its problem and ignored, as Apple does; a file that cannot be
        read is an input error (exit 2).

        Certificate policies (RFC 5280 §6.1): the apple and rfc5280 profiles run the policy tree
        (certificatePolicies, policyMappings, policyConstraints, inhibitAnyPolicy); a path it rejects fails
        PolicyConstraints (errSecInvalidPolicyIdentifiers -67835), on the leaf under apple (as Apple), on the
        certificate where processing failed under rfc5280, with the policies that were valid and those
        required. webpki runs no tree (a critical policy extension is unknown there). Under rfc5280 the
        inputs can be set: --policy-oid OID (repeatable; anyPolicy or a dotted OID) is the
        user-initial-policy-set, --require-explicit-policy, --inhibit-policy-mapping and
        --inhibit-any-policy the initial-* inputs. As RFC 5280 §6.1.5 (g) says, --policy-oid alone only
        narrows the user-constrained policy set reported; add --require-explicit-policy to fail a path
        valid for none of them. A non-critical policyConstraints fails the rfc5280 profile (x509-limbo,
        §4.2.1.11) unless --accept-noncritical-policy-constraints, a CA's non-critical basicConstraints
        (§4.2.1.9) unless --accept-noncritical-basic-constraints. The text output of rfc5280 shows a
        policies line; --json has the policy_tree member.

        The first line says what happened: TRUSTED (for --host) and what the chain ends at, or NOT TRUSTED
        and the most specific failure in words, Apple's OSStatus after it, e.g.
          NOT TRUSTED: host name mismatch: the certificate is valid for www.example.test, not other.example.test (-67602)
        (the leaf's host name, revocation and validity come before generic failures such as an untrusted
        root; a chain presented out of order says so and gives the right order; a pin mismatch names the
        pins expected). The second line is Apple's view: SecTrustResultType and error. The tree follows,
        root first, with every failed check under its certificate.

        --json prints an object with these members (nested keys in braces, [{...}] an array of objects,
        "..." more keys; every member is always present unless marked):
          trusted: bool, the verdict the exit status gives (false when pinning blocks a trusted chain)
          reason: that verdict in one line, the text's first line without TRUSTED / NOT TRUSTED
          chain_trusted: bool, the engine's verdict on the chain alone, before pinning
          result: Apple's SecTrustResultType name for the chain
          error: {code (OSStatus), message, detailed_message, check, index} or null, Apple's primary error
          chain: [{subject, issuer, summary, subject_alt_names [{type, value}] or null, not_before, not_after,
              validity {at, status (valid|expired|not_yet_valid), days_left}, source (presented|anchor|system),
              sha256, sha1, spki_sha256 (digests in hex), spki_sha256_base64, pin}] leaf first
          failures: [{index, check, rule (a WebPKICompliance rule's name) or null, detail, context {kind,
              ...typed fields} or null}]
          notes: [{note, message, ...}]
          unused_certificates: [{subject, sha256}]
          verification_time, profile, policy, host: as evaluated
          crls: how many were given
          revocation: {mode, unusable_crls_fail, requires_crl_number, self_covered_crl_signers_vouch,
              certificates [{index, status (revoked|not-revoked|undetermined|not-checked), checked, sources
              [crl|stapled-ocsp], revocation_time, revocation_reason, valid_until, reasons_covered, why,
              conflicting (bool), conflicts [answers that disagree; any revoked one wins], crls
              [{crl, verdict (used|not-applicable|unusable|not-signed-by-issuer), detail, signer,
              signer_validation, delta, notes}]}]}
          ocsp: [{file, status (good|revoked|unknown) or null, revocation_time, revocation_reason,
              this_update, next_update, responder, certificate_index, used (bool), problem, conflict,
              error_code}]
          paths_considered, signature_checks: the work of the path search
          policy_tree: {inputs {user_initial_policy_set, initial_explicit_policy,
              initial_policy_mapping_inhibit, initial_any_policy_inhibit}, authorities_constrained_policy_set,
              user_constrained_policy_set, leaf_policies [{oid, cps_uris, user_notices}],
              explicit_policy_required, failure {reason, certificate_index, valid_policies, required_policies,
              required_by, message} or null} or null (under webpki)
          pinning: {decision (allow|block|not-pinned), result (TrustKit's TSKTrustEvaluationResult name),
              matched_pins [{pin, index, subject}], noted_hostname, configured_pins, enforced, report_only,
              not_pinned_reason, not_pinned_explanation, problem, config, apple_error {code, message}, failed_checks} or null
              (without pinning; apple_error and failed_checks for NSPinnedDomains)
          pin_failure_report: {status (queued|no_report_uri|rate_limited|unsaved|disabled), spool, ...
              (queued: destinations, skipped; unsaved: problem)} or null (no TrustKit report)
          explain: [{event, message, ...}], with --explain only: the steps of the search (with revocation:
              crl_considered {subject, index, crl} per CRL and revocation_status {subject, index, status}
              per certificate of each candidate path)
          replay: {vector, id, recorded_trusted, trusted, same_verdict}, with --replay only (no
              pin_failure_report then)

        'trustcheck help checks' lists every check and rule.

        Text output shows each certificate's days left, in colour on a terminal (green; yellow under 30
        days; red when expired or not yet valid) unless NO_COLOR is set.

        Pinning (after default validation passes, on the evaluated chain, leaf to anchor, anchor included):
        --pin PIN (repeatable) requires one of the pins; --pin-config FILE applies a TrustKit configuration
        (kTSKPinnedDomains; JSON, XML or binary plist, or an Info.plist with TSKConfiguration) for --host, with
        TrustKit's domain lookup, result codes and decisions, comparing TrustKit's own key hash. --report-only
        reports a mismatch without blocking. The text shows each certificate's pin (✓ when it matched) and a
        pinning line; --json has the pinning member. A blocked decision exits 1 and says NOT TRUSTED (JSON:
        trusted false, chain_trusted true); a bad pin or configuration exits 2 naming the file and key.

        --replay VECTOR decides a vector file of one testcase (what trustcheck connect --record writes)
        with its own chain, anchors, peer name, validation time, stapled OCSP responses and pins or pin
        configuration, takes no CHAIN or option that would change them, reports as verify does, and adds
        a replay line (JSON: the replay member). A verdict that differs from the recorded one is reported
        on stderr and exits 1.

        exit status: 0 trusted, 1 not trusted (or pinning blocks), 2 usage or input error.

        """

    struct Settings {
        var host: String?
        var time: Date
        var basicPolicy: Bool
        var profile: TrustProfile
        var certificatePolicies = CertificatePolicyInputs()
        var acceptsNonCriticalPolicyConstraints = false
        var acceptsNonCriticalBasicConstraints = false
        var revocation: RevocationPolicy = .soft
        /// Whether revocation lines belong in the text: CRLs, responses or a revocation mode were given.
        var showsRevocation = false
        /// The bounds each `--crl` must fit (`--crl-max-bytes`, `--crl-max-entries`).
        var crlLimits = CRLLimits.default
    }

    static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        if let vector = arguments.value("--replay") { return VerifyReplay.run(vector, arguments, io: io) }
        let settings: Settings
        do { settings = try parseSettings(arguments) } catch {
            return usageError(error, io: io)
        }
        guard let chainPaths = CertificateInputs.load(arguments.positionals, io: io),
              let leaf = chainPaths.first?.certificates.first
        else { return .usageOrInputError }

        guard let anchors = AnchorOptions.anchors(arguments, io: io) else { return .usageOrInputError }

        guard let crls = CertificateInputs.loadCRLs(arguments.allValues("--crl"), limits: settings.crlLimits, io: io) else {
            return .usageOrInputError
        }
        guard let ocsp = OCSPInput.load(arguments.allValues("--ocsp"), io: io) else { return .usageOrInputError }
        var pinning: PinningOptions?
        let reportOptions: ReportOptions
        do {
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
        let reports: PinFailureReportRun
        (reports, pinning) = PinFailureReportRun.prepare(reportOptions, pinning: pinning, io: io)

        var policy = settings.basicPolicy
            ? TrustPolicy.basicX509(profile: settings.profile)
            : TrustPolicy.ssl(server: true, hostname: settings.host, profile: settings.profile)
        policy.certificatePolicies = settings.certificatePolicies
        policy.acceptsNonCriticalPolicyConstraints = settings.acceptsNonCriticalPolicyConstraints
        policy.acceptsNonCriticalBasicConstraints = settings.acceptsNonCriticalBasicConstraints
        var evaluator = TrustEvaluator(anchors: anchors, policies: [policy], revocation: settings.revocation)
        evaluator.crls = crls
        evaluator.ocspResponses = OCSPInput.responses(ocsp)
        let evaluation = Evaluation(evaluator: evaluator, leaf: leaf,
                                    intermediates: Array(chainPaths.flatMap(\.certificates).dropFirst()),
                                    settings: settings, crlCount: crls.crls.count, ocsp: ocsp, pinning: pinning)
        // TrustKit's report of a pin failure is kept before the report is written, and delivered after it.
        var reported: PinFailureReportStatus?
        let verdict = evaluation.run(arguments, io: io) { verdict in
            reported = reports.submit(verdict.pinning)
            return (json: [("pin_failure_report", reports.json(verdict.pinning, status: reported))], text: "")
        }
        reports.deliver(reported, io: io)
        return verdict.isTrusted ? .success : .notTrusted
    }

    /// Everything one verification needs once its inputs are read: from the command line, or from a
    /// recorded vector (`--replay`).
    struct Evaluation {
        let evaluator: TrustEvaluator
        let leaf: Certificate
        let intermediates: [Certificate]
        let settings: Settings
        let crlCount: Int
        let ocsp: [OCSPInput]
        let pinning: PinningOptions?

        /// What `run` decided.
        struct Verdict {
            let result: TrustEvaluationResult
            let pinning: PinningOutcome?
            /// Trusted by the engine, or as the pinning decided.
            var isTrusted: Bool { pinning?.allowsConnection ?? result.isTrusted }
            /// Why, in one line: the pinning's reason, which includes the engine's, or the engine's.
            var reason: String { pinning?.reason ?? result.reason }
        }

        /// Evaluates and writes the report (`--json`, `--explain`); `extra` adds members to the JSON
        /// report and text after the text report.
        @discardableResult
        func run(_ arguments: ParsedArguments, io: CommandIO,
                 extra: (Verdict) -> (json: [(String, JSONValue)], text: String) = { _ in ([], "") }) -> Verdict
        {
            let narration = DiagnosticLog()
            let explain = arguments.has("--explain")
            let result = evaluator.evaluate(leaf: leaf, intermediates: intermediates, at: settings.time,
                                            diagnostics: explain ? narration.append : nil)
            let pinned = pinning?.policy.apply(to: result, presented: [leaf] + intermediates, anchors: evaluator.anchors,
                                               host: settings.host ?? "")
            let verdict = Verdict(result: result, pinning: pinned)
            if let explanation = pinned?.notPinnedExplanation { io.error("warning: " + explanation) }
            let added = extra(verdict)
            if arguments.has("--json") {
                var json = VerifyReport.json(verdict, settings: settings, crlCount: crlCount, ocsp: ocsp,
                                             explain: explain ? narration.steps : nil,
                                             pinningConfig: pinning?.configurationPath)
                if case .object(let members) = json { json = .object(members + added.json) }
                io.stdout.write(json.rendered() + "\n")
            } else {
                if explain {
                    io.stdout.write(narration.steps.map { "  " + TerminalText.escaped($0.description) }.joined(separator: "\n")
                        + "\n\n")
                }
                io.stdout.write(VerifyReport.text(verdict, host: settings.host, ocsp: ocsp,
                                                  showsPolicies: settings.profile == .rfc5280,
                                                  revocation: settings.showsRevocation, style: io.style) + added.text)
            }
            return verdict
        }
    }

    private static func parseSettings(_ arguments: ParsedArguments) throws(UsageError) -> Settings {
        guard !arguments.positionals.isEmpty else { throw UsageError(.missingArgument, "no certificate chain given", pointsToHelp: true) }
        var time = Date()
        if let text = arguments.value("--at") {
            time = try TimeArgument.date(text)
        }
        let policy = arguments.value("--policy") ?? "ssl"
        guard policy == "ssl" || policy == "basic" else { throw UsageError(.invalidValue, "--policy must be ssl or basic") }
        let profileName = arguments.value("--profile") ?? TrustProfile.apple.rawValue
        guard let profile = TrustProfile(rawValue: profileName) else {
            throw UsageError(.invalidValue, "--profile must be apple, webpki or rfc5280")
        }
        let host = try arguments.value("--host").map { text throws(UsageError) in try HostArgument.name(text, option: "--host") }
        if policy == "basic" && host != nil { throw UsageError(.conflictingOptions, "--host needs --policy ssl") }
        let mode = arguments.value("--revocation") ?? RevocationPolicy.Mode.soft.rawValue
        guard let revocationMode = RevocationPolicy.Mode(rawValue: mode) else {
            throw UsageError(.invalidValue, "--revocation must be soft or require")
        }
        let revocation = RevocationPolicy(mode: revocationMode, unusableCRLsFail: !arguments.has("--allow-unusable-crls"),
                                          requiresCRLNumber: !arguments.has("--allow-crl-without-number"),
                                          selfCoveredCRLSignersVouch: !arguments.has("--refuse-self-covered-crl-signers"))
        let shows = !arguments.allValues("--crl").isEmpty || !arguments.allValues("--ocsp").isEmpty
            || arguments.value("--revocation") != nil
        var settings = Settings(host: host, time: time, basicPolicy: policy == "basic", profile: profile,
                                revocation: revocation, showsRevocation: shows)
        settings.crlLimits = CRLLimits(
            maximumBytes: try count(arguments, "--crl-max-bytes", default: CRLLimits.default.maximumBytes, range: 1...(1 << 34)),
            maximumEntries: try count(arguments, "--crl-max-entries", default: CRLLimits.default.maximumEntries, range: 1...1_000_000_000))
        try parsePolicyInputs(arguments, into: &settings)
        return settings
    }

    /// A whole-number option within `range`, or `value` when absent.
    private static func count(_ arguments: ParsedArguments, _ option: String, default value: Int, range: ClosedRange<Int>)
        throws(UsageError) -> Int
    {
        guard let text = arguments.value(option) else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(.invalidValue, "\(option) '\(text)' must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    static let policyInputOptions = ["--policy-oid", "--require-explicit-policy", "--inhibit-policy-mapping",
                                     "--inhibit-any-policy", "--accept-noncritical-policy-constraints",
                                     "--accept-noncritical-basic-constraints"]

    /// The RFC 5280 policy inputs, which only the rfc5280 profile takes: Apple's tree has fixed inputs and
    /// webpki runs none, so giving them there would silently change nothing.
    private static func parsePolicyInputs(_ arguments: ParsedArguments, into settings: inout Settings) throws(UsageError) {
        let given = policyInputOptions.filter { arguments.has($0) || !arguments.allValues($0).isEmpty }
        guard !given.isEmpty else { return }
        guard settings.profile == .rfc5280 else {
            throw UsageError(.conflictingOptions, "\(given[0]) needs --profile rfc5280 (the \(settings.profile.rawValue) profile "
                + (settings.profile == .apple ? "runs Apple's policy tree, whose inputs are fixed)" : "runs no policy tree)"))
        }
        var oids = Set<String>()
        for text in arguments.allValues("--policy-oid") {
            guard let oid = policyOID(text) else {
                throw UsageError(.invalidValue, "--policy-oid '\(text)' is not a dotted OID (such as 2.23.140.1.2.1) or anyPolicy")
            }
            oids.insert(oid)
        }
        settings.certificatePolicies = CertificatePolicyInputs(
            userInitialPolicySet: oids.isEmpty ? [CertificatePolicy.anyPolicy] : oids,
            initialExplicitPolicy: arguments.has("--require-explicit-policy"),
            initialPolicyMappingInhibit: arguments.has("--inhibit-policy-mapping"),
            initialAnyPolicyInhibit: arguments.has("--inhibit-any-policy"))
        settings.acceptsNonCriticalPolicyConstraints = arguments.has("--accept-noncritical-policy-constraints")
        settings.acceptsNonCriticalBasicConstraints = arguments.has("--accept-noncritical-basic-constraints")
    }

    /// A dotted OID (first arc 0-2, at least two arcs, decimal arcs without leading zeros), or "anyPolicy".
    static func policyOID(_ text: String) -> String? {
        if text == "anyPolicy" { return CertificatePolicy.anyPolicy }
        let arcs = text.split(separator: ".", omittingEmptySubsequences: false)
        guard arcs.count >= 2, arcs.count <= 64, ["0", "1", "2"].contains(arcs[0]) else { return nil }
        for arc in arcs {
            guard !arc.isEmpty, arc.count <= 20, arc.allSatisfy({ $0.isASCII && $0.isNumber }),
                  arc == "0" || arc.first != "0" else { return nil }
        }
        return text
    }
}
