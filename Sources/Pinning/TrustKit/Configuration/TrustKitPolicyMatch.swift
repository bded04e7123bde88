/// The policy TrustKit applies to a hostname, and the configured domain it was found under.
public struct TrustKitPolicyMatch: Sendable, Hashable {
    /// The hostname that was looked up.
    public let hostname: String
    /// The configured domain that matched (TrustKit's "noted hostname"): the hostname itself, or the
    /// includeSubdomains parent.
    public let notedHostname: String
    /// That domain's policy.
    public let policy: TrustKitDomainPolicy
    /// Whether the match came from a parent's includeSubdomains rather than an exact entry.
    public var isSubdomainMatch: Bool { hostname != notedHostname }
}
