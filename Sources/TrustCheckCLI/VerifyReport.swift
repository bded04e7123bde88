import Foundation
import TrustCertificates
import TrustEvaluation

/// Renders an evaluation for people (a tree of the chain, root at the top) and for machines (the
/// JSON documented in VerifyCommand.details).
enum VerifyReport {
    static func text(_ result: TrustEvaluationResult, host: String?) -> String {
        var lines: [String] = []
        let verdict = result.isTrusted ? "TRUSTED" : "NOT TRUSTED"
        lines.append("\(verdict) (\(result.resultType.name))" + (host.map { " for \($0)" } ?? ""))
        if let error = result.error { lines.append("error \(error.code): \(error.message)") }
        lines.append("evaluated at \(CertificateFormatting.timestamp(result.verificationTime))")
        lines.append("")
        for (depth, index) in result.chain.indices.reversed().enumerated() {
            let element = result.chain[index]
            let certificate = element.certificate
            let indent = String(repeating: "   ", count: depth)
            let source = element.source == .presented ? "" : " [\(element.source.rawValue)]"
            lines.append(indent + (depth == 0 ? "" : "└─ ") + "[\(index)] "
                + CertificateFormatting.displayName(certificate) + source)
            let detailIndent = indent + (depth == 0 ? "    " : "       ")
            lines.append(detailIndent + "valid \(CertificateFormatting.timestamp(certificate.notBefore)) to "
                + CertificateFormatting.timestamp(certificate.notAfter))
            for failure in result.failures where failure.index == index {
                lines.append(detailIndent + "✗ \(failure.check.rawValue): \(failure.check.sentence)"
                    + (failure.detail.map { " (\($0))" } ?? ""))
            }
        }
        // Names and details come from the certificates: escaped so they cannot drive the terminal.
        return lines.map(TerminalText.escaped).joined(separator: "\n") + "\n"
    }

    static func json(_ result: TrustEvaluationResult, settings: VerifyCommand.Settings, crlCount: Int,
                     narration: [String]?) -> JSONValue
    {
        var members: [(String, JSONValue)] = [
            ("trusted", .bool(result.isTrusted)),
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
                    ("sha256", .string(Hex.encode(certificate.sha256))),
                    ("spki_sha256", .string(Base64.encode(certificate.spkiSHA256))),
                    ("not_before", .string(CertificateFormatting.timestamp(certificate.notBefore))),
                    ("not_after", .string(CertificateFormatting.timestamp(certificate.notAfter))),
                    ("source", .string(element.source.rawValue)),
                ])
            })),
            ("failures", .array(result.failures.map { failure in
                .object([("index", .int(failure.index)), ("check", .string(failure.check.rawValue)),
                         ("detail", .string(failure.detail))])
            })),
            ("verification_time", .string(CertificateFormatting.timestamp(result.verificationTime))),
            ("profile", .string(settings.profile.rawValue)),
            ("policy", .string(settings.basicPolicy ? "basic" : "ssl")),
            ("host", .string(settings.host)),
            ("crls", .int(crlCount)),
            ("paths_considered", .int(result.pathsConsidered)),
            ("signature_checks", .int(result.signatureChecks)),
        ]
        if let narration { members.append(("explain", .strings(narration))) }
        return .object(members)
    }
}
