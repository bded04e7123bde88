import FoundationEssentials
import TrustCertificates

/// `parseTrustKitConfiguration`, check by check in TrustKit's order, over property-list values.
/// Domains are taken in sorted order so that, of several problems, the same one is always reported
/// (TrustKit walks its NSDictionary in hash order).
struct TrustKitConfigurationParser {
    typealias Key = TrustKitConfigurationKey
    let registry: TrustKitDomainRegistry
    private var warnings: [TrustKitConfigurationWarning] = []

    init(registry: TrustKitDomainRegistry) { self.registry = registry }

    // MARK: Containers

    /// Decodes JSON or a property list (XML or binary) into a dictionary, with the bounded readers
    /// (`PropertyListLimits`); `isPropertyList` says which it was.
    static func decodeRoot(_ data: Data) throws(TrustKitConfigurationError) -> (root: [String: Any], isPropertyList: Bool) {
        guard data.count <= TrustKitConfiguration.maximumFileSize else {
            throw TrustKitConfigurationError(.unreadable, problem: "the configuration is \(data.count) bytes, larger than the "
                + "\(TrustKitConfiguration.maximumFileSize / 1024 / 1024) MiB limit")
        }
        let firstByte = data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        let isJSON = firstByte == UInt8(ascii: "{")
        let root: Any
        do {
            if isJSON {
                root = try PropertyListValue.json(from: data)
            } else if data.starts(with: Array("bplist".utf8)) || firstByte == UInt8(ascii: "<") {
                root = try PropertyListValue.propertyList(from: data)
            } else {
                throw TrustKitConfigurationError(
                    .notAConfiguration, problem: "neither a JSON object nor a property list (XML or binary)")
            }
        } catch let error as TrustKitConfigurationError {
            throw error
        } catch let error as PropertyListReadError {
            throw Self.error(error, json: isJSON)
        } catch {
            throw TrustKitConfigurationError(.notAConfiguration, problem: "malformed configuration: \(ErrorReason.text(error))")
        }
        guard let dictionary = root as? [String: Any] else {
            throw TrustKitConfigurationError(.notAConfiguration, problem: "the top level is not a dictionary")
        }
        return (dictionary, !isJSON)
    }

    /// Decodes JSON or a property list (XML or binary) into a dictionary.
    static func decode(_ data: Data) throws(TrustKitConfigurationError) -> [String: Any] { try decodeRoot(data).root }

    /// A reader's refusal as a configuration error: a duplicate key as `.duplicateKey` naming its path,
    /// anything else as `.notAConfiguration` with the reader's words.
    static func error(_ error: PropertyListReadError, json: Bool) -> TrustKitConfigurationError {
        if error.code == .duplicateKey, let keyPath = error.keyPath {
            return TrustKitConfigurationError(
                .duplicateKey, keyString: keyPath,
                problem: "the key occurs more than once in its dictionary; JSON readers keep the first value and property "
                    + "list readers the last, so remove all but the one you mean (\(error.problem))")
        }
        return TrustKitConfigurationError(.notAConfiguration, problem: "malformed \(json ? "JSON" : "property list"): \(error.problem)")
    }

    /// An Info.plist's `TSKConfiguration` dictionary, or `root` itself when it has no such key.
    static func configuration(in root: [String: Any]) throws(TrustKitConfigurationError) -> [String: Any] {
        guard let wrapped = root[Key.infoPlistKey] else { return root }
        guard let dictionary = wrapped as? [String: Any] else {
            throw TrustKitConfigurationError(.wrongType, keyString: Key.infoPlistKey, problem: "must be a dictionary")
        }
        return dictionary
    }

    // MARK: Checks

