import FoundationEssentials
import Pinning
import TrustCertificates
import TrustEvaluation

/// Renders an evaluation for people (a tree of the chain, root at the top) and for machines (the
/// JSON documented in VerifyCommand.details).
enum VerifyReport {
    /// Certificate text (names, details) is escaped line by line; TrustCheck's own validity text is
    /// coloured after that, so colour is the only escape sequence the output can carry.
    /// The first line is the verdict the exit status gives and its reason (`Verdict.reason`); the
    /// second Apple's result type and error for the chain.
    /// With pinning, each certificate shows the pin compared for it (✓ when it matched) and a summary
    /// line gives the pinning decision.
    /// `showsPolicies` adds the policy sets of the policy tree (rfc5280, where the caller sets its inputs).
    static func text(_ verdict: VerifyCommand.Evaluation.Verdict, host: String?, ocsp: [OCSPInput] = [],
                     showsPolicies: Bool = false, revocation: Bool = false, style: TerminalStyle = .plain) -> String
    {
        let result = verdict.result
        let pinning = verdict.pinning
        var lines: [String] = []
        func add(_ text: String, _ styled: String = "") { lines.append(TerminalText.escaped(text) + styled) }
        add(headline(verdict, host: host))
        add("SecTrust result: \(result.resultType.name)"
            + (result.error.map { ", error \($0.code): \($0.message)" } ?? "")
            + (result.isTrusted && !verdict.isTrusted ? " (the chain itself is trusted)" : ""))
        if let pinning { add(pinning.summary) }
        for note in result.notes { add("note: \(note)") }
        for (input, report) in OCSPInput.outcomes(ocsp, in: result) { add(OCSPInput.line(input, report)) }
        if showsPolicies, let tree = result.policyTree {
            if let failure = tree.failure {
                add("policies: policy processing failed at [\(failure.certificateIndex)] (see PolicyConstraints)")
            } else {
                add("policies: authorities-constrained \(policyList(tree.authoritiesConstrainedPolicySet)); "
                    + "user-constrained \(policyList(tree.userConstrainedPolicySet))"
                    + (tree.explicitPolicyRequired ? "; an explicit policy is required" : ""))
            }
        }
        add("evaluated at \(CertificateFormatting.timestamp(result.verificationTime))")
        add("")
        for (depth, index) in result.chain.indices.reversed().enumerated() {
            let element = result.chain[index]
            let certificate = element.certificate
            let indent = String(repeating: "   ", count: depth)
            let source = element.source == .presented ? "" : " [\(element.source.rawValue)]"
            add(indent + (depth == 0 ? "" : "└─ ") + "[\(index)] " + CertificateFormatting.displayName(certificate) + source)
            let detailIndent = indent + (depth == 0 ? "    " : "       ")
            let validity = ValidityStatus(certificate, at: result.verificationTime)
            add(detailIndent + "valid \(CertificateFormatting.timestamp(certificate.notBefore)) to "
                + CertificateFormatting.timestamp(certificate.notAfter) + " (",
                style.paint(validity.text, validity.colour) + ")")
            if let pinning, let pin = pinning.hashing.pin(of: certificate) {
                add(detailIndent + "pin \(pin)" + (pinning.isMatched(chainIndex: index) ? " ✓ matches a configured pin" : ""))
            }
            if revocation, let status = result.revocation.first(where: { $0.index == index }) {
                for line in RevocationReport.lines(status) { add(detailIndent + line) }
            }
            for failure in result.failures where failure.index == index {
                add(detailIndent + "✗ \(failure.check.rawValue)" + (failure.rule.map { " [\($0.rawValue)]" } ?? "")
                    + ": \(failure.check.sentence)"
                    + (failure.detail.map { " (\($0))" } ?? ""))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `TRUSTED for HOST: reason` or `NOT TRUSTED: reason`: the reason says what failed, the host only
    /// where nothing did.
    static func headline(_ verdict: VerifyCommand.Evaluation.Verdict, host: String?) -> String {
        verdict.isTrusted ? "TRUSTED" + (host.map { " for \($0)" } ?? "") + ": " + verdict.reason
            : "NOT TRUSTED: " + verdict.reason
    }

    /// A policy set in words: its OIDs, anyPolicy by name, "none" when empty.
    static func policyList(_ policies: [String]) -> String {
        policies.isEmpty ? "none" : policies.map { $0 == CertificatePolicy.anyPolicy ? "anyPolicy" : $0 }.joined(separator: ", ")
    }

    /// `trusted` and `reason` are the verdict the exit status gives (pinning included); `chain_trusted`,
    /// `result` and `error` are the engine's evaluation of the chain.
    static func json(_ verdict: VerifyCommand.Evaluation.Verdict, settings: VerifyCommand.Settings, crlCount: Int,
                     ocsp: [OCSPInput] = [], explain: [TrustDiagnostic]?, pinningConfig: String? = nil) -> JSONValue
    {
        let result = verdict.result
        var members: [(String, JSONValue)] = [
            ("trusted", .bool(verdict.isTrusted)),
            ("reason", .string(verdict.reason)),
            ("chain_trusted", .bool(result.isTrusted)),
            ("result", .string(result.resultType.name)),
            ("error", result.error.map { error in
                .object([
                    ("code", .int(Int(error.code))), ("message", .string(error.message)),
                    ("detailed_message", .string(error.detailedMessage)), ("check", .string(error.check.rawValue)),
                    ("index", .int(error.certificateIndex)),
                ])
            } ?? .null),
            ("chain", .array(result.chain.map { element in
                let certificate = element.certificate
                return .object([
                    ("subject", .string(certificate.subject.rfc4514)),
                    ("issuer", .string(certificate.issuer.rfc4514)),
                    ("summary", .string(certificate.subjectSummary)),
                    ("subject_alt_names", CertificateJSON.subjectAltNames(certificate)),
                    ("not_before", .string(CertificateFormatting.timestamp(certificate.notBefore))),
                    ("not_after", .string(CertificateFormatting.timestamp(certificate.notAfter))),
                    ("validity", ValidityStatus(certificate, at: result.verificationTime).json),
                    ("source", .string(element.source.rawValue)),
                ] + CertificateJSON.fingerprints(certificate))
            })),
            ("failures", .array(result.failures.map(FailureJSON.failure))),
            ("notes", .array(result.notes.map(FailureJSON.note))),
            ("unused_certificates", .array(result.notes.flatMap { note -> [JSONValue] in
                guard case .unusedPresented(let certificates) = note else { return [] }
                return certificates.map(FailureJSON.certificate)
            })),
            ("verification_time", .string(CertificateFormatting.timestamp(result.verificationTime))),
            ("profile", .string(settings.profile.rawValue)),
            ("policy", .string(settings.basicPolicy ? "basic" : "ssl")),
            ("host", .string(settings.host)),
            ("crls", .int(crlCount)),
            ("revocation", RevocationReport.json(result, policy: settings.revocation)),
            ("ocsp", .array(OCSPInput.outcomes(ocsp, in: result).map(OCSPInput.json))),
            ("paths_considered", .int(result.pathsConsidered)),
            ("signature_checks", .int(result.signatureChecks)),
            ("policy_tree", result.policyTree.map(PolicyTreeJSON.outcome) ?? .null),
        ]
        members.append(("pinning", verdict.pinning?.json(config: pinningConfig) ?? .null))
        if let explain { members.append(("explain", .array(explain.map(FailureJSON.diagnostic)))) }
        return .object(members)
    }
}
