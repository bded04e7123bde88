/// TrustKit's configuration keys, with the literal strings `TSKTrustKitConfig.m` defines
/// (pinning-libraries.md 1.1). The same strings are the keys of a JSON configuration.
public enum TrustKitConfigurationKey: String, Sendable, CaseIterable {
    // Global keys, at the root of the configuration.

    /// `kTSKSwizzleNetworkDelegates` (BOOL, default NO).
    case swizzleNetworkDelegates = "TSKSwizzleNetworkDelegates"
    /// `kTSKPinnedDomains` (dictionary of domain → policy, required, not empty).
    case pinnedDomains = "TSKPinnedDomains"
    /// `kTSKIgnorePinningForUserDefinedTrustAnchors` (BOOL, default YES; read on macOS only).
    case ignorePinningForUserDefinedTrustAnchors = "TSKIgnorePinningForUserDefinedTrustAnchors"

    // Domain keys, in each entry of TSKPinnedDomains.

    /// `kTSKPublicKeyHashes` (array of base64 SPKI SHA-256 strings).
    case publicKeyHashes = "TSKPublicKeyHashes"
    /// `kTSKEnforcePinning` (BOOL, default YES; NO = report-only for a pin mismatch).
    case enforcePinning = "TSKEnforcePinning"
    /// `kTSKIncludeSubdomains` (BOOL, default NO).
    case includeSubdomains = "TSKIncludeSubdomains"
    /// `kTSKExcludeSubdomainFromParentPolicy` (BOOL). Its string really is `kSKExcludeSubdomainFromParentPolicy`,
    /// a typo in TSKTrustKitConfig.m since the key was added; the documented `TSKExcludeSubdomainFromParentPolicy`
    /// is not read by TrustKit (see `documentedExcludeSubdomainSpelling`).
    case excludeSubdomainFromParentPolicy = "kSKExcludeSubdomainFromParentPolicy"
    /// `kTSKReportUris` (array of URL strings).
    case reportUris = "TSKReportUris"
    /// `kTSKDisableDefaultReportUri` (BOOL, default NO).
    case disableDefaultReportUri = "TSKDisableDefaultReportUri"
    /// `kTSKExpirationDate` (string `yyyy-MM-dd`, UTC midnight).
    case expirationDate = "TSKExpirationDate"
    /// `kTSKPublicKeyAlgorithms`: deprecated in TrustKit 1.6.0 and ignored since.
    case publicKeyAlgorithms = "TSKPublicKeyAlgorithms"
    /// `kTSKAdditionalTrustAnchors`: existed in 1.5.0–1.5.3 only (DEBUG builds); ignored since.
    case additionalTrustAnchors = "TSKAdditionalTrustAnchors"

    /// The key of TrustKit's dictionary in an Info.plist.
    public static let infoPlistKey = "TSKConfiguration"
    /// The spelling TrustKit's documentation and `TrustKit.h` give for the exclusion key, which TrustKit never reads.
    public static let documentedExcludeSubdomainSpelling = "TSKExcludeSubdomainFromParentPolicy"
    /// The default report URI, used unless `TSKDisableDefaultReportUri` is YES.
    public static let defaultReportURI = "https://overmind.datatheorem.com/trustkit/report"

    /// Whether the key belongs at the root (otherwise in a domain entry).
    public var isGlobal: Bool {
        self == .swizzleNetworkDelegates || self == .pinnedDomains || self == .ignorePinningForUserDefinedTrustAnchors
    }
}
