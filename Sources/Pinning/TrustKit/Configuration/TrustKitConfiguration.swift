import FoundationEssentials
import TrustCertificates

/// A TrustKit pinning configuration, read and checked with TrustKit's rules (`parseTrustKitConfiguration`,
/// pinning-libraries.md 1.1–1.3).
///
/// Sources:
/// * a dictionary (what `+initSharedInstanceWithConfiguration:` takes);
/// * a property list, XML or binary: either the configuration itself or a whole Info.plist, whose
///   `TSKConfiguration` dictionary is then used;
/// * JSON: an object with exactly the same key strings and value types (booleans as `true`/`false`,
///   pins and report URIs as arrays of strings, the expiration date as a `"yyyy-MM-dd"` string), either
///   the configuration itself or wrapped as `{"TSKConfiguration": {...}}`.
///
/// Where TrustKit raises `TrustKit configuration invalid`, this throws a `TrustKitConfigurationError`
/// with TrustKit's message. Where TrustKit would crash on a wrong type, this throws `.wrongType`. Where
/// TrustKit silently ignores something, `warnings` says so.
public struct TrustKitConfiguration: Sendable {
    /// The largest configuration accepted, from a file, a pipe or bytes already read: 4 MiB, a thousand
    /// times a large TrustKit configuration (a few KiB for dozens of domains) and above the largest app
    /// Info.plists, so that a wrong path or a hostile file cannot make the reader load or decode megabytes
    /// of nothing. Files are checked with stat(2) before they are read and read no further than this.
    public static let maximumFileSize = 4 * 1024 * 1024

    /// TSKSwizzleNetworkDelegates (default false).
    public let swizzleNetworkDelegates: Bool
    /// TSKIgnorePinningForUserDefinedTrustAnchors (default true, TrustKit's macOS default).
    public let ignorePinningForUserDefinedTrustAnchors: Bool
    /// Every pinned domain's policy, keyed by the domain as written.
    public let pinnedDomains: [String: TrustKitDomainPolicy]
    /// What TrustKit would accept silently but probably not mean, in domain order.
    public let warnings: [TrustKitConfigurationWarning]
    /// The registry the domains were checked with and are looked up with.
    public let registry: TrustKitDomainRegistry

    init(swizzleNetworkDelegates: Bool, ignorePinningForUserDefinedTrustAnchors: Bool,
         pinnedDomains: [String: TrustKitDomainPolicy], warnings: [TrustKitConfigurationWarning],
         registry: TrustKitDomainRegistry)
    {
        self.swizzleNetworkDelegates = swizzleNetworkDelegates
        self.ignorePinningForUserDefinedTrustAnchors = ignorePinningForUserDefinedTrustAnchors
        self.pinnedDomains = pinnedDomains
        self.warnings = warnings
        self.registry = registry
    }

    /// Checks a configuration dictionary (property-list types: String, Bool, numbers, arrays, dictionaries).
    public init(dictionary: [String: Any], registry: TrustKitDomainRegistry = .system) throws(TrustKitConfigurationError) {
        var parser = TrustKitConfigurationParser(registry: registry)
        self = try parser.parse(dictionary)
    }

    /// Reads JSON or a property list (XML or binary), recognised by content, at most `maximumFileSize`
    /// bytes, with the bounded readers of `PropertyListValue` (limits in `PropertyListLimits`; a key twice
    /// in one dictionary is `.duplicateKey`); `path` only names the source in errors.
    public init(data: Data, path: String? = nil, registry: TrustKitDomainRegistry = .system) throws(TrustKitConfigurationError) {
        do {
            let root = try TrustKitConfigurationParser.decode(data)
            try self.init(root: root, path: path, registry: registry)
        } catch {
            throw error.from(path: path)
        }
    }

    /// Checks a document's root dictionary already decoded with `decodeRoot(_:)` (a whole Info.plist, whose
    /// `TSKConfiguration` is then used, or the configuration itself); `path` only names the source in errors.
    package init(root: [String: Any], path: String?, registry: TrustKitDomainRegistry = .system) throws(TrustKitConfigurationError) {
        do {
            var parser = TrustKitConfigurationParser(registry: registry)
            self = try parser.parse(TrustKitConfigurationParser.configuration(in: root))
        } catch {
            throw error.from(path: path)
        }
    }

    /// Decodes a configuration file's bytes once (at most `maximumFileSize`): its root dictionary, and
    /// whether it was a property list (else JSON). For a caller that looks at the root before choosing a
    /// reader (an Info.plist may pin through App Transport Security instead).
    package static func decodeRoot(_ data: Data, path: String?) throws(TrustKitConfigurationError)
        -> (root: [String: Any], isPropertyList: Bool)
    {
        do {
            return try TrustKitConfigurationParser.decodeRoot(data)
        } catch {
            throw error.from(path: path)
        }
    }

    /// Reads the file at `path`: its size checked first, refused when larger than `maximumFileSize`, then
    /// read no further than that. Pipes and FIFOs (`<(...)`, `/dev/stdin`) are read to their end like
    /// files, still bounded.
    public init(contentsOfFile path: String, registry: TrustKitDomainRegistry = .system) throws(TrustKitConfigurationError) {
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let size = attributes[.size] as? Int, size > Self.maximumFileSize {
                throw TrustKitConfigurationError(
                    .unreadable, problem: "the file is \(size) bytes, larger than the \(Self.maximumFileSize / 1024 / 1024) MiB limit"
                ).from(path: path)
            }
            do {
                data = Data(try CertificateLoader.read(path, limit: Self.maximumFileSize))
            } catch {
                throw TrustKitConfigurationError(.unreadable, problem: error.problem).from(path: path)
            }
        } catch let error as TrustKitConfigurationError {
            throw error
        } catch {
            throw TrustKitConfigurationError(.unreadable, problem: "cannot read the file: \(ErrorReason.text(error))")
                .from(path: path)
        }
        try self.init(data: data, path: path, registry: registry)
    }

    /// The policy for `hostname`, as `getPinningConfigurationKeyForDomain` finds it: an exact entry
    /// (case-sensitive, no trailing-dot folding) always wins; otherwise the includeSubdomains entry that
    /// `hostname` is a subdomain of, the most specific (longest) one when several are; nil when none is.
    /// The policy may be excluded or expired: `TrustKitPinningValidator` decides what that means.
    public func policy(forHostname hostname: String) -> TrustKitPolicyMatch? {
        Self.lookup(hostname, in: pinnedDomains, registry: registry)
    }

    static func lookup(_ hostname: String, in domains: [String: TrustKitDomainPolicy],
                       registry: TrustKitDomainRegistry) -> TrustKitPolicyMatch?
    {
        if let exact = domains[hostname] {
            return TrustKitPolicyMatch(hostname: hostname, notedHostname: hostname, policy: exact)
        }
        var best: (score: Int, policy: TrustKitDomainPolicy)?
        for policy in domains.values where policy.includeSubdomains {
            guard let score = registry.subdomainScore(of: hostname, under: policy.domain) else { continue }
            if best == nil || score > best!.score { best = (score, policy) }
        }
        return best.map { TrustKitPolicyMatch(hostname: hostname, notedHostname: $0.policy.domain, policy: $0.policy) }
    }
}
