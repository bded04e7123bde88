import Foundation
import Pinning
import Testing
import TrustCertificates
import TrustEvaluation

/// The pinning examples — the README's "CA-pin a partner in Swift" and docs/library.md's porting table — written as
/// the README writes them, on the pinning fixtures (Fixtures/generate.py, generate-evaluators.py).
@Suite struct ReadmePinningExampleTests {
    static func path(_ name: String) -> String { PinningFixtures.path(name) }

    @Test func partnersCAInOneCall() throws {
        let partnerCA = try CertificateLoader.load(path: Self.path("root.pem"))
        let chain = try CertificateLoader.load(paths: [Self.path("leaf.pem"), Self.path("intermediate.pem")])
        let partner = CAPinnedHost(host: "www.example.com", anchors: partnerCA,
                                   pins: try PinSet(parsing: ["sha256/hxiHr3WPqKxDCjfemE6LdA3XfzMc7cpIcBaakPBKRfk="]))
        let verdict = partner.evaluate(leaf: chain[0], intermediates: Array(chain.dropFirst()), at: PinningFixtures.time)
        #expect(verdict.failure == nil)
        #expect(verdict.isTrusted, "the intermediate's pin is on the path to the partner's CA")

        // The same chain under another CA is refused, pin or not.
        let other = CAPinnedHost(host: "www.example.com", anchors: try CertificateLoader.load(path: Self.path("rogue-root.pem")))
        let refused = other.evaluate(leaf: chain[0], intermediates: Array(chain.dropFirst()), at: PinningFixtures.time)
        #expect(!refused.isTrusted)
        #expect(refused.failure != nil)
    }

    @Test func portingTableCallsWork() throws {
        let leaf = try PinningFixtures.certificate("af-leaf.pem")
        let rest = [try PinningFixtures.certificate("af-intermediate.pem")]
        let anchors = TrustAnchors.only(CertificateStore([try PinningFixtures.certificate("af-root.pem")]))
        let at = PinningFixtures.time
        let host = "api.example.com"

        // Alamofire: a public-keys evaluator behind a ServerTrustManager.
        let pinned = try CertificateDirectory(path: Self.path("af-directory")).certificates
        let manager = ServerTrustManager(evaluators: [host: PublicKeysTrustEvaluator(certificates: pinned)])
        let evaluator = try #require(try manager.serverTrustEvaluator(forHost: host))
        try evaluator.evaluate(ServerTrust(leaf: leaf, intermediates: rest, anchors: anchors), forHost: host, at: at)

        // AFNetworking: public-key pinning over the same pinned certificates.
        let policy = AFSecurityPolicy(pinningMode: .publicKey, pinnedCertificates: Set(pinned.map { Data($0.der) }))
        #expect(policy.evaluateServerTrust(ServerTrust(leaf: leaf, intermediates: rest, anchors: anchors), forDomain: host, at: at))

        // NSPinnedDomains from an Info.plist, on an evaluation with the SSL policy for the host.
        let evaluation = TrustEvaluator(anchors: anchors, policies: [.ssl(hostname: host)])
            .evaluate(leaf: leaf, intermediates: rest, at: at)
        let verdict = try PinnedDomains(contentsOfFile: Self.path("af-ats-info.plist")).check(evaluation, forHost: host)
        #expect(verdict.isTrusted)
    }
}
