/// CommonCrypto's `CC_SHA256_CTX`: the state of an incremental SHA-224 and SHA-256 digest. `CC_SHA256_CTX()` then
/// `CC_SHA256_Init(&context)`, as with the C struct.
public struct CC_SHA256_CTX: Sendable {
    var state = DigestContextState()

    /// A context to pass to `CC_SHA256_Init`.
    public init() {}
}
