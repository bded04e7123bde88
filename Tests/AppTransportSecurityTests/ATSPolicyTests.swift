import AppTransportSecurity
import Foundation
import Testing

@Suite("ATS policy: Apple's precedence, each requirement with its deciding key")
struct ATSPolicyTests {
    @Test("Without ATS keys every default applies: TLS 1.2, forward secrecy, certificate minimums, no cleartext")
    func defaults() throws {
        let ats = try ATSConfiguration(propertyList: plist("<key>CFBundleIdentifier</key><string>x</string>"))
        let https = try ats.policy(for: "https://www.example.com/a")
        #expect(https.atsApplies.value && https.atsApplies.decidedBy == "default")
        #expect(https.minimumTLSVersion.value == .tls12)
        #expect(https.forwardSecrecyRequired.value && https.minimumKeySizesRequired.value && https.sha2SignaturesRequired.value)
        #expect(https.refusalBeforeConnecting == nil)
        let http = try ats.policy(for: "http://www.example.com/")
        #expect(!http.cleartextAllowed.value)
        #expect(http.refusalBeforeConnecting?.code == -1022)
    }

    @Test("NSAllowsArbitraryLoads YES lifts ATS for hosts without an exception")
    func arbitraryLoads() throws {
        let policy = try configuration("<key>NSAllowsArbitraryLoads</key><true/>").policy(for: "http://www.example.com/")
        #expect(policy.cleartextAllowed.value)
        #expect(policy.cleartextAllowed.decidedBy == "NSAllowsArbitraryLoads")
        #expect(policy.minimumTLSVersion.value == .tls10 && !policy.forwardSecrecyRequired.value)
        #expect(policy.serverTrustRequired.value)
    }

    @Test("NSAllowsArbitraryLoads is ignored when InWebContent, ForMedia or LocalNetworking is present, whatever its value",
          arguments: ["NSAllowsArbitraryLoadsInWebContent", "NSAllowsArbitraryLoadsForMedia", "NSAllowsLocalNetworking"],
          ["<true/>", "<false/>"])
    func arbitraryLoadsIgnored(key: String, value: String) throws {
        let ats = try configuration("<key>NSAllowsArbitraryLoads</key><true/><key>\(key)</key>\(value)")
        #expect(!ats.arbitraryLoadsInEffect)
        let policy = try ats.policy(for: "http://www.example.com/")
        #expect(!policy.cleartextAllowed.value)
        #expect(policy.cleartextAllowed.decidedBy == key)
        #expect(policy.cleartextAllowed.reason.contains("ignored"))
    }

    @Test("A non-boolean NSAllowsArbitraryLoads (string YES, number 1) is not YES", arguments: ["<string>YES</string>", "<integer>1</integer>"])
    func garbageArbitraryLoads(value: String) throws {
        let policy = try configuration("<key>NSAllowsArbitraryLoads</key>\(value)").policy(for: "http://www.example.com/")
        #expect(!policy.cleartextAllowed.value)
        #expect(policy.cleartextAllowed.decidedBy == "NSAllowsArbitraryLoads")
        #expect(policy.cleartextAllowed.reason.contains("not a boolean"))
    }

    @Test("Local hosts need no TLS unless NSAllowsLocalNetworking is NO",
          arguments: ["intranet", "printer.local", "127.0.0.1", "192.168.1.20", "10.1.2.3", "[::1]", "[fe80::1]"])
    func localHosts(host: String) throws {
        let policy = try configuration("").policy(for: "http://\(host)/")
        #expect(policy.hostKind.isLocal)
        #expect(policy.cleartextAllowed.value)
        let yes = try configuration("<key>NSAllowsLocalNetworking</key><true/>").policy(for: "http://\(host)/")
        #expect(yes.cleartextAllowed.value && yes.cleartextAllowed.decidedBy == "NSAllowsLocalNetworking")
        let no = try configuration("<key>NSAllowsLocalNetworking</key><false/>").policy(for: "http://\(host)/")
        #expect(!no.cleartextAllowed.value && no.cleartextAllowed.decidedBy == "NSAllowsLocalNetworking")
    }

