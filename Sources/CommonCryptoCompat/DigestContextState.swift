import GnuTLSBridge

/// The state inside a CommonCrypto context struct, with the value semantics of the C struct it stands for:
/// a copy of the struct digests on independently (copy on write).
struct DigestContextState: @unchecked Sendable {
    // @unchecked: the HashState is mutated only when uniquely referenced (after a copy otherwise), so copies
    // held by different threads never share a state that is written.
    private var state: HashState?

    /// Starts afresh with `algorithm` (CC_…_Init).
    mutating func start(_ algorithm: DigestAlgorithm) {
        state = HashState(algorithm: algorithm)
    }

    /// Absorbs `length` bytes (CC_…_Update); a context never initialised starts with `fallback`, as a zeroed
    /// CommonCrypto struct would be used.
    mutating func update(_ data: UnsafeRawPointer?, _ length: CC_LONG, fallback: DigestAlgorithm) {
        precondition(data != nil || length == 0, "CommonCrypto digest update with a null data pointer and \(length) bytes")
        let state = uniqueState(fallback: fallback)
        state.update(data, count: Int(length))
    }

    /// Writes the digest to `md` (CC_…_Final) and starts the state afresh.
    mutating func finish(into md: UnsafeMutablePointer<UInt8>?, fallback: DigestAlgorithm) {
        guard let md else { preconditionFailure("CommonCrypto digest final with a null output pointer") }
        let digest = uniqueState(fallback: fallback).finish()
        md.update(from: digest, count: digest.count)
    }

    private mutating func uniqueState(fallback: DigestAlgorithm) -> HashState {
        guard let current = state else {
            let fresh = HashState(algorithm: fallback)
            state = fresh
            return fresh
        }
        if isKnownUniquelyReferenced(&state) { return current }
        let copied = current.copy()
        state = copied
        return copied
    }
}
