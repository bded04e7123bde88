import FoundationEssentials
import Pinning
import TrustCertificates

/// An app's App Transport Security configuration: the `NSAppTransportSecurity` dictionary of its
/// Info.plist, read as Apple's parser (`SecProtocolConfiguration.m`) reads it.
///
/// Apple skips what it cannot use without a word; `notes` says what was skipped, and `ATSLint` reports
/// it as findings. `policy(for:)` answers what a URL load must meet.
public struct ATSConfiguration: Sendable {
    /// The file the configuration came from, when it came from one.
    public let path: String?
    /// Whether the property list has an ATS dictionary at all (without one, every default applies).
    public let isPresent: Bool
    /// `NSAllowsArbitraryLoads`.
    public let allowsArbitraryLoads: ATSBoolean
    /// `NSAllowsArbitraryLoadsInWebContent`.
    public let allowsArbitraryLoadsInWebContent: ATSBoolean
    /// `NSAllowsArbitraryLoadsForMedia`.
    public let allowsArbitraryLoadsForMedia: ATSBoolean
    /// `NSAllowsLocalNetworking`.
    public let allowsLocalNetworking: ATSBoolean
    /// The top-level `NSRequiresCertificateTransparency` (obsolete).
    public let requiresCertificateTransparency: ATSBoolean
    /// The usable `NSExceptionDomains` entries, sorted by key.
    public let exceptionDomains: [ATSExceptionDomain]
    /// `NSPinnedDomains`, read by Pinning.
    public let pinnedDomains: PinnedDomains
    /// Every top-level key of the ATS dictionary, as written, sorted.
    public let keys: [String]
    /// The keys of each `NSPinnedDomains` entry that is a dictionary, as written, by domain.
    public let pinnedDomainKeys: [String: [String]]
    /// What Apple would skip silently, in words.
    public let notes: [String]

    /// A configuration with these settings (tests, programs that build one).
    public init(allowsArbitraryLoads: ATSBoolean = .absent, allowsArbitraryLoadsInWebContent: ATSBoolean = .absent,
                allowsArbitraryLoadsForMedia: ATSBoolean = .absent, allowsLocalNetworking: ATSBoolean = .absent,
                exceptionDomains: [ATSExceptionDomain] = [], pinnedDomains: PinnedDomains = PinnedDomains(domains: []))
    {
        path = nil
        isPresent = true
        self.allowsArbitraryLoads = allowsArbitraryLoads
        self.allowsArbitraryLoadsInWebContent = allowsArbitraryLoadsInWebContent
        self.allowsArbitraryLoadsForMedia = allowsArbitraryLoadsForMedia
        self.allowsLocalNetworking = allowsLocalNetworking
        requiresCertificateTransparency = .absent
        self.exceptionDomains = exceptionDomains.sorted { $0.domain < $1.domain }
        self.pinnedDomains = pinnedDomains
        keys = []
        pinnedDomainKeys = [:]
        notes = []
    }

    /// The configuration in a property list's bytes (XML or binary): an Info.plist, or its
    /// `NSAppTransportSecurity` dictionary alone (a top level with no `NSAppTransportSecurity` whose keys are
    /// all ATS keys). An Info.plist without ATS keys gives the defaults.
    public init(propertyList data: Data, path: String? = nil) throws(ATSError) {
        let root = try ATSPropertyList.root(data, path: path)
        guard let top = root as? [String: Any] else {
            throw ATSError(.notADictionary, path: path, problem: "the top level is \(ATSPropertyList.typeName(of: root)), not a dictionary")
        }
        let ats: [String: Any]
        if let value = top[ATSKey.appTransportSecurity] {
            guard let dictionary = value as? [String: Any] else {
                throw ATSError(.notADictionary, path: path, key: ATSKey.appTransportSecurity,
                               problem: "is \(ATSPropertyList.typeName(of: value)), not a dictionary (Apple ignores it: every default applies)")
            }
            ats = dictionary
            isPresent = true
        } else if !top.isEmpty, top.keys.allSatisfy(Self.looksLikeATSKey) {
            ats = top
            isPresent = true
        } else {
            ats = [:]
            isPresent = top.isEmpty
        }
        self.path = path
        allowsArbitraryLoads = ATSBoolean(ats, ATSKey.allowsArbitraryLoads)
        allowsArbitraryLoadsInWebContent = ATSBoolean(ats, ATSKey.allowsArbitraryLoadsInWebContent)
        allowsArbitraryLoadsForMedia = ATSBoolean(ats, ATSKey.allowsArbitraryLoadsForMedia)
        allowsLocalNetworking = ATSBoolean(ats, ATSKey.allowsLocalNetworking)
        requiresCertificateTransparency = ATSBoolean(ats, ATSKey.requiresCertificateTransparency)
        keys = ats.keys.sorted()
        var notes: [String] = []
        var domains: [ATSExceptionDomain] = []
        if let value = ats[ATSKey.exceptionDomains] {
            if let dictionary = value as? [String: Any] {
                for (domain, entry) in dictionary.sorted(by: { $0.key < $1.key }) {
                    guard let entry = entry as? [String: Any] else {
                        notes.append("\(ATSKey.exceptionDomains)[\"\(domain)\"] is \(ATSPropertyList.typeName(of: entry)), not a dictionary: Apple skips it")
                        continue
                    }
                    domains.append(ATSExceptionDomain(domain: domain, dictionary: entry))
                }
            } else {
                notes.append("\(ATSKey.exceptionDomains) is \(ATSPropertyList.typeName(of: value)), not a dictionary: Apple skips it")
            }
        }
        exceptionDomains = domains
        pinnedDomains = PinnedDomains(appTransportSecurity: ats)
        pinnedDomainKeys = ((ats[ATSKey.pinnedDomains] as? [String: Any]) ?? [:])
            .compactMapValues { ($0 as? [String: Any])?.keys.sorted() }
        self.notes = notes + pinnedDomains.warnings
    }

