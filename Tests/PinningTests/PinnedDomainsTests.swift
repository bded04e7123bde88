import Foundation
import Pinning
import Testing
import TrustCertificates
import TrustEvaluation

/// NSPinnedDomains from Fixtures/af-ats-info.plist (pins computed by python), applied as Apple's SSL policy does.
@Suite struct PinnedDomainsTests {
    typealias F = EvaluatorFixtures

    static func domains() throws -> PinnedDomains { try PinnedDomains(contentsOfFile: PinningFixtures.path("af-ats-info.plist")) }

    static func verdict(_ host: String, leaf: String = "af-leaf.pem", intermediates: [String] = ["af-intermediate.pem"],
                        anchors: [String] = ["af-root.pem"]) throws -> PinnedDomainsVerdict
    {
        try domains().evaluate(try F.trust(leaf: leaf, intermediates: intermediates, anchors: anchors), forHost: host, at: F.time)
    }

    @Test func parsesTheEntriesAndSaysWhatAppleWouldSkip() throws {
        let domains = try Self.domains()
        #expect(domains.domains.map(\.domain) == ["WWW.Example.NET", "api.example.com", "bad.example.net", "empty.example.net",
                                                  "example.com", "selfsigned.example.net"])
        let api = try #require(domains.domains.first { $0.domain == "api.example.com" })
        #expect(api.leafIdentities?.pins.map(\.base64) == [try Self.spki("af-leaf.pem")])
        #expect(api.caIdentities?.pins.map(\.base64) == [try Self.spki("af-root.pem")])
        #expect(domains.domains.first { $0.domain == "example.com" }?.includesSubdomains == true)
        #expect(domains.domains.first { $0.domain == "WWW.Example.NET" }?.includesSubdomains == false)
        #expect(domains.warnings.count == 5)
        #expect(domains.warnings.contains { $0.contains("skipped.example.net") })
        #expect(domains.warnings.contains { $0.contains("NSIncludesSubdomains is not a boolean") })
    }

    @Test func bothKindsOfIdentityMatch() throws {
        let verdict = try Self.verdict("api.example.com")
        #expect(verdict.isTrusted)
        // example.com includes its subdomains, so its (rogue) CA identity is merged in: one of the two is enough.
        #expect(verdict.identities?.domains == ["api.example.com", "example.com"])
        #expect(verdict.identities?.ca?.pins.count == 2)
        #expect(verdict.pinFailures.isEmpty)
        // A trailing dot is dropped before the lookup.
        #expect(try Self.verdict("api.example.com.").identities?.domains == ["api.example.com", "example.com"])
    }

    @Test func aMismatchIsApplesPinningError() throws {
        let verdict = try Self.verdict("www.example.com")
        #expect(verdict.evaluation.isTrusted)
        #expect(!verdict.isTrusted)
        #expect(verdict.identities?.domains == ["example.com"])
        #expect(verdict.pinFailures.map(\.index) == [1, 2])
        #expect(verdict.pinFailures.allSatisfy { $0.check == PinnedDomainsVerdict.caCheckKey })
        #expect(verdict.failure?.code == OSStatusCode.errSSLATSCertificateTrustViolation)
        #expect(verdict.failure?.message
            == "\"api.example.com\",\"Evaluator Test Intermediate\",\"Evaluator Test Root\" certificates do not meet pinning requirements")
        // The parent itself and a case-insensitive key.
        #expect(try Self.verdict("example.com").failure?.code == OSStatusCode.errSSLATSCertificateTrustViolation)
        let net = try Self.verdict("www.example.net")
        #expect(net.pinFailures.map(\.check) == [PinnedDomainsVerdict.leafCheckKey])
    }

    @Test func subdomainsAreOneLevelAndOnlyWithABooleanTrue() throws {
        #expect(try Self.verdict("deep.www.example.com").identities == nil)
        #expect(try Self.verdict("deep.www.example.com").isTrusted)
        // NSIncludesSubdomains = 1 (an integer) is not kCFBooleanTrue.
        #expect(try Self.verdict("sub.www.example.net").identities == nil)
        #expect(try Self.verdict("sub.www.example.net").isTrusted)
    }

    @Test func anEmptyOrUnusableIdentityListStillPins() throws {
        for host in ["empty.example.net", "bad.example.net"] {
            let verdict = try Self.verdict(host)
            #expect(verdict.identities != nil, "\(host)")
            #expect(verdict.failure?.code == OSStatusCode.errSSLATSCertificateTrustViolation, "\(host)")
        }
    }

    @Test func caIdentitiesNeverMatchTheLeaf() throws {
        let verdict = try Self.verdict("selfsigned.example.net", leaf: "af-self-signed.pem", intermediates: [], anchors: ["af-self-signed.pem"])
        #expect(verdict.evaluation.isTrusted)
        #expect(verdict.pinFailures.map(\.index) == [0])
        #expect(verdict.failure?.code == OSStatusCode.errSSLATSCertificateTrustViolation)
    }

    @Test func pinningOutranksNameAndTrustButNotRevocation() throws {
        // Not in the leaf's names and pinned to a CA not on the chain: Pinning (6) beats Name (9).
        let renamed = PinnedDomains(domains: [PinnedDomain(domain: "example.com", includesSubdomains: true, caIdentities: PinSet([]))])
        let wrongName = renamed.evaluate(try F.trust(), forHost: "nowhere.example.com", at: F.time)
        #expect(wrongName.evaluation.error?.code == OSStatusCode.errSecHostNameMismatch)
        #expect(wrongName.failure?.code == OSStatusCode.errSSLATSCertificateTrustViolation)
        // Untrusted (missing root) and mismatched: still the pinning error.
        let untrusted = try Self.verdict("www.example.com", anchors: [])
        #expect(untrusted.evaluation.error?.code == OSStatusCode.errSecCreateChainFailed)
        #expect(untrusted.failure?.code == OSStatusCode.errSSLATSCertificateTrustViolation)
        // Untrusted but pinned: the engine's error.
        let intermediatePin = try #require(PublicKeyPin(of: try F.certificate("af-intermediate.pem")))
        let onIntermediate = PinnedDomains(domains: [PinnedDomain(domain: "www.example.com", caIdentities: PinSet([intermediatePin]))])
        let pinnedButUntrusted = onIntermediate.evaluate(try F.trust(anchors: ["af-rogue.pem"]), forHost: "www.example.com", at: F.time)
        #expect(pinnedButUntrusted.pinFailures.isEmpty)
        #expect(pinnedButUntrusted.failure?.code == OSStatusCode.errSecCreateChainFailed)
        // Revoked (subtype 1) beats Pinning (6): an evaluation made elsewhere, with the SSL policy and a CRL.
        let evaluator = TrustEvaluator(anchors: .only(CertificateStore([try F.certificate("af-root.pem")])),
                                       policies: [.ssl(hostname: "www.example.com")], publicSuffixes: .empty,
                                       crls: try CRLLoader.load(path: PinningFixtures.path("af-intermediate.crl")))
        let revoked = evaluator.evaluate(leaf: try F.certificate("af-revoked-leaf.pem"),
                                         intermediates: [try F.certificate("af-intermediate.pem")], at: F.time)
        let verdict = try Self.domains().check(revoked, forHost: "www.example.com")
        #expect(!verdict.pinFailures.isEmpty)
        #expect(verdict.failure?.code == OSStatusCode.errSecCertificateRevoked)
    }

    @Test func badInputIsAnErrorNamingTheFile() throws {
        let path = try PinningFixtures.temporaryFile(Data("not a plist".utf8), name: "Info.plist")
        do {
            _ = try PinnedDomains(contentsOfFile: path)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .notAPropertyList)
            #expect(error.path == path)
        }
        #expect(throws: PinnedDomainsError.self) { _ = try PinnedDomains(contentsOfFile: path + ".absent") }
        // An Info.plist without NSPinnedDomains pins nothing.
        let plain = try PinnedDomains(infoPlist: try PropertyListSerialization.data(fromPropertyList: ["CFBundleIdentifier": "x"],
                                                                                     format: .xml, options: 0))
        #expect(plain.domains.isEmpty && plain.warnings.isEmpty)
        #expect(plain.evaluate(try F.trust(), forHost: "api.example.com", at: F.time).isTrusted)
    }

    static func spki(_ name: String) throws -> String {
        // The plist's own value, read independently of PinnedDomains.
        let plist = try PropertyListSerialization.propertyList(
            from: try Data(contentsOf: URL(fileURLWithPath: PinningFixtures.path("af-ats-info.plist"))), format: nil) as? [String: Any]
        let pinned = (plist?["NSAppTransportSecurity"] as? [String: Any])?["NSPinnedDomains"] as? [String: Any]
        let api = pinned?["api.example.com"] as? [String: Any]
        let key = name == "af-leaf.pem" ? "NSPinnedLeafIdentities" : "NSPinnedCAIdentities"
        return try #require(((api?[key] as? [[String: Any]])?.first?["SPKI-SHA256-BASE64"]) as? String)
    }
}
