/// The digests seen so far, to keep the first of each certificate or CRL of an input in order.
///
/// Compared one by one while there are few (a chain, a handful of anchors: the usual input), through a
/// set once there are many. A set of a key type the process has not hashed before makes the Swift
/// runtime look up its Hashable conformance when it first builds the set's storage — a scan of every
/// conformance in the binary, ~190 K instructions per lookup and ~490 K for `Set<[UInt8]>` — which cost
/// a `trustcheck verify` more than comparing a few dozen 32-byte digests ever does.
struct SeenDigests {
    /// Up to this many digests are compared one by one: a comparison with a different digest stops at
    /// its first differing byte, so 16 of them cost about what hashing the digest for a set does.
    static let linearLimit = 16
    private var few: [[UInt8]] = []
    private var many: Set<ByteKey>?

    /// Records `digest`; whether it was new.
    mutating func insert(_ digest: [UInt8]) -> Bool {
        if many == nil {
            if few.contains(digest) { return false }
            guard few.count == Self.linearLimit else {
                few.append(digest)
                return true
            }
            many = Set(few.map(ByteKey.init))
            few = []
        }
        return many!.insert(ByteKey(digest)).inserted
    }
}
