import GnuTLSBridge

/// The state inside a CommonCrypto context struct, with the value semantics of the C struct it stands for.
struct DigestContextState: Sendable {
    private var digest: IncrementalDigest?

    /// Starts afresh with `algorithm` (CC_…_Init).
    mutating func start(_ algorithm: DigestAlgorithm) {
        digest = IncrementalDigest(algorithm: algorithm)
    }

    /// Absorbs `length` bytes (CC_…_Update); a context never initialised starts with `fallback`, as a zeroed
    /// CommonCrypto struct would be used.
    mutating func update(_ data: UnsafeRawPointer?, _ length: CC_LONG, fallback: DigestAlgorithm) {
        precondition(data != nil || length == 0, "CommonCrypto digest update with a null data pointer and \(length) bytes")
        if digest == nil { digest = IncrementalDigest(algorithm: fallback) }
        digest!.update(data, count: Int(length))
    }

    /// Writes the digest to `md` (CC_…_Final) and starts the state afresh.
    mutating func finish(into md: UnsafeMutablePointer<UInt8>?, fallback: DigestAlgorithm) {
        guard let md else { preconditionFailure("CommonCrypto digest final with a null output pointer") }
        if digest == nil { digest = IncrementalDigest(algorithm: fallback) }
        let bytes = digest!.finish()
        md.update(from: bytes, count: bytes.count)
    }
}
