/// Why TrustKit treats a hostname as not pinned, and so neither validates nor reports.
public enum TrustKitNotPinnedReason: String, Sendable, Hashable {
    /// No exact entry and no includeSubdomains parent.
    case noPolicy = "no-policy"
    /// The matching entry is an excluded subdomain (kSKExcludeSubdomainFromParentPolicy).
    case excluded
    /// The matching entry's TSKExpirationDate has passed.
    case expired
}
