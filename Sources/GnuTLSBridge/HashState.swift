import CGnuTLS

/// An incremental digest (gnutls_hash_init / gnutls_hash / gnutls_hash_output): the state behind
/// CommonCrypto's CC_SHA256_CTX and its kin. Not thread-safe: one owner at a time, and `copy()` for another.
public final class HashState {
    /// The algorithm this state digests with.
    public let algorithm: DigestAlgorithm
    private let handle: gnutls_hash_hd_t

    /// A fresh state. GnuTLS fails only on allocation failure or an algorithm it was built without; every
    /// ``DigestAlgorithm`` is in Debian's build, so both are unrecoverable.
    public init(algorithm: DigestAlgorithm) {
        var handle: gnutls_hash_hd_t?
        let rc = gnutls_hash_init(&handle, algorithm.gnutls)
        guard rc == 0, let handle else { preconditionFailure("gnutls_hash_init failed: \(rc)") }
        self.algorithm = algorithm
        self.handle = handle
    }

    private init(algorithm: DigestAlgorithm, handle: gnutls_hash_hd_t) {
        self.algorithm = algorithm
        self.handle = handle
    }

    deinit { gnutls_hash_deinit(handle, nil) }

    /// An independent state holding what this one has absorbed so far.
    public func copy() -> HashState {
        guard let copied = gnutls_hash_copy(handle) else { preconditionFailure("gnutls_hash_copy failed") }
        return HashState(algorithm: algorithm, handle: copied)
    }

    /// Absorbs `count` bytes at `bytes` (nothing when `count` is 0, whatever `bytes` is).
    public func update(_ bytes: UnsafeRawPointer?, count: Int) {
        guard count > 0, let bytes else { return }
        let rc = gnutls_hash(handle, bytes, count)
        precondition(rc == 0, "gnutls_hash failed: \(rc)")
    }

    /// The digest of everything absorbed, which starts the state afresh (gnutls_hash_output resets it).
    public func finish() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: algorithm.length)
        out.withUnsafeMutableBytes { gnutls_hash_output(handle, $0.baseAddress) }
        return out
    }
}
