/// AFNetworking's `AFSSLPinningMode`, with its raw values.
public enum AFSSLPinningMode: UInt, Sendable, Hashable, CaseIterable {
    /// `AFSSLPinningModeNone`: default validation only.
    case none = 0
    /// `AFSSLPinningModePublicKey`: a key of the chain must be a pinned certificate's key.
    case publicKey = 1
    /// `AFSSLPinningModeCertificate`: the chain must end at a pinned certificate.
    case certificate = 2
}
