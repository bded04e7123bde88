/// CommonCrypto's `CC_SHA512_CTX`: the state of an incremental SHA-384 and SHA-512 digest. `CC_SHA512_CTX()` then
/// `CC_SHA512_Init(&context)`, as with the C struct.
public struct CC_SHA512_CTX: Sendable {
    var state = DigestContextState()

    /// A context to pass to `CC_SHA512_Init`.
    public init() {}
}
