/// CommonCrypto's `CC_SHA1_CTX`: the state of an incremental SHA-1 digest. `CC_SHA1_CTX()` then
/// `CC_SHA1_Init(&context)`, as with the C struct.
public struct CC_SHA1_CTX: Sendable {
    var state = DigestContextState()

    /// A context to pass to `CC_SHA1_Init`.
    public init() {}
}
