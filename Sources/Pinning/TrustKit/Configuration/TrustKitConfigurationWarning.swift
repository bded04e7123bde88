/// Something TrustKit accepts without a word but that probably does not do what its author meant:
/// a key TrustKit ignores, or an expiration date it cannot parse and so drops.
public struct TrustKitConfigurationWarning: Sendable, Hashable, CustomStringConvertible {
    /// Stable identifiers.
    public enum Code: String, Sendable, Hashable {
        /// A key TrustKit does not read at all (a misspelling, or another library's key).
        case unknownKey = "unknown-key"
        /// The documented `TSKExcludeSubdomainFromParentPolicy`: TrustKit reads only `kSKExcludeSubdomainFromParentPolicy`.
        case documentedExcludeSpelling = "documented-exclude-spelling"
        /// TSKPublicKeyAlgorithms: ignored since TrustKit 1.6.0.
        case deprecatedKey = "deprecated-key"
        /// TSKAdditionalTrustAnchors: removed in TrustKit 1.6.0.
        case removedKey = "removed-key"
        /// A TSKExpirationDate that is not `yyyy-MM-dd`: TrustKit drops it, so the pins never expire.
        case unparsableExpirationDate = "unparsable-expiration-date"
        /// TSKSwizzleNetworkDelegates is YES: only TrustKit's shared instance may swizzle.
        case swizzlingRequiresSharedInstance = "swizzling-requires-shared-instance"
    }

    /// Which warning it is.
    public let code: Code
    /// The key concerned, as written.
    public let key: String
    /// The pinned domain concerned; nil for a global key.
    public let domain: String?
    /// What TrustKit does with it, in words.
    public let message: String

    /// `TSKPinnedDomains["<domain>"].<key>: <message>`.
    public var description: String {
        (domain.map { "\(TrustKitConfigurationKey.pinnedDomains.rawValue)[\"\($0)\"]." } ?? "") + "\(key): \(message)"
    }
}
