import TrustCertificates

/// The risky or useless settings of an ATS configuration: arbitrary loads (and when Apple ignores them),
/// lowered TLS minimums, forward secrecy off, cleartext exceptions, values Apple cannot read, misspelt
/// or misplaced keys (with the key meant, by edit distance), deprecated `NSTemporary…`/`NSThirdParty…`
/// keys, obsolete ones, and entries Apple skips. Whether an exception is needed at all takes a
/// connection; the CLI's `--check-hosts` adds those findings.
public enum ATSLint {
    /// The findings for `configuration`, in key order.
    public static func findings(_ configuration: ATSConfiguration) -> [ATSFinding] {
        var findings: [ATSFinding] = []
        let c = configuration
        if c.allowsArbitraryLoads.isTrue {
            if let ignoring = c.ignoringArbitraryLoadsKey {
                findings.append(ATSFinding("arbitrary-loads-ignored", .ineffective, key: ATSKey.allowsArbitraryLoads,
                    "NSAllowsArbitraryLoads is YES but Apple ignores it because \(ignoring) is present: the app's own loads keep ATS's defaults"))
            } else {
                findings.append(ATSFinding("arbitrary-loads", .risk, key: ATSKey.allowsArbitraryLoads,
                    "NSAllowsArbitraryLoads is YES: ATS is off (cleartext, any TLS version and suite) for every host without an exception"))
            }
        }
        for (key, value) in [(ATSKey.allowsArbitraryLoadsInWebContent, c.allowsArbitraryLoadsInWebContent),
                             (ATSKey.allowsArbitraryLoadsForMedia, c.allowsArbitraryLoadsForMedia)] where value.isTrue {
            findings.append(ATSFinding("arbitrary-loads", .risk, key: key, "\(key) is YES: ATS is off for that content"))
        }
        for (key, value) in [(ATSKey.allowsArbitraryLoads, c.allowsArbitraryLoads),
                             (ATSKey.allowsArbitraryLoadsInWebContent, c.allowsArbitraryLoadsInWebContent),
                             (ATSKey.allowsArbitraryLoadsForMedia, c.allowsArbitraryLoadsForMedia),
                             (ATSKey.allowsLocalNetworking, c.allowsLocalNetworking)] {
            if case .notBoolean(let type) = value {
                findings.append(ATSFinding("not-boolean", .ineffective, key: key,
                                           "\(key) is \(type), not a boolean: Apple reads it as NO (its presence still counts)"))
            }
        }
        if c.requiresCertificateTransparency.isPresent {
            findings.append(Self.obsolete(ATSKey.requiresCertificateTransparency))
        }
        findings += unknownKeys(c.keys, known: ATSKey.topLevel, elsewhere: ATSKey.perDomain + Array(ATSKey.legacyPerDomain.keys),
                                place: { $0 }, level: "the top level of NSAppTransportSecurity")
        for entry in c.exceptionDomains {
            findings += Self.findings(entry)
        }
        for (domain, keys) in c.pinnedDomainKeys.sorted(by: { $0.key < $1.key }) {
            findings += unknownKeys(keys, known: ATSKey.perPinnedDomain, elsewhere: ATSKey.perDomain + ATSKey.topLevel,
                                    place: { "\(ATSKey.pinnedDomains)[\"\(domain)\"].\($0)" }, level: "an NSPinnedDomains entry")
        }
        for note in c.notes {
            findings.append(ATSFinding("skipped-entry", .ineffective, key: note.split(separator: " ").first.map(String.init) ?? "", note))
        }
        return findings
    }

