import FoundationEssentials

/// The app fields of a TrustKit report. The defaults are what TrustKit sends without a main bundle
/// (its unit tests): bundle id `N/A`, empty version, vendor id `unit-tests`.
public struct TrustKitAppInfo: Sendable, Hashable {
    /// The version TrustKit's `TrustKitVersion` constant has at the release this module follows.
    public static let trustKitVersion = "3.0.0"

    /// `app-bundle-id`: CFBundleIdentifier.
    public var bundleIdentifier: String
    /// `app-version`: CFBundleShortVersionString.
    public var version: String
    /// `app-vendor-id`: TrustKit's random UUID kept in NSUserDefaults (`TSKVendorIdentifier`), not IDFV.
    public var vendorIdentifier: String
    /// `app-platform`.
    public var platform: TrustKitAppPlatform
    /// `app-platform-version`: `major.minor.patch` of the OS.
    public var platformVersion: String
    /// `trustkit-version`.
    public var trustKitVersion: String

    /// App fields; the platform version defaults to this machine's, formatted as TrustKit formats it.
    public init(bundleIdentifier: String = "N/A", version: String = "", vendorIdentifier: String = "unit-tests",
                platform: TrustKitAppPlatform = .iOS, platformVersion: String? = nil,
                trustKitVersion: String = TrustKitAppInfo.trustKitVersion)
    {
        self.bundleIdentifier = bundleIdentifier
        self.version = version
        self.vendorIdentifier = vendorIdentifier
        self.platform = platform
        let os = ProcessInfo.processInfo.operatingSystemVersion
        self.platformVersion = platformVersion ?? "\(os.majorVersion).\(os.minorVersion).\(os.patchVersion)"
        self.trustKitVersion = trustKitVersion
    }
}
