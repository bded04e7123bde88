/// One corpus chain as DER: what a server presents (leaf first) and the anchor it ends at.
struct BenchChain: Sendable {
    /// Leaf first, then intermediates in issuing order.
    let presented: [[UInt8]]
    /// The root, trusted as an anchor (never presented).
    let root: [UInt8]
    /// The leaf's dNSName, checked by both verifiers.
    let host: String
    /// The key type of the leaf (and so the profile TrustCheck uses).
    let keyType: KeyType
}