    mutating func parse(_ arguments: [String: Any]) throws(TrustKitConfigurationError) -> TrustKitConfiguration {
        if let loadError = registry.loadError {
            throw TrustKitConfigurationError(.publicSuffixListMissing, problem: "no domain can be checked: \(loadError)")
        }
        let swizzle = try boolean(arguments, .swizzleNetworkDelegates, domain: nil) ?? false
        if swizzle {
            warn(.swizzlingRequiresSharedInstance, Key.swizzleNetworkDelegates.rawValue, nil,
                 "TrustKit allows it only for its shared instance; -initWithConfiguration: raises "
                    + "\"Cannot use TSKSwizzleNetworkDelegates outside the TrustKit sharedInstance\"")
        }
        let ignoreUserAnchors = try boolean(arguments, .ignorePinningForUserDefinedTrustAnchors, domain: nil) ?? true
        for key in arguments.keys.sorted() where Key(rawValue: key)?.isGlobal != true {
            warn(.unknownKey, key, nil, "TrustKit does not read this key at the top level; it is ignored")
        }

        let noDomains = "TrustKit was initialized with no pinned domains. The configuration format has changed: "
            + "ensure your domain pinning policies are under the TSKPinnedDomains key within TSKConfiguration."
        guard let rawDomains = arguments[Key.pinnedDomains.rawValue] else {
            throw TrustKitConfigurationError(.noPinnedDomains, key: .pinnedDomains, problem: "missing", trustKitMessage: noDomains)
        }
        guard let domains = rawDomains as? [String: Any] else {
            throw TrustKitConfigurationError(.wrongType, key: .pinnedDomains, problem: "must be a dictionary of domain to policy")
        }
        guard !domains.isEmpty else {
            throw TrustKitConfigurationError(.noPinnedDomains, key: .pinnedDomains, problem: "empty", trustKitMessage: noDomains)
        }

        var policies: [String: TrustKitDomainPolicy] = [:]
        for domain in domains.keys.sorted() {
            guard let entry = domains[domain] as? [String: Any] else {
                throw TrustKitConfigurationError(.wrongType, domain: domain, problem: "a domain's policy must be a dictionary")
            }
            policies[domain] = try parseDomain(domain, entry)
        }

        // An excluded subdomain needs a parent policy. TrustKit looks up "a" + domain so that the entry
        // itself cannot be the answer.
        for domain in policies.keys.sorted() where policies[domain]!.excludeSubdomainFromParentPolicy {
            if TrustKitConfiguration.lookup("a" + domain, in: policies, registry: registry) == nil {
                throw TrustKitConfigurationError(
                    .excludedDomainWithoutParent, key: .excludeSubdomainFromParentPolicy, domain: domain,
                    problem: "no includeSubdomains policy of a parent domain covers it",
                    trustKitMessage: "TrustKit was initialized with TSKExcludeSubdomainFromParentPolicy for domain \(domain) "
                        + "but could not find a policy for a parent domain")
            }
        }
        return TrustKitConfiguration(swizzleNetworkDelegates: swizzle, ignorePinningForUserDefinedTrustAnchors: ignoreUserAnchors,
                                     pinnedDomains: policies, warnings: warnings, registry: registry)
    }

