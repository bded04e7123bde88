import FoundationEssentials
import TrustCertificates

/// The value of `--at`: every form a person is likely to type for "evaluate at this time".
package enum TimeArgument {
    /// What the usage error shows, so that a person sees a form that works.
    package static let forms = "an RFC 3339 time (2026-12-01T09:30:00Z), a date (2026-12-01, midnight UTC), @EPOCH (@1796117400) or now"

    /// RFC 3339 in any case (with an offset or `Z`, fractional seconds allowed), `YYYY-MM-DD` alone as
    /// midnight UTC, `@` and a whole number of seconds since 1970 (as `date -d @N`), or `now`.
    package static func parse(_ text: String, now: Date = Date()) -> Date? {
        if text.lowercased() == "now" { return now }
        if text.hasPrefix("@") {
            guard let seconds = Int64(text.dropFirst()) else { return nil }
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        return RFC3339.date(text) ?? RFC3339.date(day: text)
    }

    static func usageMessage(_ text: String) -> String { "--at '\(text)' is not a time: give \(forms)" }

    /// `--at TEXT` as the time it names, or the usage error that shows the forms that work.
    static func date(_ text: String) throws(UsageError) -> Date {
        guard let date = parse(text) else { throw UsageError(.invalidValue, usageMessage(text)) }
        return date
    }
}
