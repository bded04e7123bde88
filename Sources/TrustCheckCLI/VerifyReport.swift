import Foundation
import TrustCertificates
import TrustEvaluation

/// Renders an evaluation for people (a tree of the chain) and for machines (the documented JSON).
enum VerifyReport {
    static func text(_ result: TrustEvaluationResult, host: String?) -> String {
        var lines: [String] = []
        let verdict = result.isTrusted ? "TRUSTED" : "NOT TRUSTED"
        lines.append("\(verdict) (\(result.resultType.name))" + (host.map { " for \($0)" } ?? ""))
        if let error = result.error { lines.append("error \(error.code): \(error.message)") }
        lines.append("verified at \(TimeFormat.rfc3339(result.verificationTime))")
        lines.append("")
        // Root at the top, leaf at the bottom, as people draw chains.
        for (depth, index) in result.chain.indices.reversed().enumerated() {
            let element = result.chain[index]
            let certificate = element.certificate
            let indent = String(repeating: "   ", count: depth)
            let branch = depth == 0 ? "" : "└─ "
            let source = element.source == .presented ? "" : " [\(element.source.rawValue)]"
            lines.append("\(indent)\(branch)[\(index)] \(certificate.subjectSummary ?? certificate.subject.rfc4514)\(source)")
            let detailIndent = indent + (depth == 0 ? "    " : "       ")
            lines.append(detailIndent + "valid \(TimeFormat.rfc3339(certificate.notBefore)) to \(TimeFormat.rfc3339(certificate.notAfter))")
            for failure in result.failures where failure.index == index {
                lines.append(detailIndent + "✗ \(failure.check.rawValue): \(failure.check.sentence)"
                    + (failure.detail.map { " (\($0))" } ?? ""))
            }
        }
        let unplaced = result.failures.filter { $0.index >= result.chain.count }
        for failure in unplaced { lines.append("✗ \(failure.check.rawValue) (\(failure.detail ?? ""))") }
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ result: TrustEvaluationResult, options: VerifyCommand.Options, narration: [String]?) -> String {
        var object: [String: Any] = [
            "trusted": result.isTrusted,
            "result": result.resultType.name,
            "verification_time": TimeFormat.rfc3339(result.verificationTime),
            "profile": options.profile.rawValue,
            "policy": options.basicPolicy ? "basic" : "ssl",
            "host": options.host as Any? ?? NSNull(),
            "paths_considered": result.pathsConsidered,
            "signature_checks": result.signatureChecks,
            "chain": result.chain.map { element -> [String: Any] in
                let certificate = element.certificate
                return [
                    "subject": certificate.subject.rfc4514,
                    "issuer": certificate.issuer.rfc4514,
                    "summary": certificate.subjectSummary as Any? ?? NSNull(),
                    "sha256": Hex.encode(certificate.sha256),
                    "spki_sha256": Base64.encode(certificate.spkiSHA256),
                    "not_before": TimeFormat.rfc3339(certificate.notBefore),
                    "not_after": TimeFormat.rfc3339(certificate.notAfter),
                    "source": element.source.rawValue,
                ]
            },
            "failures": result.failures.map { failure -> [String: Any] in
                ["index": failure.index, "check": failure.check.rawValue, "detail": failure.detail as Any? ?? NSNull()]
            },
        ]
        if let error = result.error {
            object["error"] = [
                "code": Int(error.code), "message": error.message, "detailed_message": error.detailedMessage,
                "check": error.check.rawValue, "index": error.certificateIndex,
            ]
        } else {
            object["error"] = NSNull()
        }
        if let narration { object["explain"] = narration }
        return JSONText.render(object)
    }
}
