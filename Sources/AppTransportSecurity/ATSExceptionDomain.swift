/// One `NSExceptionDomains` entry (or one of Apple's built-in exceptions), as Apple's parser reads it.
public struct ATSExceptionDomain: Sendable, Hashable {
    /// The key, as written: a DNS name (looked up case-sensitively, so it must be lowercase), an IP address,
    /// or a CIDR range (`10.0.0.0/8`).
    public let domain: String
    /// `NSIncludesSubdomains`: only a boolean true covers subdomains.
    public let includesSubdomains: ATSBoolean
    /// `NSExceptionAllowsInsecureHTTPLoads`.
    public let allowsInsecureHTTPLoads: ATSBoolean
    /// `NSExceptionMinimumTLSVersion` as written (nil: absent; a non-string is kept as its type's name).
    public let minimumTLSVersionText: String?
    /// The version it names; nil when absent or not one of Apple's four spellings (then TLS 1.2 applies).
    public let minimumTLSVersion: ATSTLSVersion?
    /// `NSExceptionRequiresForwardSecrecy`: only a boolean false lifts the requirement.
    public let requiresForwardSecrecy: ATSBoolean
    /// Every key of the entry, as written, sorted.
    public let keys: [String]
    /// One of the exceptions Apple registers for its own services (an app entry with the same key replaces it).
    public let isBuiltIn: Bool

    /// An entry with these settings.
    public init(domain: String, includesSubdomains: ATSBoolean = .absent, allowsInsecureHTTPLoads: ATSBoolean = .absent,
                minimumTLSVersion: ATSTLSVersion? = nil, requiresForwardSecrecy: ATSBoolean = .absent, isBuiltIn: Bool = false)
    {
        self.domain = domain
        self.includesSubdomains = includesSubdomains
        self.allowsInsecureHTTPLoads = allowsInsecureHTTPLoads
        minimumTLSVersionText = minimumTLSVersion?.plistValue
        self.minimumTLSVersion = minimumTLSVersion
        self.requiresForwardSecrecy = requiresForwardSecrecy
        var keys: [String] = []
        if includesSubdomains.isPresent { keys.append(ATSKey.includesSubdomains) }
        if allowsInsecureHTTPLoads.isPresent { keys.append(ATSKey.exceptionAllowsInsecureHTTPLoads) }
        if minimumTLSVersion != nil { keys.append(ATSKey.exceptionMinimumTLSVersion) }
        if requiresForwardSecrecy.isPresent { keys.append(ATSKey.exceptionRequiresForwardSecrecy) }
        self.keys = keys.sorted()
        self.isBuiltIn = isBuiltIn
    }

    /// The entry `dictionary` holds for `domain`.
    init(domain: String, dictionary: [String: Any]) {
        self.domain = domain
        includesSubdomains = ATSBoolean(dictionary, ATSKey.includesSubdomains)
        allowsInsecureHTTPLoads = ATSBoolean(dictionary, ATSKey.exceptionAllowsInsecureHTTPLoads)
        requiresForwardSecrecy = ATSBoolean(dictionary, ATSKey.exceptionRequiresForwardSecrecy)
        switch dictionary[ATSKey.exceptionMinimumTLSVersion] {
        case nil:
            minimumTLSVersionText = nil
            minimumTLSVersion = nil
        case let text as String:
            minimumTLSVersionText = text
            minimumTLSVersion = ATSTLSVersion(plistValue: text)
        case let other?:
            minimumTLSVersionText = ATSPropertyList.typeName(of: other)
            minimumTLSVersion = nil
        }
        keys = dictionary.keys.sorted()
        isBuiltIn = false
    }

    /// Where a setting of this entry lives, for `decidedBy`: `NSExceptionDomains["example.com"].KEY`.
    func place(_ key: String) -> String {
        isBuiltIn ? "built-in exception \"\(domain)\" (\(key))" : "\(ATSKey.exceptionDomains)[\"\(domain)\"].\(key)"
    }

    /// The entry itself, for `decidedBy`.
    var place: String { isBuiltIn ? "built-in exception \"\(domain)\"" : "\(ATSKey.exceptionDomains)[\"\(domain)\"]" }

    /// The exceptions Apple registers for its own services in every process (`register_builtin_exceptions`).
    public static let builtIn: [ATSExceptionDomain] = [
        ATSExceptionDomain(domain: "apple.com", includesSubdomains: .value(true), allowsInsecureHTTPLoads: .value(true),
                           minimumTLSVersion: .tls12, requiresForwardSecrecy: .value(false), isBuiltIn: true),
        ATSExceptionDomain(domain: "setup.icloud.com", includesSubdomains: .value(true), allowsInsecureHTTPLoads: .value(true),
                           minimumTLSVersion: .tls12, requiresForwardSecrecy: .value(false), isBuiltIn: true),
    ] + ["ls.apple.com", "gs.apple.com", "geo.apple.com", "is.autonavi.com", "apple-mapkit.com"].map {
        ATSExceptionDomain(domain: $0, includesSubdomains: .value(true), allowsInsecureHTTPLoads: .value(true),
                           minimumTLSVersion: .tls10, requiresForwardSecrecy: .value(false), isBuiltIn: true)
    }
}
