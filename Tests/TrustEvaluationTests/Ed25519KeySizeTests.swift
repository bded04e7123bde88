import Foundation
import Testing
import TrustCertificates
@testable import TrustEvaluation

/// Apple's SSL policy lists minimum key sizes for RSA and EC only, so an Ed25519 key fails KeySize at any
/// size (SecCertificateIsAtLeastMinKeySize finds no entry for it), while the basic X.509 policy takes it.
/// The failure says that, not a minimum of 0 bits. Fixtures/ed25519 (written by its generate.py).
@Suite struct Ed25519KeySizeTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ed25519")
    static let time = ISO8601DateFormatter().date(from: "2026-06-01T00:00:00Z")!

    static func evaluate(_ policy: TrustPolicy) throws -> TrustEvaluationResult {
        func certificate(_ name: String) throws -> Certificate {
            try #require(CertificateLoader.load(path: directory.appendingPathComponent(name).path).first)
        }
        let evaluator = TrustEvaluator(anchors: .only(CertificateStore([try certificate("root.pem")])), policies: [policy])
        return evaluator.evaluate(leaf: try certificate("leaf.pem"), intermediates: [], at: time)
    }

    @Test func theSSLPolicyTakesNoEd25519Keys() throws {
        let result = try Self.evaluate(.ssl(hostname: "ed25519.example"))
        #expect(!result.isTrusted)
        #expect(result.failures.map(\.check) == [.keySize])
        let failure = try #require(result.failures.first)
        #expect(failure.index == 0)
        #expect(failure.detail == "the SSL policy takes no Ed25519 keys, of any size (only RSA and EC)")
        #expect(failure.detail?.contains("at least") == false)
        #expect(result.error?.code == OSStatusCode.errSecUnsupportedKeySize)
        // Not a broken key: recoverable, as Apple's KeySize.
        #expect(result.resultType == .recoverableTrustFailure)
    }

    @Test func theBasicPolicyTakesThem() throws {
        let result = try Self.evaluate(.basicX509())
        #expect(result.isTrusted, "\(result.failures)")
    }

    /// The RSA and EC minimums are still stated as sizes.
    @Test func sizedAlgorithmsStillNameTheirMinimum() {
        let context = TrustFailure.Context.keySize(algorithm: "RSA", bits: 1024, minimumBits: 2048)
        #expect(context.text == "RSA 1024 bits, at least 2048 needed")
    }
}
