import Pinning
import TrustCertificates

/// A pinning outcome as `verify` and `connect` show it: one summary line for the text report, and the
/// `pinning` object of the JSON report.
extension PinningOutcome {
    /// One line for the text report.
    var summary: String {
        var text = "pinning: \(decision.rawValue)"
        if let result { text += " (\(result.trustKitName))" }
        if let notPinnedReason { text += ": no pin applies (\(notPinnedReason.rawValue))" }
        if let notPinnedExplanation { text += ": " + notPinnedExplanation }
        if !matches.isEmpty {
            text += ": " + matches.map { "pin \($0.pin.base64) matches [\($0.chainIndex)] \(CertificateFormatting.displayName($0.certificate))" }
                .joined(separator: ", ")
        } else if let problem {
            text += ": " + problem
            if reportOnly && decision == .allow { text += " (report-only: not blocked)" }
        }
        if let notedHostname, result != nil { text += "; pinned domain \(notedHostname)" }
        return text
    }

    /// The `pinning` object; `config` is the `--pin-config` file as named.
    func json(config: String?) -> JSONValue {
        .object([
            ("decision", .string(decision.rawValue)),
            ("result", .string(result?.trustKitName)),
            ("matched_pins", .array(matches.map { match in
                .object([("pin", .string(match.pin.base64)), ("index", .int(match.chainIndex)),
                         ("subject", .string(match.certificate.subject.rfc4514))])
            })),
            ("noted_hostname", .string(notedHostname)),
            ("configured_pins", .strings(configuredPins.map(\.base64))),
            ("enforced", .bool(enforced)),
            ("report_only", .bool(reportOnly)),
            ("not_pinned_reason", .string(notPinnedReason?.rawValue)),
            ("not_pinned_explanation", .string(notPinnedExplanation)),
            ("problem", .string(problem)),
            ("config", .string(config)),
            ("apple_error", appleError.map { .object([("code", .int(Int($0.code))), ("message", .string($0.message))]) } ?? .null),
            ("failed_checks", .strings(failedChecks.map(\.description))),
        ])
    }
}
