/// A report's `app-platform`, exactly as the report says it: `IOS`, `TVOS`, `WATCHOS`, `MACOS` (and `OSX`
/// from TrustKit 1.3–1.4 on macOS) from TrustKit, `ANDROID` from TrustKit-Android, or whatever a later
/// release sends. Kept as text, so a platform this collector has not heard of is stored and shown, not
/// refused.
public struct ReportPlatform: RawRepresentable, Sendable, Hashable {
    /// TrustKit on iOS (`TSKBackgroundReporter`'s `@"IOS"`).
    public static let iOS = ReportPlatform(rawValue: "IOS")
    /// TrustKit-Android (`PinningFailureReport.APP_PLATFORM`).
    public static let android = ReportPlatform(rawValue: "ANDROID")

    /// The longest value accepted: 32 characters, far past any platform name and short enough to bound
    /// what one report adds to every grouping by platform.
    public static let maximumLength = 32

    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// Whether `text` can be a platform name: 1 to 32 ASCII letters, digits, `_` or `-` (every value TrustKit
    /// and TrustKit-Android have sent is upper-case letters).
    static func isValid(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= maximumLength
            && text.utf8.allSatisfy { $0.isASCIILetterOrDigit || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }
}

private extension UInt8 {
    var isASCIILetterOrDigit: Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
