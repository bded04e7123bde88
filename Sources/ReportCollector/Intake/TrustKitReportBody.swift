import Foundation
import Pinning
import TrustCertificates

/// The fields of one TrustKit pin-failure report, in one form whatever the format it came in: TrustKit's
/// (`TSKPinFailureReport -json`; see `TrustKitPinFailureReport`, which writes it, and the spec's section
/// 1.7), TrustKit's older releases', or TrustKit-Android's (`PinningFailureReport.toJson()`). A field the
/// report's format does not carry is nil, never a made-up value.
public struct TrustKitReportBody: Sendable, Hashable {
    /// The format the body came in.
    public var format: TrustKitReportFormat
    /// `app-bundle-id`.
    public var appBundleID: String
    /// `app-version`.
    public var appVersion: String
    /// `app-platform`, as sent (`IOS`, `ANDROID`, …).
    public var appPlatform: ReportPlatform
    /// `app-platform-version`; nil from TrustKit-Android and TrustKit before 1.5.
    public var appPlatformVersion: String?
    /// `app-vendor-id`: the per-install random UUID both TrustKits keep (TrustKit's `TSKVendorIdentifier`
    /// user default, TrustKit-Android's `TRUSTKIT_VENDOR_ID` preference).
    public var appVendorID: String
    /// `trustkit-version`; nil from TrustKit before 1.3.2.
    public var trustKitVersion: String?
    /// `date-time`: when the app validated (the device's clock). TrustKit-Android writes the device's local
    /// wall-clock time with a literal `Z` and no offset, so its reports' times are read as UTC and may be
    /// off by the device's UTC offset (at most 14 h).
    public var dateTime: Date
    /// `hostname`.
    public var hostname: String
    /// `port`.
    public var port: Int
    /// `noted-hostname`: the pinned domain whose policy applied.
    public var notedHostname: String
    /// `include-subdomains`.
    public var includeSubdomains: Bool
    /// `enforce-pinning`; nil from TrustKit before 1.3.2.
    public var enforcePinning: Bool?
    /// `validated-certificate-chain`: PEM strings, leaf first, as sent.
    public var validatedCertificateChain: [String]
    /// `served-certificate-chain`: the chain the server presented, PEM strings as sent; only
    /// TrustKit-Android sends it (nil otherwise).
    public var servedCertificateChain: [String]?
    /// `known-pins`: `pin-sha256="<base64>"` strings, as sent.
    public var knownPins: [String]
    /// `validation-result`.
    public var validationResult: TrustKitEvaluationResult
    /// `known-pins-expiration-date` (`yyyy-MM-dd`, UTC midnight); nil for JSON null, and in the formats
    /// without the field.
    public var knownPinsExpirationDate: Date?

    public init(appBundleID: String, appVersion: String, appPlatform: ReportPlatform, appPlatformVersion: String?,
                appVendorID: String, trustKitVersion: String?, dateTime: Date, hostname: String, port: Int,
                notedHostname: String, includeSubdomains: Bool, enforcePinning: Bool?,
                validatedCertificateChain: [String], knownPins: [String], validationResult: TrustKitEvaluationResult,
                knownPinsExpirationDate: Date?, servedCertificateChain: [String]? = nil, format: TrustKitReportFormat = .iOS)
    {
        self.format = format
        self.servedCertificateChain = servedCertificateChain
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
    public var knownPinHashes: [String] { knownPins.map(Self.pinHash) }

    /// A known pin as bare base64, whatever form the report wrote it in (kept as written when unreadable).
    static func pinHash(_ knownPin: String) -> String { (try? PublicKeyPin(parsing: knownPin))?.base64 ?? knownPin }

    /// The deduplication key, lower-case hex SHA-256: one TrustKit install's rate-limiter identity in one window.
    ///
    /// TrustKit's `TSKReportsRateLimiter` sends a report at most once per 24 h window per identity
    /// `[notedHostname, hostname, port, validatedCertificateChain, knownPins, validationResult]`
    /// (`TrustKitReportIdentity`). That limiter lives in one app install, so the fleet-wide equivalent adds
    /// the install (`app-vendor-id`) and the window (the UTC day of `date-time`; TrustKit's window starts at
    /// app launch, which a collector cannot know). A copy with the same key is a resend (a retried upload, an
    /// app restart within the day), counted as a duplicate, never stored twice. Reports from different
    /// installs are different failures and are all kept.
    ///
    /// TrustKit-Android's `ReportRateLimiter` keys on `[notedHostname, serverHostname, serverPort,
    /// validatedCertificateChain, validationResult]` — no known pins (they come from a `Set`, in no fixed
    /// order) — within 24 h, so its reports' key is that identity, the install and the day, marked as
    /// Android's so it never equals an Apple report's. Its day is the device's local day (see `dateTime`),
    /// the same for every resend from one device. The Apple formats share one key, unchanged from the
    /// stores' first version, so a resend is a duplicate of a report stored before.
    public var deduplicationKey: String {
        let window = Int((dateTime.timeIntervalSince1970 / TrustKitReportRateLimiter.window).rounded(.down))
        var fields: [String] = format == .android ? [ReportPlatform.android.rawValue] : []
        fields += [appVendorID, notedHostname, hostname, String(port)]
        fields.append(String(validatedCertificateChain.count))
        fields += validatedCertificateChain
        if format != .android {
            fields.append(String(knownPins.count))
            fields += knownPins
        }
        fields += [String(validationResult.rawValue), String(window)]
        return FieldDigest.sha256Hex(fields)
    }
}
