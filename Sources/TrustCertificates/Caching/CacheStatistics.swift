/// What a cache holds and how it has been used.
public struct CacheStatistics: Sendable, Hashable {
    /// Entries held now.
    public let entries: Int
    /// Accounted bytes held now.
    public let bytes: Int
    /// Lookups answered from the cache.
    public let hits: Int
    /// Lookups the cache could not answer.
    public let misses: Int
}
