import FoundationEssentials
import TrustCertificates
import TrustEvaluation

/// Where a time falls in a certificate's validity period, for people (days left, with colour) and for
/// the JSON `validity` objects of `show` and `verify`.
///
/// `ValidityWindow` decides the status, as it does for the evaluation. Day counts are whole days,
/// rounded down.
struct ValidityStatus {
    typealias Status = ValidityWindow.Position

    /// A certificate this close to its notAfter is shown as a warning.
    static let warningDays = 30

    let at: Date
    let status: Status
    /// From `at` to notAfter; negative once expired.
    let daysLeft: Int
    let daysSinceExpiry: Int
    let daysUntilStart: Int

    init(_ certificate: Certificate, at: Date) {
        func days(from start: Date, to end: Date) -> Int { Int((end.timeIntervalSince(start) / 86_400).rounded(.down)) }
        self.at = at
        status = ValidityWindow(certificate).position(of: at)
        daysLeft = days(from: at, to: certificate.notAfter)
        daysSinceExpiry = days(from: certificate.notAfter, to: at)
        daysUntilStart = days(from: at, to: certificate.notBefore)
    }

    /// "valid, 364 days left", "expired 3 days ago", "not yet valid, starts in 2 days".
    var text: String {
        switch status {
        case .valid: return "valid, \(Self.days(daysLeft)) left"
        case .expired: return "expired \(Self.days(daysSinceExpiry)) ago"
        case .notYetValid: return "not yet valid, starts in \(Self.days(daysUntilStart))"
        }
    }

    /// Green while valid, yellow within ``warningDays`` of the end, red outside the period.
    var colour: TerminalStyle.Colour {
        switch status {
        case .valid: return daysLeft < Self.warningDays ? .yellow : .green
        case .expired, .notYetValid: return .red
        }
    }

    var json: JSONValue {
        .object([
            ("at", .string(CertificateFormatting.timestamp(at))),
            ("status", .string(status.rawValue)),
            ("days_left", .int(daysLeft)),
        ])
    }

    private static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }
}