    @Test("Public addresses and qualified names are not local", arguments: ["203.0.113.1", "[fe00::1]", "[2001:db8::1]", "www.example.com"])
    func notLocal(host: String) throws {
        let policy = try configuration("").policy(for: "http://\(host)/")
        #expect(!policy.hostKind.isLocal && !policy.cleartextAllowed.value)
    }

    @Test("An exact exception entry governs its host only, unless NSIncludesSubdomains")
    func exactException() throws {
        let ats = try configuration(exception("example.com", "<key>NSExceptionAllowsInsecureHTTPLoads</key><true/>"))
        let exact = try ats.policy(for: "http://example.com/")
        #expect(exact.cleartextAllowed.value)
        #expect(exact.cleartextAllowed.decidedBy == #"NSExceptionDomains["example.com"].NSExceptionAllowsInsecureHTTPLoads"#)
        #expect(try !ats.policy(for: "http://www.example.com/").cleartextAllowed.value)
    }

    @Test("NSIncludesSubdomains covers any depth; ancestors without it are passed over")
    func includesSubdomains() throws {
        let ats = try configuration("""
            <key>NSExceptionDomains</key><dict>
            <key>example.com</key><dict><key>NSIncludesSubdomains</key><true/><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.0</string></dict>
            <key>sub.example.com</key><dict><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.3</string></dict>
            </dict>
            """)
        let deep = try ats.policy(for: "https://a.b.sub.example.com/")
        #expect(deep.exceptionDomain == "example.com" && deep.minimumTLSVersion.value == .tls10)
        #expect(try ats.policy(for: "https://sub.example.com/").minimumTLSVersion.value == .tls13)
        #expect(try ats.policy(for: "https://example.org/").exceptionDomain == nil)
    }

    @Test("Exception keys are looked up exactly: an uppercase key never matches (URL hosts are lowercase)")
    func caseSensitiveKey() throws {
        let ats = try configuration(exception("Example.com", "<key>NSExceptionAllowsInsecureHTTPLoads</key><true/>"))
        #expect(try ats.policy(for: "http://EXAMPLE.com/").exceptionDomain == nil)
    }

    @Test("An exception wins over NSAllowsArbitraryLoads and over the local-host rule")
    func exceptionWins() throws {
        let ats = try configuration("<key>NSAllowsArbitraryLoads</key><true/>"
            + exception("example.com", "<key>NSExceptionMinimumTLSVersion</key><string>TLSv1.2</string>"))
        let policy = try ats.policy(for: "http://example.com/")
        #expect(!policy.cleartextAllowed.value && policy.cleartextAllowed.decidedBy == #"NSExceptionDomains["example.com"]"#)
        #expect(try ats.policy(for: "http://other.com/").cleartextAllowed.value)
        let local = try configuration(exception("127.0.0.1", "<key>NSExceptionMinimumTLSVersion</key><string>TLSv1.3</string>"))
        let loopback = try local.policy(for: "http://127.0.0.1/")
        #expect(!loopback.cleartextAllowed.value && loopback.minimumTLSVersion.value == .tls13)
    }

    @Test("NSExceptionMinimumTLSVersion: Apple's four spellings; anything else is ignored (TLS 1.2)",
          arguments: [("TLSv1.0", ATSTLSVersion.tls10), ("TLSv1.1", .tls11), ("TLSv1.2", .tls12), ("TLSv1.3", .tls13),
                      ("TLSV1.3", .tls12), ("TLSv1.4", .tls12), ("TLSv1.00", .tls12), ("1.1", .tls12)])
    func minimumVersion(text: String, expected: ATSTLSVersion) throws {
        let policy = try configuration(exception("example.com", "<key>NSExceptionMinimumTLSVersion</key><string>\(text)</string>"))
            .policy(for: "https://example.com/")
        #expect(policy.minimumTLSVersion.value == expected)
        #expect(policy.minimumTLSVersion.decidedBy == #"NSExceptionDomains["example.com"].NSExceptionMinimumTLSVersion"#)
    }

