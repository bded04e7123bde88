import Foundation
import Pinning
import Testing

/// GetRegistryLength over the PSL, and getPinningConfigurationKeyForDomain.
@Suite struct TrustKitDomainLookupTests {
    /// The values pinning-libraries.md 1.2 measured on TrustKit's compiled domain_registry.
    @Test(arguments: [("com", 3), ("good.com", 3), ("appspot.com", 11), ("github.io", 9), ("co.uk", 5), ("www.example.co.uk", 5),
                      ("GOOD.COM", 3), ("good.com.", 4), ("localhost", 0), ("foo.local", 0), ("foo.test", 0),
                      ("example.internal", 0), ("127.0.0.1", 0), ("bücher.com", 0)])
    func registryLengthsAreTrustKits(host: String, length: Int) throws {
        let registry = TrustKitDomainRegistry.system
        try #require(registry.loadError == nil, "Debian's publicsuffix package is needed")
        #expect(registry.registryLength(of: host) == length)
    }

    static let pins = ["\(String(repeating: "A", count: 43))=", "\(String(repeating: "B", count: 43))="]

    static func configuration() throws -> TrustKitConfiguration {
        func entry(_ includeSubdomains: Bool) -> String {
            #"{"TSKIncludeSubdomains": \#(includeSubdomains), "TSKPublicKeyHashes": ["\#(pins[0])", "\#(pins[1])"]}"#
        }
        return try PinningFixtures.configuration("""
            {"TSKPinnedDomains": {
                "example.com": \(entry(true)),
                "www.example.com": \(entry(true)),
                "api.example.com": \(entry(false)),
                "example.net": \(entry(false)),
                "unsecured.example.com": {"kSKExcludeSubdomainFromParentPolicy": true}}}
            """)
    }

    @Test(arguments: [
        ("example.com", "example.com"),
        ("api.example.com", "api.example.com"),  // an exact entry wins over the includeSubdomains parent
        ("www.example.com", "www.example.com"),
        ("foo.www.example.com", "www.example.com"),  // the most specific parent wins
        ("a.b.c.example.com", "example.com"),
        ("x.api.example.com", "example.com"),  // api.example.com has no includeSubdomains
        ("unsecured.example.com", "unsecured.example.com"),  // the excluded entry itself
        ("x.unsecured.example.com", "example.com"),  // the exclusion covers that exact name only
        ("example.net", "example.net"),
    ])
    func hostnamesFindTheirPolicy(host: String, noted: String) throws {
        let match = try #require(try Self.configuration().policy(forHostname: host))
        #expect(match.notedHostname == noted)
        #expect(match.policy.domain == noted)
        #expect(match.isSubdomainMatch == (host != noted))
    }

    @Test(arguments: ["www.example.net",  // example.net has no includeSubdomains
                      "example.com.otherdomainexample.com", "otherexample.com", "example.co.uk",
                      "WWW.EXAMPLE.COM", "example.com.",  // case-sensitive, no trailing-dot folding, as TrustKit's NSDictionary
                      "localhost", ""])
    func otherHostnamesAreNotPinned(host: String) throws {
        #expect(try Self.configuration().policy(forHostname: host) == nil)
    }
}
