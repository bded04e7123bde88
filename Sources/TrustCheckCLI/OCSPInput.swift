import TrustCertificates
import TrustEvaluation

/// One `--ocsp FILE` as read: the response, or why its bytes are not one. A response that does not
/// parse is no input error — Apple ignores a bad stapled response, and so does `verify` — but it is
/// reported beside the others.
struct OCSPInput {
    /// The path as given ("-" is standard input's name).
    let path: String
    /// The parsed response, or why the bytes are not one.
    let response: Result<OCSPResponse, OCSPParseError>

    /// Reads every path ("-": standard input). A file that cannot be read is an input error, reported
    /// like the certificates' (`CommandIO.inputErrors`), and the result is then nil.
    static func load(_ paths: [String], io: CommandIO) -> [OCSPInput]? {
        var inputs: [OCSPInput] = []
        var failures: [CertificateLoadError] = []
        for path in paths {
            do {
                let bytes = try io.bytes(of: path)
                let response = Result { () throws(OCSPParseError) in try OCSPResponse(der: bytes) }
                if case .failure(let error) = response { io.error("warning: unusable OCSP response \(path): \(error)") }
                inputs.append(OCSPInput(path: path == "-" ? StandardInput.name : path, response: response))
            } catch {
                failures.append(error)
            }
        }
        guard failures.isEmpty else {
            io.inputErrors(failures)
            return nil
        }
        return inputs
    }

    /// The responses that parsed, in the order given: what the evaluator consults.
    static func responses(_ inputs: [OCSPInput]) -> [OCSPResponse] {
        inputs.compactMap { try? $0.response.get() }
    }

    /// Each input beside what the evaluation made of it; nil for one that did not parse. The
    /// evaluator reports the parsed responses in the order given, which is how they pair up.
    static func outcomes(_ inputs: [OCSPInput], in result: TrustEvaluationResult) -> [(OCSPInput, OCSPResponseReport?)] {
        var reports = result.ocspResponses[...]
        return inputs.map { input in
            guard case .success = input.response else { return (input, nil) }
            return (input, reports.popFirst())
        }
    }

    /// "ocsp FILE: good, used (…)" or "ocsp FILE: ignored: problem", for the text report.
    // Written with plain `if let`s: Swift 6.3.1's -O CopyPropagation crashed on the closure form of this
    // function ("Found ownership error?!"), which broke every release build.
    static func line(_ input: OCSPInput, _ report: OCSPResponseReport?) -> String {
        var text = "ocsp \(input.path): "
        guard let report else {
            switch input.response {
            case .failure(let error): return text + "ignored: \(error.reason)"
            case .success: return text + "ignored"
            }
        }
        if let status = report.status { text += String(describing: status) } else { text += "no single response" }
        if let single = report.singleResponse {
            text += " (this update \(CertificateFormatting.timestamp(single.thisUpdate))"
            if let next = single.nextUpdate { text += ", next update \(CertificateFormatting.timestamp(next))" }
            text += ")"
        }
        if let responder = report.responder { text += ", signed by \(CertificateFormatting.displayName(responder))" }
        if let conflict = report.conflict { text += ", conflicting: \(conflict)" }
        if let problem = report.problem { return text + ", ignored: \(problem)" }
        return text + ", used"
    }

    /// {file, status, this_update, next_update, responder, used, problem, conflict} for the JSON report.
    static func json(_ input: OCSPInput, _ report: OCSPResponseReport?) -> JSONValue {
        var problem = report?.problem
        if case .failure(let error) = input.response { problem = error.reason }
        return .object([
            ("file", .string(input.path)),
            ("status", .string(report?.status?.name)),
            ("revocation_time", {
                guard case .revoked(let date, _) = report?.status else { return .null }
                return .string(CertificateFormatting.timestamp(date))
            }()),
            ("revocation_reason", {
                guard case .revoked(_, let reason) = report?.status else { return .null }
                return .string(reason?.description)
            }()),
            ("this_update", .string(report?.singleResponse.map { CertificateFormatting.timestamp($0.thisUpdate) })),
            ("next_update", .string(report?.singleResponse?.nextUpdate.map(CertificateFormatting.timestamp))),
            ("responder", .string(report?.responder?.subject.rfc4514)),
            ("certificate_index", report?.certificateIndex.map { .int($0) } ?? .null),
            ("used", .bool(report?.isUsed ?? false)),
            ("problem", .string(problem)),
            ("conflict", .string(report?.conflict)),
            ("error_code", {
                guard case .failure(let error) = input.response else { return .null }
                return .string(error.code)
            }()),
        ])
    }
}
