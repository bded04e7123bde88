import Pinning

/// The `NSPinnedDomains` identities that apply to a host: the base64 SPKI SHA-256 digests.
public struct ATSPins: Sendable, Hashable, Encodable {
    /// The entries that apply, by domain key.
    public let domains: [String]
    /// `NSPinnedLeafIdentities`; nil when no applying entry has it (empty: nothing can match).
    public let leaf: [String]?
    /// `NSPinnedCAIdentities`; nil when no applying entry has it.
    public let ca: [String]?

    init(_ identities: PinnedIdentities) {
        domains = identities.domains
        leaf = identities.leaf.map { $0.pins.map(\.base64) }
        ca = identities.ca.map { $0.pins.map(\.base64) }
    }
}