    @Test("NSExceptionRequiresForwardSecrecy NO accepts RSA key exchange and lifts the key-size minimum, not the TLS minimum")
    func forwardSecrecyOff() throws {
        let policy = try configuration(exception("example.com", "<key>NSExceptionRequiresForwardSecrecy</key><false/>"))
            .policy(for: "https://example.com/")
        #expect(!policy.forwardSecrecyRequired.value && !policy.minimumKeySizesRequired.value)
        #expect(policy.sha2SignaturesRequired.value && policy.minimumTLSVersion.value == .tls12)
        #expect(policy.minimumKeySizesRequired.decidedBy.hasSuffix("NSExceptionRequiresForwardSecrecy"))
        let garbage = try configuration(exception("example.com", "<key>NSExceptionRequiresForwardSecrecy</key><string>NO</string>"))
            .policy(for: "https://example.com/")
        #expect(garbage.forwardSecrecyRequired.value)
    }

    @Test("NSExceptionAllowsInsecureHTTPLoads: cleartext and the certificate minimums, but TLS version and suites stay")
    func insecureHTTPLoads() throws {
        let policy = try configuration(exception("example.com", "<key>NSExceptionAllowsInsecureHTTPLoads</key><true/>"))
            .policy(for: "https://example.com/")
        #expect(policy.cleartextAllowed.value && !policy.sha2SignaturesRequired.value && !policy.minimumKeySizesRequired.value)
        #expect(policy.minimumTLSVersion.value == .tls12 && policy.forwardSecrecyRequired.value)
    }

    @Test("Address keys: exact address first, then the CIDR range with the longest prefix")
    func cidr() throws {
        let ats = try configuration("""
            <key>NSExceptionDomains</key><dict>
            <key>203.0.0.0/8</key><dict><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.0</string></dict>
            <key>203.0.113.0/24</key><dict><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.1</string></dict>
            <key>203.0.113.7</key><dict><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.3</string></dict>
            <key>2001:db8::/32</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict>
            </dict>
            """)
        #expect(try ats.policy(for: "https://203.0.113.7/").minimumTLSVersion.value == .tls13)
        #expect(try ats.policy(for: "https://203.0.113.8/").exceptionDomain == "203.0.113.0/24")
        #expect(try ats.policy(for: "https://203.9.9.9/").exceptionDomain == "203.0.0.0/8")
        #expect(try ats.policy(for: "https://204.0.0.1/").exceptionDomain == nil)
        #expect(try ats.policy(for: "http://[2001:db8::5]/").cleartextAllowed.value)
    }

    @Test("NSTemporaryException… and NSThirdPartyException… keys are not read by Apple's current parser",
          arguments: ["NSTemporaryExceptionAllowsInsecureHTTPLoads", "NSThirdPartyExceptionAllowsInsecureHTTPLoads"])
    func legacyKeys(key: String) throws {
        let policy = try configuration(exception("example.com", "<key>\(key)</key><true/>")).policy(for: "http://example.com/")
        #expect(policy.exceptionDomain == "example.com" && !policy.cleartextAllowed.value)
    }

    @Test("NSPinnedDomains pins appear in the policy, one level of subdomains")
    func pins() throws {
        let pin = Data(repeating: 7, count: 32).base64EncodedString()
        let ats = try configuration("""
            <key>NSPinnedDomains</key><dict><key>example.com</key><dict><key>NSIncludesSubdomains</key><true/>
            <key>NSPinnedLeafIdentities</key><array><dict><key>SPKI-SHA256-BASE64</key><string>\(pin)</string></dict></array></dict></dict>
            """)
        let policy = try ats.policy(for: "https://www.example.com/")
        #expect(policy.pins.value?.leaf == [pin])
        #expect(policy.pins.decidedBy == #"NSPinnedDomains["example.com"]"#)
        #expect(try ats.policy(for: "https://a.b.example.com/").pins.value == nil)
    }

