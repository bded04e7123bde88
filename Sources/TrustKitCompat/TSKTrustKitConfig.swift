// TrustKit's configuration constants (TSKTrustKitConfig.h / .m), with TrustKit's exact string values.

/// The version of TrustKit whose API and reports this module reproduces, such as "3.0.0"; reports carry it as
/// `trustkit-version`.
public let TrustKitVersion = "3.0.0"

/// A global, app-wide configuration key (`TSKGlobalConfigurationKey`, an `NSString *` in TrustKit).
public typealias TSKGlobalConfigurationKey = String

/// A domain-specific configuration key, set for a domain under `kTSKPinnedDomains` (`TSKDomainConfigurationKey`).
public typealias TSKDomainConfigurationKey = String

// MARK: Global configuration keys

/// A boolean. In TrustKit, `true` swizzles the app's NSURLConnection and NSURLSession delegates so that pinning
/// runs without code in the delegates; it is allowed only for the shared instance (default `false`).
///
/// On Linux there is no Objective-C runtime to swizzle: the key is accepted, checked as TrustKit checks it
/// (`true` on an instance made with `init(configuration:)` stops the program), and has no effect. Delegates
/// must call `TSKPinningValidator.handle(_:completionHandler:)` themselves, which is what TrustKit recommends
/// for anything but simple apps.
public let kTSKSwizzleNetworkDelegates: TSKGlobalConfigurationKey = "TSKSwizzleNetworkDelegates"

/// A dictionary: domain (such as "www.domain.com") → that domain's settings (the `TSKDomainConfigurationKey`s).
public let kTSKPinnedDomains: TSKGlobalConfigurationKey = "TSKPinnedDomains"

/// A boolean, macOS only in TrustKit (default `true`): skip pinning when the chain ends at a user-defined trust
/// anchor. Accepted and ignored on Linux, as on iOS: there are no user trust settings.
public let kTSKIgnorePinningForUserDefinedTrustAnchors: TSKGlobalConfigurationKey = "TSKIgnorePinningForUserDefinedTrustAnchors"

// MARK: Domain configuration keys

/// An array of pins: base64 SHA-256 hashes of a Subject Public Key Info. At least one must be on the server's
/// evaluated chain; TrustKit requires two (a backup pin) when pinning is enforced, one otherwise.
public let kTSKPublicKeyHashes: TSKDomainConfigurationKey = "TSKPublicKeyHashes"

/// A boolean (default `true`). `false` allows a connection whose chain is valid but carries none of the pins
/// (a report is still sent); an invalid chain is blocked either way.
public let kTSKEnforcePinning: TSKDomainConfigurationKey = "TSKEnforcePinning"

/// A boolean (default `false`): the policy also applies to every subdomain of the domain.
public let kTSKIncludeSubdomains: TSKDomainConfigurationKey = "TSKIncludeSubdomains"

/// A boolean: this exact subdomain is not pinned although a parent's policy includes subdomains. It must be
/// the entry's only key. Its value is TrustKit's, typo included: `kSKExcludeSubdomainFromParentPolicy`.
public let kTSKExcludeSubdomainFromParentPolicy: TSKDomainConfigurationKey = "kSKExcludeSubdomainFromParentPolicy"

/// An array of URL strings to which pin validation failures are reported (rate-limited to one identical report
/// per 24 hours).
public let kTSKReportUris: TSKDomainConfigurationKey = "TSKReportUris"

/// A boolean (default `false`): do not also send reports to TrustKit's default report server
/// (`https://overmind.datatheorem.com/trustkit/report`, run by Data Theorem).
public let kTSKDisableDefaultReportUri: TSKDomainConfigurationKey = "TSKDisableDefaultReportUri"

/// A string, `yyyy-MM-dd` (UTC): the day the domain's pins expire; from then on the domain is not pinned.
/// A value that is not such a date is ignored, as TrustKit ignores it (the pins never expire).
public let kTSKExpirationDate: TSKDomainConfigurationKey = "TSKExpirationDate"

/// Deprecated since TrustKit 1.6.0 and ignored: the algorithms of the pinned keys.
@available(*, deprecated, message: "Starting with TrustKit 1.6.0, key algorithms no longer need to be specified; remove TSKPublicKeyAlgorithms from your configuration.")
public let kTSKPublicKeyAlgorithms: TSKDomainConfigurationKey = "TSKPublicKeyAlgorithms"

// MARK: Deprecated public key algorithms

/// Deprecated since TrustKit 1.6.0: a public key algorithm for `kTSKPublicKeyAlgorithms`.
@available(*, deprecated, message: "Starting with TrustKit 1.6.0, key algorithms no longer need to be specified; remove TSKSupportedAlgorithm from your configuration.")
public typealias TSKSupportedAlgorithm = String

/// Deprecated: RSA 2048.
@available(*, deprecated, message: "Starting with TrustKit 1.6.0, key algorithms no longer need to be specified; remove TSKPublicKeyAlgorithms from your configuration.")
public let kTSKAlgorithmRsa2048 = "TSKAlgorithmRsa2048"

/// Deprecated: RSA 4096.
@available(*, deprecated, message: "Starting with TrustKit 1.6.0, key algorithms no longer need to be specified; remove TSKPublicKeyAlgorithms from your configuration.")
public let kTSKAlgorithmRsa4096 = "TSKAlgorithmRsa4096"

/// Deprecated: ECDSA with the secp256r1 curve.
@available(*, deprecated, message: "Starting with TrustKit 1.6.0, key algorithms no longer need to be specified; remove TSKPublicKeyAlgorithms from your configuration.")
public let kTSKAlgorithmEcDsaSecp256r1 = "TSKAlgorithmEcDsaSecp256r1"

/// Deprecated: ECDSA with the secp384r1 curve.
@available(*, deprecated, message: "Starting with TrustKit 1.6.0, key algorithms no longer need to be specified; remove TSKPublicKeyAlgorithms from your configuration.")
public let kTSKAlgorithmEcDsaSecp384r1 = "TSKAlgorithmEcDsaSecp384r1"
