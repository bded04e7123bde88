import FoundationEssentials

/// One `NSPinnedDomains` entry of an Info.plist: a domain and the SPKI SHA-256 identities pinned for it.
public struct PinnedDomain: Sendable, Hashable {
    /// The domain key, as written (matched case-insensitively).
    public let domain: String
    /// `NSIncludesSubdomains`: whether the hosts one label below `domain` are pinned too. Only a boolean
    /// true counts, as in Apple's `== kCFBooleanTrue`.
    public let includesSubdomains: Bool
    /// `NSPinnedLeafIdentities`; nil when the key is absent. Present but empty (or holding nothing valid)
    /// still pins, so nothing can match.
    public let leafIdentities: PinSet?
    /// `NSPinnedCAIdentities`; nil when the key is absent, with the same rule for an empty one.
    public let caIdentities: PinSet?

    /// An entry with these identities.
    public init(domain: String, includesSubdomains: Bool = false, leafIdentities: PinSet? = nil, caIdentities: PinSet? = nil) {
        self.domain = domain
        self.includesSubdomains = includesSubdomains
        self.leafIdentities = leafIdentities
        self.caIdentities = caIdentities
    }

    /// Whether the entry applies to `host` (trailing dot already removed), as `parseNSPinnedDomains` decides:
    /// the domain equals the host ignoring case, or, with `includesSubdomains`, equals what follows the
    /// host's first dot, one level only (`a.b.example.com` is not under `example.com`).
    func applies(to host: String) -> Bool {
        if domain.lowercased() == host.lowercased() { return true }
        guard includesSubdomains, let dot = host.firstIndex(of: "."), host.index(after: dot) != host.endIndex else { return false }
        return domain.lowercased() == host[host.index(after: dot)...].lowercased()
    }
}
