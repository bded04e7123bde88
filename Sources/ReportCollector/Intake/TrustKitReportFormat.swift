/// Which of TrustKit's report formats a body is. Each is what one family of TrustKit releases writes; the
/// decoder requires exactly the fields that format always carries.
public enum TrustKitReportFormat: String, Sendable, Hashable, CaseIterable {
    /// TrustKit 1.5 and later on Apple platforms (`TSKPinFailureReport -json`): every field, with
    /// `app-platform-version` and `known-pins-expiration-date` (JSON null when the pins never expire).
    case iOS = "ios"
    /// TrustKit 1.3–1.4 on Apple platforms and TrustKit's own `docs/sample_report.json`: no
    /// `known-pins-expiration-date`, and `app-platform-version` (1.5), `trustkit-version` and
    /// `enforce-pinning` (1.3.2) only in the releases that added them.
    case iOSLegacy = "ios-legacy"
    /// TrustKit-Android (`PinningFailureReport.toJson()`): `app-platform` `ANDROID`, a
    /// `served-certificate-chain` beside the validated one, no `app-platform-version` and no
    /// `known-pins-expiration-date`; `date-time` is the device's local time with a literal `Z`.
    case android = "android"
}
