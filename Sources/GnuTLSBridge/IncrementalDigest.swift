/// An incremental digest with value semantics: a copy digests on independently of the original (copy on
/// write over ``HashState``), as copying a C digest context or a CryptoKit hash function does.
public struct IncrementalDigest: @unchecked Sendable {
    // @unchecked: the HashState is written only when uniquely referenced (copied first otherwise), so copies
    // held by different threads never share a state that is written.
    private var state: HashState

    /// A fresh digest with `algorithm`.
    public init(algorithm: DigestAlgorithm) { state = HashState(algorithm: algorithm) }

    /// The algorithm this digest computes.
    public var algorithm: DigestAlgorithm { state.algorithm }

    /// Absorbs `count` bytes at `bytes`.
    public mutating func update(_ bytes: UnsafeRawPointer?, count: Int) {
        uniqueState().update(bytes, count: count)
    }

    /// The digest of what was absorbed; the state starts afresh.
    public mutating func finish() -> [UInt8] { uniqueState().finish() }

    /// The digest of what was absorbed, leaving this value as it was.
    public func peek() -> [UInt8] { state.copy().finish() }

    private mutating func uniqueState() -> HashState {
        if !isKnownUniquelyReferenced(&state) { state = state.copy() }
        return state
    }
}