    @Test("Apple's built-in exceptions apply unless the app has an entry with the same key")
    func builtIn() throws {
        let policy = try configuration("").policy(for: "http://www.apple.com/")
        #expect(policy.cleartextAllowed.value && policy.cleartextAllowed.decidedBy.contains("built-in"))
        let overridden = try configuration(exception("apple.com", "<key>NSIncludesSubdomains</key><true/>")).policy(for: "http://www.apple.com/")
        #expect(!overridden.cleartextAllowed.value)
    }

    @Test("Apple's documentation example: a domain exception with subdomains, insecure loads and TLS 1.1, web content relaxed")
    func documentationExample() throws {
        let ats = try ATSConfiguration(contentsOfFile: fixture("documentation-example.plist"))
        let media = try ats.policy(for: "http://media.example.com/")
        #expect(media.cleartextAllowed.value && media.minimumTLSVersion.value == .tls11)
        let other = try ats.policy(for: "http://other.org/")
        #expect(!other.cleartextAllowed.value)
        #expect(other.cleartextAllowed.decidedBy == "default")
    }

    @Test("Apple's documentation pattern: arbitrary loads, with ATS re-enabled for one domain and its subdomains by an exception")
    func reenabledDomain() throws {
        let ats = try ATSConfiguration(contentsOfFile: fixture("documentation-example-reenabled.plist"))
        let anywhere = try ats.policy(for: "http://cdn.example.net/")
        #expect(anywhere.cleartextAllowed.value && anywhere.cleartextAllowed.decidedBy == "NSAllowsArbitraryLoads")
        let secure = try ats.policy(for: "http://api.secure.example.com/")
        #expect(!secure.cleartextAllowed.value)
        #expect(secure.cleartextAllowed.decidedBy == #"NSExceptionDomains["secure.example.com"].NSExceptionAllowsInsecureHTTPLoads"#)
        let https = try ats.policy(for: "https://api.secure.example.com/")
        #expect(https.atsApplies.value && https.minimumTLSVersion.value == .tls12 && https.forwardSecrecyRequired.value)
    }

    @Test("NSAllowsLocalNetworking YES beside NSAllowsArbitraryLoads: local hosts are free, the arbitrary loads are ignored")
    func localNetworkingWithArbitraryLoads() throws {
        let ats = try configuration("<key>NSAllowsArbitraryLoads</key><true/><key>NSAllowsLocalNetworking</key><true/>")
        #expect(try ats.policy(for: "http://printer.local/").cleartextAllowed.value)
        let remote = try ats.policy(for: "http://www.example.com/")
        #expect(!remote.cleartextAllowed.value && remote.cleartextAllowed.decidedBy == "NSAllowsLocalNetworking")
    }

    @Test("JSON: every requirement as value, decided_by and reason")
    func json() throws {
        let policy = try configuration(exception("example.com", "<key>NSExceptionMinimumTLSVersion</key><string>TLSv1.1</string>"))
            .policy(for: "https://example.com/")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(policy.json.utf8)) as? [String: Any])
        let minimum = try #require(object["minimum_tls_version"] as? [String: Any])
        #expect(minimum["value"] as? String == "TLSv1.1")
        #expect(minimum["decided_by"] as? String == #"NSExceptionDomains["example.com"].NSExceptionMinimumTLSVersion"#)
        #expect(object["host"] as? String == "example.com")
    }

    @Test("Bad URLs are errors with a stable code", arguments: ["example.com", "ftp://example.com/", "https:///path"])
    func badURL(url: String) throws {
        #expect(throws: ATSError.self) { try configuration("").policy(for: url) }
        do { _ = try configuration("").policy(for: url) } catch let error as ATSError { #expect(error.code == .badURL) }
    }
}
