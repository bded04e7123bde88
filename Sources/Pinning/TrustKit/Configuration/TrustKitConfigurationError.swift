import FoundationEssentials

/// Why a TrustKit configuration was refused: a stable code, the key and the domain concerned, the file
/// it came from, and TrustKit's own exception message where TrustKit refuses it too.
public struct TrustKitConfigurationError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// Stable identifiers. The first group are TrustKit's own refusals (its exception
    /// `TrustKit configuration invalid`), the rest are input TrustKit would crash on or never see.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// TSKPinnedDomains is missing or empty.
        case noPinnedDomains = "no-pinned-domains"
        /// A domain whose registry length is 0 (`localhost`, `.local`, `.test`, an IP address…).
        case invalidDomain = "invalid-domain"
        /// kSKExcludeSubdomainFromParentPolicy beside other keys.
        case excludedDomainHasOtherKeys = "excluded-domain-has-other-keys"
        /// TSKIncludeSubdomains on a public suffix.
        case includeSubdomainsOnPublicSuffix = "include-subdomains-on-public-suffix"
        /// A TSKReportUris entry that is not a URL.
        case invalidReportURI = "invalid-report-uri"
        /// A TSKPublicKeyHashes entry that does not decode to 32 bytes.
        case invalidPin = "invalid-pin"
        /// Fewer distinct pins than TrustKit requires (2 when enforcing, 1 otherwise).
        case tooFewPins = "too-few-pins"
        /// An excluded domain with no includeSubdomains parent policy.
        case excludedDomainWithoutParent = "excluded-domain-without-parent"
        /// A value of the wrong type (TrustKit would raise an Objective-C exception or misread it).
        case wrongType = "wrong-type"
        /// The file could not be read, or is too large.
        case unreadable = "unreadable"
        /// The bytes are neither a JSON object nor a property list dictionary.
        case notAConfiguration = "not-a-configuration"
        /// A key occurs twice in one dictionary (JSON object, XML or binary plist dict): Foundation's JSON
        /// reader keeps the first value and its property list reader the last, so such a file means one
        /// configuration in one format and another in the other. `key` is the key's dotted path.
        case duplicateKey = "duplicate-key"
        /// The Public Suffix List could not be read, so no domain can be checked.
        case publicSuffixListMissing = "public-suffix-list-missing"
    }

    /// Which problem it is.
    public let code: Code
    /// The configuration key concerned, when there is one (its literal string).
    public let key: String?
    /// The pinned domain concerned, when there is one.
    public let domain: String?
    /// The file the configuration came from, when it came from one.
    public let path: String?
    /// What is wrong, in words.
    public let problem: String
    /// TrustKit's exception reason, verbatim, when TrustKit refuses the configuration for the same reason.
    public let trustKitMessage: String?

    init(_ code: Code, key: TrustKitConfigurationKey? = nil, keyString: String? = nil, domain: String? = nil,
         problem: String, trustKitMessage: String? = nil)
    {
        self.code = code
        self.key = key?.rawValue ?? keyString
        self.domain = domain
        self.path = nil
        self.problem = problem
        self.trustKitMessage = trustKitMessage
    }

    private init(copying error: TrustKitConfigurationError, path: String?) {
        code = error.code
        key = error.key
        domain = error.domain
        self.path = path
        problem = error.problem
        trustKitMessage = error.trustKitMessage
    }

    /// The same error, naming the file it came from.
    func from(path: String?) -> TrustKitConfigurationError { TrustKitConfigurationError(copying: self, path: path) }

    /// `<path>: TSKPinnedDomains["<domain>"].<key>: <problem>`, with the parts that apply.
    public var description: String {
        var location: [String] = []
        if let domain { location.append("\(TrustKitConfigurationKey.pinnedDomains.rawValue)[\"\(domain)\"]") }
        if let key { location.append(key) }
        let place = location.joined(separator: ".")
        return (path.map { "\($0): " } ?? "") + (place.isEmpty ? "" : place + ": ") + problem
    }

    /// The same as `description`.
    public var errorDescription: String? { description }
}
