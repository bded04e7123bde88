/// CommonCrypto's `CC_MD5_CTX`: the state of an incremental MD5 digest. `CC_MD5_CTX()` then
/// `CC_MD5_Init(&context)`, as with the C struct.
public struct CC_MD5_CTX: Sendable {
    var state = DigestContextState()

    /// A context to pass to `CC_MD5_Init`.
    public init() {}
}