    /// The findings of one exception entry.
    private static func findings(_ entry: ATSExceptionDomain) -> [ATSFinding] {
        var findings: [ATSFinding] = []
        let domain = entry.domain
        if domain != domain.lowercased() {
            findings.append(ATSFinding("uppercase-domain", .ineffective, key: entry.place,
                "Apple looks exception domains up exactly and URL hosts are lowercase: \"\(domain)\" never matches; write \"\(domain.lowercased())\"",
                suggestion: domain.lowercased()))
        }
        if entry.allowsInsecureHTTPLoads.isTrue {
            findings.append(ATSFinding("insecure-http-loads", .risk, key: entry.place(ATSKey.exceptionAllowsInsecureHTTPLoads),
                "cleartext http:// is allowed for \(domain)\(entry.includesSubdomains.isTrue ? " and its subdomains" : ""), and ATS's certificate minimums are lifted"))
        }
        if let version = entry.minimumTLSVersion, version < .tls12 {
            findings.append(ATSFinding("lowered-tls-minimum", .risk, key: entry.place(ATSKey.exceptionMinimumTLSVersion),
                "\(version.plistValue) is accepted for \(domain): TLS 1.0 and 1.1 are deprecated (RFC 8996)"))
        } else if entry.minimumTLSVersion == nil, let text = entry.minimumTLSVersionText {
            let suggestion = ATSTLSVersion.allCases.map(\.plistValue).min { EditDistance.between(text, $0) < EditDistance.between(text, $1) }
            findings.append(ATSFinding("invalid-tls-version", .ineffective, key: entry.place(ATSKey.exceptionMinimumTLSVersion),
                "\"\(text)\" is not TLSv1.0, TLSv1.1, TLSv1.2 or TLSv1.3 (exactly so spelt): Apple ignores it and keeps TLS 1.2",
                suggestion: suggestion))
        }
        if entry.requiresForwardSecrecy.isFalse {
            findings.append(ATSFinding("forward-secrecy-off", .risk, key: entry.place(ATSKey.exceptionRequiresForwardSecrecy),
                "RSA key exchange (no forward secrecy) is accepted for \(domain), and the key-size minimum is lifted"))
        }
        for (key, value) in [(ATSKey.includesSubdomains, entry.includesSubdomains),
                             (ATSKey.exceptionAllowsInsecureHTTPLoads, entry.allowsInsecureHTTPLoads),
                             (ATSKey.exceptionRequiresForwardSecrecy, entry.requiresForwardSecrecy)] {
            if case .notBoolean(let type) = value {
                findings.append(ATSFinding("not-boolean", .ineffective, key: entry.place(key),
                                           "\(key) is \(type), not a boolean: Apple keeps the default"))
            }
        }
        for key in entry.keys {
            if let current = ATSKey.legacyPerDomain[key] {
                findings.append(ATSFinding("deprecated-key", .ineffective, key: entry.place(key),
                    "\(key) is an iOS 9 era name that Apple's current parser does not read: use \(current)", suggestion: current))
            } else if key == ATSKey.requiresCertificateTransparency {
                findings.append(Self.obsolete(entry.place(key)))
            }
        }
        findings += unknownKeys(entry.keys.filter { ATSKey.legacyPerDomain[$0] == nil }, known: ATSKey.perDomain,
                                elsewhere: ATSKey.topLevel, place: entry.place, level: "an exception domain")
        let effective = [entry.allowsInsecureHTTPLoads.isTrue, entry.minimumTLSVersion != nil, entry.requiresForwardSecrecy.isFalse]
        if !effective.contains(true) {
            findings.append(ATSFinding("empty-exception", .ineffective, key: entry.place,
                "the exception changes nothing ATS requires by default (but it does shield \(domain) from NSAllowsArbitraryLoads)"))
        }
        return findings
    }

    private static func obsolete(_ key: String) -> ATSFinding {
        ATSFinding("obsolete-key", .ineffective, key: key,
                   "NSRequiresCertificateTransparency is obsolete: the system requires Certificate Transparency for publicly trusted certificates whatever it says")
    }

    /// Keys not read at this level: misplaced (a key of the other level), misspelt (within edit distance 3
    /// of a known one), or unknown.
    private static func unknownKeys(_ keys: [String], known: [String], elsewhere: [String], place: (String) -> String,
                                    level: String) -> [ATSFinding]
    {
        keys.filter { !known.contains($0) }.map { key in
            if elsewhere.contains(key) {
                return ATSFinding("misplaced-key", .ineffective, key: place(key), "\(key) does not belong in \(level): Apple ignores it here")
            }
            let candidates = known == ATSKey.perDomain ? known + Array(ATSKey.legacyPerDomain.keys) : known
            if let best = candidates.min(by: { EditDistance.between(key, $0) < EditDistance.between(key, $1) }),
               EditDistance.between(key, best) <= 3 {
                return ATSFinding("misspelt-key", .ineffective, key: place(key), "Apple ignores \(key): did you mean \(best)?", suggestion: best)
            }
            return ATSFinding("unknown-key", .ineffective, key: place(key), "\(key) is not an ATS key of \(level): Apple ignores it")
        }
    }
}