    private mutating func parseDomain(_ domain: String, _ entry: [String: Any]) throws(TrustKitConfigurationError)
        -> TrustKitDomainPolicy
    {
        guard registry.registryLength(of: domain) > 0 else {
            throw TrustKitConfigurationError(
                .invalidDomain, domain: domain,
                problem: "not a domain under a public suffix (localhost, .local, .test, IP addresses and unlisted "
                    + "top-level names cannot be pinned)",
                trustKitMessage: "TrustKit was initialized with an invalid domain \(domain)")
        }

        if try boolean(entry, .excludeSubdomainFromParentPolicy, domain: domain) == true {
            guard entry.count == 1 else {
                let others = entry.keys.filter { $0 != Key.excludeSubdomainFromParentPolicy.rawValue }.sorted()
                throw TrustKitConfigurationError(
                    .excludedDomainHasOtherKeys, key: .excludeSubdomainFromParentPolicy, domain: domain,
                    problem: "must be the only key of an excluded domain, but it has " + others.joined(separator: ", "),
                    trustKitMessage: "TrustKit was initialized with TSKExcludeSubdomainFromParentPolicy for domain \(domain) "
                        + "but detected additional configuration keys")
            }
            return .excluded(domain)
        }

        let includeSubdomains = try boolean(entry, .includeSubdomains, domain: domain) ?? false
        if includeSubdomains, registry.isPublicSuffix(domain) {
            throw TrustKitConfigurationError(
                .includeSubdomainsOnPublicSuffix, key: .includeSubdomains, domain: domain,
                problem: "\(domain) is a public suffix, so this would pin every site registered under it",
                trustKitMessage: "TrustKit was initialized with includeSubdomains for a domain suffix \(domain)")
        }

        let expirationDate = try expiration(entry, domain: domain)
        let enforcePinning = try boolean(entry, .enforcePinning, domain: domain) ?? true
        let disableDefaultReportURI = try boolean(entry, .disableDefaultReportUri, domain: domain) ?? false

        var reportURIs: [URL] = []
        for text in try strings(entry, .reportUris, domain: domain) ?? [] {
            guard let url = Self.url(text) else {
                throw TrustKitConfigurationError(
                    .invalidReportURI, key: .reportUris, domain: domain, problem: "\"\(text)\" is not a URL",
                    trustKitMessage: "TrustKit was initialized with an invalid value for TSKReportUris for domain \(domain)")
            }
            reportURIs.append(url)
        }

        var pins: [PublicKeyPin] = []
        for text in try strings(entry, .publicKeyHashes, domain: domain) ?? [] {
            // TrustKit decodes each entry as bare base64 (NSData, options 0) and wants 32 bytes.
            guard let bytes = Data(base64Encoded: text), bytes.count == 32,
                  let pin = try? PublicKeyPin(digest: Array(bytes))
            else {
                let decoded = Data(base64Encoded: text).map { "it decodes to \($0.count) bytes, a SHA-256 pin is 32" }
                throw TrustKitConfigurationError(
                    .invalidPin, key: .publicKeyHashes, domain: domain,
                    problem: "\"\(text)\" is not a pin: " + (decoded ?? "not base64"),
                    trustKitMessage: "TrustKit was initialized with an invalid Pin \(text) for domain \(domain)")
            }
            pins.append(pin)
        }
        let distinct = PinSet(pins).pins
        let required = enforcePinning ? 2 : 1
        if distinct.count < required {
            throw TrustKitConfigurationError(
                .tooFewPins, key: .publicKeyHashes, domain: domain,
                problem: "\(distinct.count) distinct pin\(distinct.count == 1 ? "" : "s"), at least \(required) needed "
                    + (enforcePinning ? "when enforcing (a backup pin)" : "when not enforcing"),
                trustKitMessage: "TrustKit was initialized with less than \(required) pins (ie. no backup pins) for domain "
                    + "\(domain). This might brick your App; please review the Getting Started guide in ./docs/getting-started.md")
        }

        for key in entry.keys.sorted() {
            switch Key(rawValue: key) {
            case .publicKeyAlgorithms:
                warn(.deprecatedKey, key, domain, "ignored since TrustKit 1.6.0")
            case .additionalTrustAnchors:
                warn(.removedKey, key, domain, "removed in TrustKit 1.6.0; no anchors are added")
            case .some(let known) where !known.isGlobal:
                break
            default:
                if key == Key.documentedExcludeSubdomainSpelling {
                    warn(.documentedExcludeSpelling, key, domain,
                         "TrustKit does not read this documented spelling; the key it reads is "
                            + Key.excludeSubdomainFromParentPolicy.rawValue)
                } else {
                    warn(.unknownKey, key, domain, "TrustKit does not read this key in a domain policy; it is ignored")
                }
            }
        }
        return TrustKitDomainPolicy(
            domain: domain, publicKeyHashes: distinct, enforcePinning: enforcePinning, includeSubdomains: includeSubdomains,
            reportURIs: reportURIs, disableDefaultReportURI: disableDefaultReportURI, expirationDate: expirationDate)
    }

