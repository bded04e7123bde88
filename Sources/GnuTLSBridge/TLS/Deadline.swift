#if canImport(Glibc)
import Glibc
#endif

/// A point in time on the monotonic clock that a blocking socket operation must not wait past.
///
/// Every poll computes what is left from the same deadline, so a server that sends one byte just before
/// each wait would end cannot stretch the call: a per-read timeout restarts with each byte, a deadline
/// does not.
package struct Deadline: Sendable, Comparable {
    /// Nanoseconds on CLOCK_MONOTONIC (never set back, unlike the wall clock).
    package let nanoseconds: Int64

    package init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// `seconds` from now (clamped to a year, so the arithmetic cannot overflow).
    package init(after seconds: Double) {
        let bounded = min(max(seconds, 0), 365 * 86_400)
        nanoseconds = Deadline.now.nanoseconds + Int64(bounded * 1_000_000_000)
    }

    package static var now: Deadline {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Deadline(nanoseconds: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
    }

    /// Seconds left; zero or less once passed.
    package var remaining: Double { Double(nanoseconds - Deadline.now.nanoseconds) / 1_000_000_000 }

    package var hasPassed: Bool { Deadline.now.nanoseconds >= nanoseconds }

    /// Milliseconds left for poll(2), rounded up so a wait never ends just before the deadline; 0 once passed.
    package var pollMilliseconds: Int32 {
        let left = nanoseconds - Deadline.now.nanoseconds
        guard left > 0 else { return 0 }
        return Int32(min((left + 999_999) / 1_000_000, Int64(Int32.max)))
    }

    package static func < (a: Deadline, b: Deadline) -> Bool { a.nanoseconds < b.nanoseconds }
}