    /// The configuration of the Info.plist (or ATS dictionary) at `path`, bounded in size.
    public init(contentsOfFile path: String) throws(ATSError) {
        let bytes: [UInt8]
        do {
            bytes = try CertificateLoader.read(path, limit: ATSPropertyList.maximumFileSize)
        } catch {
            throw ATSError(.unreadable, path: path, problem: error.problem)
        }
        try self.init(propertyList: Data(bytes), path: path)
    }

    /// Whether a top-level key belongs to an ATS dictionary rather than an Info.plist.
    private static func looksLikeATSKey(_ key: String) -> Bool {
        ATSKey.topLevel.contains(key) || key.hasPrefix("NSAllows") || key.hasPrefix("NSException") || key.hasPrefix("NSPinned")
    }

    /// Whether `NSAllowsArbitraryLoads` takes effect: a boolean true, with none of `…InWebContent`,
    /// `…ForMedia` and `NSAllowsLocalNetworking` present (any value of those makes Apple ignore it).
    public var arbitraryLoadsInEffect: Bool {
        allowsArbitraryLoads.isTrue && ignoringArbitraryLoadsKey == nil
    }

    /// The first key present that makes Apple ignore `NSAllowsArbitraryLoads`; nil when none is.
    public var ignoringArbitraryLoadsKey: String? {
        if allowsArbitraryLoadsInWebContent.isPresent { return ATSKey.allowsArbitraryLoadsInWebContent }
        if allowsArbitraryLoadsForMedia.isPresent { return ATSKey.allowsArbitraryLoadsForMedia }
        if allowsLocalNetworking.isPresent { return ATSKey.allowsLocalNetworking }
        return nil
    }

    /// The exceptions in force: the app's, then Apple's built-in ones whose key the app does not use.
    public var effectiveExceptionDomains: [ATSExceptionDomain] {
        exceptionDomains + ATSExceptionDomain.builtIn.filter { builtIn in !exceptionDomains.contains { $0.domain == builtIn.domain } }
    }

    /// The exception that governs `host` (lowercase, no trailing-dot removal: Apple's lookup is exact):
    /// for a name, the entry with that exact key, else the nearest ancestor whose entry has
    /// `NSIncludesSubdomains` true, at any depth (entries without it are passed over); for an address, the
    /// entry whose key is that address, else the CIDR range with the longest prefix that contains it.
    public func exception(forHost host: String) -> ATSExceptionDomain? {
        let entries = effectiveExceptionDomains
        if let address = ATSHost.address(host) {
            if let exact = entries.first(where: { ATSHost.address($0.domain) == address }) { return exact }
            return entries.compactMap { entry -> (ATSExceptionDomain, Int)? in
                guard let prefix = ATSHost.cidrPrefix(entry.domain, contains: address) else { return nil }
                return (entry, prefix)
            }.max { $0.1 < $1.1 }?.0
        }
        if let exact = entries.first(where: { $0.domain == host }) { return exact }
        var name = Substring(host)
        while let dot = name.firstIndex(of: ".") {
            name = name[name.index(after: dot)...]
            if let entry = entries.first(where: { $0.domain == name && $0.includesSubdomains.isTrue }) { return entry }
        }
        return nil
    }

    /// What a load of `url` must meet, and which key decided each requirement.
    public func policy(for url: String) throws(ATSError) -> ATSPolicy {
        try ATSPolicy(url: url, configuration: self)
    }
}
