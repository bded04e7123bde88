import Foundation
import Testing
import TrustCertificates
import TrustEvaluation

/// Evaluators sharing a `SignatureCache`: the same verdicts as without it, no public-key operation for
/// a chain seen before, and no trust for bytes the cache never checked.
@Suite struct SharedSignatureCacheTests {
    static func load(_ name: String) throws -> [Certificate] { try PathBuilderTests.load(name) }

    static func evaluator(anchors: String, cache: SignatureCache?) throws -> TrustEvaluator {
        TrustEvaluator(anchors: .only(CertificateStore(try load(anchors))), policies: [.ssl(hostname: nil)],
                       signatureCache: cache)
    }

    @Test func sameVerdictsAndNoSecondCheck() throws {
        let leaf = try Self.load("cross-leaf.pem")[0]
        let intermediates = try Self.load("cross-intermediate.pem") + Self.load("new-by-old.pem")
        let cache = SignatureCache()
        let uncached = try Self.evaluator(anchors: "old-root.pem", cache: nil)
            .evaluate(leaf: leaf, intermediates: intermediates, at: PathBuilderTests.time)
        let first = try Self.evaluator(anchors: "old-root.pem", cache: cache)
            .evaluate(leaf: leaf, intermediates: intermediates, at: PathBuilderTests.time)
        let second = try Self.evaluator(anchors: "old-root.pem", cache: cache)
            .evaluate(leaf: leaf, intermediates: intermediates, at: PathBuilderTests.time)
        for result in [first, second] {
            #expect(result.isTrusted == uncached.isTrusted)
            #expect(result.chain.map(\.certificate) == uncached.chain.map(\.certificate))
        }
        #expect(first.isTrusted)
        #expect(first.signatureChecks == uncached.signatureChecks)
        #expect(first.signatureChecks > 0)
        #expect(second.signatureChecks == 0)
    }

    @Test func aWarmCacheGrantsNothingToAlteredBytes() throws {
        let leaf = try Self.load("cross-leaf.pem")[0]
        let intermediate = try Self.load("cross-intermediate.pem")[0]
        let crossCertificate = try Self.load("new-by-old.pem")[0]
        let cache = SignatureCache()
        let evaluator = try Self.evaluator(anchors: "old-root.pem", cache: cache)
        #expect(evaluator.evaluate(leaf: leaf, intermediates: [intermediate, crossCertificate], at: PathBuilderTests.time).isTrusted)
        // The same cross certificate with one octet of its signature changed: everything a lookup by name
        // or key would match is the same, only the bytes differ.
        var der = crossCertificate.der
        der[der.count - 1] ^= 0x01
        let altered = try Certificate(der: der)
        let result = evaluator.evaluate(leaf: leaf, intermediates: [intermediate, altered], at: PathBuilderTests.time)
        #expect(!result.isTrusted)
        #expect(result.signatureChecks >= 1)
    }
}
