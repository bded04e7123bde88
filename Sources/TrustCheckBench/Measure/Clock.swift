import Glibc

/// The monotonic clock, in nanoseconds.
enum Clock {
    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// How long `body` takes, in microseconds, and its result.
    static func time<R>(_ body: () -> R) -> (R, Double) {
        let start = now()
        let result = body()
        return (result, Double(now() - start) / 1000)
    }
}
