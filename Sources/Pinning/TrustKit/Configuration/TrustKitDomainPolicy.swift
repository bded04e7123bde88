import FoundationEssentials

/// One entry of TSKPinnedDomains after TrustKit's checks, with TrustKit's defaults filled in.
public struct TrustKitDomainPolicy: Sendable, Hashable {
    /// The domain, exactly as the configuration spells it (TrustKit looks hosts up case-sensitively).
    public let domain: String
    /// TSKPublicKeyHashes: distinct SPKI SHA-256 pins, in the order written.
    public let publicKeyHashes: [PublicKeyPin]
    /// TSKEnforcePinning (default true). False forgives a pin mismatch only, never an invalid chain.
    public let enforcePinning: Bool
    /// TSKIncludeSubdomains (default false).
    public let includeSubdomains: Bool
    /// kSKExcludeSubdomainFromParentPolicy: this exact name is not pinned, whatever its parent says.
    /// Such an entry has no other settings.
    public let excludeSubdomainFromParentPolicy: Bool
    /// TSKReportUris.
    public let reportURIs: [URL]
    /// TSKDisableDefaultReportUri (default false).
    public let disableDefaultReportURI: Bool
    /// TSKExpirationDate as UTC midnight of that day; nil when absent or unparsable (the pins never expire).
    public let expirationDate: Date?

    /// The policy of an excluded subdomain.
    static func excluded(_ domain: String) -> TrustKitDomainPolicy {
        TrustKitDomainPolicy(domain: domain, publicKeyHashes: [], enforcePinning: false, includeSubdomains: false,
                             excludeSubdomainFromParentPolicy: true, reportURIs: [], disableDefaultReportURI: false,
                             expirationDate: nil)
    }

    /// Creates a policy; `TrustKitConfiguration` applies TrustKit's checks, this does not.
    public init(domain: String, publicKeyHashes: [PublicKeyPin], enforcePinning: Bool = true,
                includeSubdomains: Bool = false, excludeSubdomainFromParentPolicy: Bool = false,
                reportURIs: [URL] = [], disableDefaultReportURI: Bool = false, expirationDate: Date? = nil)
    {
        self.domain = domain
        self.publicKeyHashes = PinSet(publicKeyHashes).pins
        self.enforcePinning = enforcePinning
        self.includeSubdomains = includeSubdomains
        self.excludeSubdomainFromParentPolicy = excludeSubdomainFromParentPolicy
        self.reportURIs = reportURIs
        self.disableDefaultReportURI = disableDefaultReportURI
        self.expirationDate = expirationDate
    }

    /// Where TrustKit sends reports for this domain: TSKReportUris, then the default URI unless disabled.
    public var effectiveReportURIs: [URL] {
        reportURIs + (disableDefaultReportURI ? [] : Self.defaultReportURL.map { [$0] } ?? [])
    }

    /// TrustKit's default report URI as a URL. A constant that always parses; an optional rather than a
    /// force-unwrap all the same, so that no Foundation lookup can stop the process.
    static let defaultReportURL = URL(string: TrustKitConfigurationKey.defaultReportURI)

    /// Whether the pins have expired at `date` (TrustKit compares with the wall clock: expirationDate < now).
    public func isExpired(at date: Date) -> Bool { expirationDate.map { $0 < date } ?? false }
}
