/// The identities pinned for one host: those of every `NSPinnedDomains` entry that applies to it, merged
/// (Apple appends the identities of each matching entry), kind by kind.
public struct PinnedIdentities: Sendable, Hashable {
    /// The entries that apply, by domain key.
    public let domains: [String]
    /// The leaf identities; nil when no applying entry has `NSPinnedLeafIdentities`.
    public let leaf: PinSet?
    /// The CA identities; nil when no applying entry has `NSPinnedCAIdentities`.
    public let ca: PinSet?

    /// The union over `entries`; nil when none applies.
    init?(merging entries: [PinnedDomain]) {
        guard !entries.isEmpty else { return nil }
        func union(_ sets: [PinSet?]) -> PinSet? {
            let present = sets.compactMap { $0 }
            return present.isEmpty ? nil : PinSet(present.flatMap(\.pins))
        }
        domains = entries.map(\.domain)
        leaf = union(entries.map(\.leafIdentities))
        ca = union(entries.map(\.caIdentities))
    }
}
