/// How much a cache may hold: at most `entries` entries and at most `bytes` bytes of accounted memory
/// (each cache says what it counts per entry). The oldest entries are dropped first once either is
/// reached.
public struct CacheLimits: Sendable, Hashable {
    /// The most entries kept.
    public var entries: Int
    /// The most accounted bytes kept.
    public var bytes: Int

    /// Limits of `entries` entries and `bytes` bytes (both at least 1).
    public init(entries: Int, bytes: Int) {
        self.entries = max(1, entries)
        self.bytes = max(1, bytes)
    }
}
