/// The `app-platform` values of TrustKit's reports.
public enum TrustKitAppPlatform: String, Sendable, Hashable, CaseIterable {
    /// iOS.
    case iOS = "IOS"
    /// tvOS.
    case tvOS = "TVOS"
    /// watchOS.
    case watchOS = "WATCHOS"
    /// macOS.
    case macOS = "MACOS"
}
