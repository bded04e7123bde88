/// The key names of an `NSAppTransportSecurity` dictionary, as Apple spells them.
public enum ATSKey {
    /// The dictionary in an Info.plist.
    public static let appTransportSecurity = "NSAppTransportSecurity"
    /// Top level: TLS not required for any host (unless one of the three keys after it is present).
    public static let allowsArbitraryLoads = "NSAllowsArbitraryLoads"
    /// Top level: relaxes ATS inside web views only; its presence disables `NSAllowsArbitraryLoads`.
    public static let allowsArbitraryLoadsInWebContent = "NSAllowsArbitraryLoadsInWebContent"
    /// Top level: relaxes ATS for AV Foundation media only; its presence disables `NSAllowsArbitraryLoads`.
    public static let allowsArbitraryLoadsForMedia = "NSAllowsArbitraryLoadsForMedia"
    /// Top level: local hosts need no TLS unless it is NO; its presence disables `NSAllowsArbitraryLoads`.
    public static let allowsLocalNetworking = "NSAllowsLocalNetworking"
    /// Top level: host → exception dictionary.
    public static let exceptionDomains = "NSExceptionDomains"
    /// Top level: host → declarative pins.
    public static let pinnedDomains = "NSPinnedDomains"
    /// Top level and per domain: obsolete (the system enforces Certificate Transparency itself).
    public static let requiresCertificateTransparency = "NSRequiresCertificateTransparency"

    /// Per domain: the entry covers subdomains.
    public static let includesSubdomains = "NSIncludesSubdomains"
    /// Per domain: http:// allowed, server trust may be loosened by the app.
    public static let exceptionAllowsInsecureHTTPLoads = "NSExceptionAllowsInsecureHTTPLoads"
    /// Per domain: the lowest TLS version accepted.
    public static let exceptionMinimumTLSVersion = "NSExceptionMinimumTLSVersion"
    /// Per domain: NO also accepts RSA key exchange and lifts the key-size minimum.
    public static let exceptionRequiresForwardSecrecy = "NSExceptionRequiresForwardSecrecy"

    /// The top-level keys Apple reads.
    public static let topLevel = [allowsArbitraryLoads, allowsArbitraryLoadsInWebContent, allowsArbitraryLoadsForMedia,
                                  allowsLocalNetworking, exceptionDomains, pinnedDomains, requiresCertificateTransparency]
    /// The per-domain keys Apple reads (`NSRequiresCertificateTransparency` is obsolete but documented).
    public static let perDomain = [includesSubdomains, exceptionAllowsInsecureHTTPLoads, exceptionMinimumTLSVersion,
                                   exceptionRequiresForwardSecrecy, requiresCertificateTransparency]
    /// The iOS 9 era variants of the per-domain keys (`NSTemporaryException…`, `NSThirdPartyException…`), with
    /// the key each stood for. Apple's current parser reads only the `NSException…` names.
    public static let legacyPerDomain: [String: String] = [
        "NSTemporaryExceptionAllowsInsecureHTTPLoads": exceptionAllowsInsecureHTTPLoads,
        "NSTemporaryExceptionMinimumTLSVersion": exceptionMinimumTLSVersion,
        "NSTemporaryExceptionRequiresForwardSecrecy": exceptionRequiresForwardSecrecy,
        "NSThirdPartyExceptionAllowsInsecureHTTPLoads": exceptionAllowsInsecureHTTPLoads,
        "NSThirdPartyExceptionMinimumTLSVersion": exceptionMinimumTLSVersion,
        "NSThirdPartyExceptionRequiresForwardSecrecy": exceptionRequiresForwardSecrecy,
        "NSTemporaryThirdPartyExceptionAllowsInsecureHTTPLoads": exceptionAllowsInsecureHTTPLoads,
        "NSTemporaryThirdPartyExceptionMinimumTLSVersion": exceptionMinimumTLSVersion,
        "NSTemporaryThirdPartyExceptionRequiresForwardSecrecy": exceptionRequiresForwardSecrecy,
    ]
    /// The keys of one `NSPinnedDomains` entry.
    public static let perPinnedDomain = [includesSubdomains, "NSPinnedLeafIdentities", "NSPinnedCAIdentities"]
}