    // MARK: Values

    private mutating func warn(_ code: TrustKitConfigurationWarning.Code, _ key: String, _ domain: String?, _ message: String) {
        warnings.append(TrustKitConfigurationWarning(code: code, key: key, domain: domain, message: message))
    }

    /// A BOOL: a property-list or JSON boolean, or a number (TrustKit calls `boolValue`, non-zero is YES).
    /// A string is refused although NSString has a `boolValue`: "NO" and "false" read as NO there but "No"
    /// reads as YES in some releases, so a string is never what the author meant to rely on.
    private func boolean(_ dictionary: [String: Any], _ key: Key, domain: String?) throws(TrustKitConfigurationError) -> Bool? {
        guard let value = dictionary[key.rawValue] else { return nil }
        if let flag = value as? Bool { return flag }
        if let number = value as? Int { return number != 0 }
        if let number = value as? Double { return number != 0 }
        throw TrustKitConfigurationError(.wrongType, key: key, domain: domain,
                                         problem: "must be a boolean, not \(Self.typeName(of: value))")
    }

    private func strings(_ dictionary: [String: Any], _ key: Key, domain: String) throws(TrustKitConfigurationError) -> [String]? {
        guard let value = dictionary[key.rawValue] else { return nil }
        guard let array = value as? [Any] else {
            throw TrustKitConfigurationError(.wrongType, key: key, domain: domain,
                                             problem: "must be an array of strings, not \(Self.typeName(of: value))")
        }
        var result: [String] = []
        for (index, element) in array.enumerated() {
            guard let text = element as? String else {
                throw TrustKitConfigurationError(.wrongType, key: key, domain: domain,
                                                 problem: "entry \(index) must be a string, not \(Self.typeName(of: element))")
            }
            result.append(text)
        }
        return result
    }

    /// TSKExpirationDate: NSDateFormatter with `yyyy-MM-dd` in UTC, so midnight at the start of that day.
    /// An unparsable string gives nil in TrustKit, silently: the pins then never expire, hence the warning,
    /// which says why the value is not a date.
    private mutating func expiration(_ entry: [String: Any], domain: String) throws(TrustKitConfigurationError) -> Date? {
        guard let value = entry[Key.expirationDate.rawValue] else { return nil }
        guard let text = value as? String else {
            throw TrustKitConfigurationError(.wrongType, key: .expirationDate, domain: domain,
                                             problem: "must be a \"yyyy-MM-dd\" string, not \(Self.typeName(of: value))")
        }
        do {
            return try TrustKitExpirationDate.utcMidnight(text)
        } catch {
            warn(.unparsableExpirationDate, Key.expirationDate.rawValue, domain,
                 "\(error); TrustKit drops it, so these pins never expire")
            return nil
        }
    }

    /// `[NSURL URLWithString:]`: nil for text that is not a URL. Recent Foundations percent-encode
    /// invalid characters instead of refusing them; the strict form is what TrustKit's Foundation did.
    static func url(_ text: String) -> URL? {
        if #available(macOS 14, *) { return URL(string: text, encodingInvalidCharacters: false) }
        return URL(string: text)
    }

    private static func typeName(of value: Any) -> String {
        switch value {
        case is String: return "a string"
        case is Bool: return "a boolean"
        case is Int, is Double: return "a number"
        case is [Any]: return "an array"
        case is [String: Any]: return "a dictionary"
        case is Date: return "a date"
        case is Data: return "data"
        case is PropertyListValue.Null: return "null"
        default: return "\(type(of: value))"
        }
    }
}
