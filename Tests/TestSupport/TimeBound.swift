import Foundation

/// The time bounds of the hostile-input tests, scaled for slow builds. A bound there tells a linear parser
/// (milliseconds to seconds) from a quadratic or hanging one (minutes), so it can be generous; under a
/// sanitizer everything runs several times slower, and the sanitizer targets of the Makefile set
/// `TRUSTCHECK_TIME_BOUND_SCALE` (AddressSanitizer 4, ThreadSanitizer 10, after their documented 2–5× and
/// 5–15× slowdowns) rather than each test guessing.
public enum TimeBound {
    /// `TRUSTCHECK_TIME_BOUND_SCALE`, else 1.
    public static let scale: Double = {
        guard let text = ProcessInfo.processInfo.environment["TRUSTCHECK_TIME_BOUND_SCALE"], let value = Double(text), value >= 1
        else { return 1 }
        return value
    }()

    /// `seconds`, scaled.
    public static func seconds(_ seconds: Double) -> Double { seconds * scale }

    /// `seconds` as a `Duration`, scaled.
    public static func duration(_ seconds: Double) -> Duration { .milliseconds(Int64(seconds * scale * 1000)) }
}
