import Foundation
import Pinning
import TrustCertificates

/// The fields of one TrustKit pin-failure report (`TSKPinFailureReport -json`), decoded from its exact JSON
/// (see `TrustKitPinFailureReport`, which writes it, and the spec's section 1.7).
public struct TrustKitReportBody: Sendable, Hashable {
    /// `app-bundle-id`.
    public var appBundleID: String
    /// `app-version`.
    public var appVersion: String
    /// `app-platform`.
    public var appPlatform: TrustKitAppPlatform
    /// `app-platform-version`.
    public var appPlatformVersion: String
    /// `app-vendor-id`: TrustKit's per-install random id.
    public var appVendorID: String
    /// `trustkit-version`.
    public var trustKitVersion: String
    /// `date-time`: when the app validated (the device's clock).
    public var dateTime: Date
    /// `hostname`.
    public var hostname: String
    /// `port`.
    public var port: Int
    /// `noted-hostname`: the pinned domain whose policy applied.
    public var notedHostname: String
    /// `include-subdomains`.
    public var includeSubdomains: Bool
    /// `enforce-pinning`.
    public var enforcePinning: Bool
    /// `validated-certificate-chain`: PEM strings, leaf first, as sent.
    public var validatedCertificateChain: [String]
    /// `known-pins`: `pin-sha256="<base64>"` strings, as sent.
    public var knownPins: [String]
    /// `validation-result`.
    public var validationResult: TrustKitEvaluationResult
    /// `known-pins-expiration-date` (`yyyy-MM-dd`, UTC midnight), or nil for JSON null.
    public var knownPinsExpirationDate: Date?

    public init(appBundleID: String, appVersion: String, appPlatform: TrustKitAppPlatform, appPlatformVersion: String,
                appVendorID: String, trustKitVersion: String, dateTime: Date, hostname: String, port: Int,
                notedHostname: String, includeSubdomains: Bool, enforcePinning: Bool,
                validatedCertificateChain: [String], knownPins: [String], validationResult: TrustKitEvaluationResult,
                knownPinsExpirationDate: Date?)
    {
        self.appBundleID = appBundleID
        self.appVersion = appVersion
        self.appPlatform = appPlatform
        self.appPlatformVersion = appPlatformVersion
        self.appVendorID = appVendorID
        self.trustKitVersion = trustKitVersion
        self.dateTime = dateTime
        self.hostname = hostname
        self.port = port
        self.notedHostname = notedHostname
        self.includeSubdomains = includeSubdomains
        self.enforcePinning = enforcePinning
        self.validatedCertificateChain = validatedCertificateChain
        self.knownPins = knownPins
        self.validationResult = validationResult
        self.knownPinsExpirationDate = knownPinsExpirationDate
    }

    /// The known pins as bare base64 SPKI hashes (`pin-sha256="X"` → `X`), in the order sent.
    public var knownPinHashes: [String] { knownPins.map { (try? PublicKeyPin(parsing: $0))?.base64 ?? $0 } }

    /// The deduplication key, lower-case hex SHA-256: one TrustKit install's rate-limiter identity in one window.
    ///
    /// TrustKit's `TSKReportsRateLimiter` sends a report at most once per 24 h window per identity
    /// `[notedHostname, hostname, port, validatedCertificateChain, knownPins, validationResult]`
    /// (`TrustKitReportIdentity`). That limiter lives in one app install, so the fleet-wide equivalent adds
    /// the install (`app-vendor-id`) and the window (the UTC day of `date-time`; TrustKit's window starts at
    /// app launch, which a collector cannot know). A copy with the same key is a resend (a retried upload, an
    /// app restart within the day), counted as a duplicate, never stored twice. Reports from different
    /// installs are different failures and are all kept.
    public var deduplicationKey: String {
        let window = Int((dateTime.timeIntervalSince1970 / TrustKitReportRateLimiter.window).rounded(.down))
        var fields: [String] = [appVendorID, notedHostname, hostname, String(port)]
        fields.append(String(validatedCertificateChain.count))
        fields += validatedCertificateChain
        fields.append(String(knownPins.count))
        fields += knownPins
        fields += [String(validationResult.rawValue), String(window)]
        // Each field is length-prefixed, so no two field lists encode to the same bytes.
        var bytes: [UInt8] = []
        for field in fields {
            let utf8 = Array(field.utf8)
            bytes += Array(String(utf8.count).utf8) + [0x3A] + utf8
        }
        return Hex.encode(SHA256.hash(bytes))
    }
}
