import Foundation
import Testing
import TrustCertificates
@testable import TrustEvaluation

/// Keys no key pair can have (Fixtures/keys, written by its generate.py) are unusable under every
/// profile, wherever they are on the path: WeakKeySize (fatal, errSecUnsupportedKeySize) with the
/// defect as its detail.
@Suite struct KeyValidityTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/keys")
    static let time = ISO8601DateFormatter().date(from: "2026-01-01T00:00:00Z")!
    static let profiles: [TrustProfile] = [.apple, .webpki, .rfc5280]

    static func certificate(_ name: String) throws -> Certificate {
        try CertificateLoader.load(path: directory.appendingPathComponent(name).path)[0]
    }

    static func evaluate(_ leaf: String, intermediates: [String] = [], anchor: String = "root.pem",
                         profile: TrustProfile) throws -> TrustEvaluationResult
    {
        let leafCertificate = try certificate(leaf)
        let evaluator = TrustEvaluator(
            anchors: TrustAnchors(custom: CertificateStore([try certificate(anchor)])),
            policies: [.ssl(hostname: leafCertificate.dnsNames.first, profile: profile)])
        return evaluator.evaluate(leaf: leafCertificate, intermediates: try intermediates.map(certificate), at: time)
    }

    static func expectUnusableKey(_ result: TrustEvaluationResult, at index: Int, _ detail: String) {
        #expect(!result.isTrusted)
        #expect(result.resultType == .fatalTrustFailure)
        #expect(result.failures.map(\.description).contains(TrustFailure(index: index, check: .weakKeySize, detail: detail).description), "\(result.failures)")
        #expect(result.error?.code == OSStatusCode.errSecUnsupportedKeySize)
        #expect(result.error?.certificateIndex == index)
    }

    /// GnuTLS itself takes e = 1 (it verifies the forged signature), which is why the model must judge the key.
    @Test func exponentOneKeyVerifiesAForgedSignatureInGnuTLS() throws {
        let intermediate = try Self.certificate("exponent-1-intermediate.pem")
        #expect(intermediate.publicKey.canVerifySignatures)
        #expect(try Self.certificate("forged-leaf.pem").isSigned(by: intermediate))
        #expect(intermediate.publicKey.rsaPublicExponent == [1])
        #expect(intermediate.publicKey.defect == "RSA public exponent 1 is less than 3")
    }

    @Test(arguments: profiles)
    func leafForgedUnderAnExponentOneIntermediateIsNotTrusted(profile: TrustProfile) throws {
        let result = try Self.evaluate("forged-leaf.pem", intermediates: ["exponent-1-intermediate.pem"], profile: profile)
        Self.expectUnusableKey(result, at: 1, "RSA public exponent 1 is less than 3")
        #expect(result.chain.count == 3)
    }

    /// The anchor's key verifies the next certificate, so it is judged too.
    @Test(arguments: profiles)
    func anchorWithAnExponentOneKeyVouchesForNothing(profile: TrustProfile) throws {
        let result = try Self.evaluate("forged-by-root-leaf.pem", anchor: "exponent-1-root.pem", profile: profile)
        Self.expectUnusableKey(result, at: 1, "RSA public exponent 1 is less than 3")
    }

    static let brokenLeaves: [(file: String, defect: String)] = [
        ("exponent-2-leaf.pem", "RSA public exponent 2 is less than 3"),
        ("even-modulus-leaf.pem", "RSA modulus is even"),
        ("exponent-above-modulus-leaf.pem", "RSA public exponent is not smaller than the modulus"),
        ("modulus-16400-bits-leaf.pem", "RSA modulus of 16400 bits is larger than 16384 bits"),
        ("ec-off-curve-leaf.pem", "EC public key is not a point on P-256"),
        ("ec-infinity-leaf.pem", "EC public key is the point at infinity"),
    ]

    @Test(arguments: brokenLeaves)
    func leafWithAKeyThatCannotExistIsNotTrusted(file: String, defect: String) throws {
        #expect(try Self.certificate(file).publicKey.defect == defect)
        for profile in Self.profiles {
            Self.expectUnusableKey(try Self.evaluate(file, profile: profile), at: 0, defect)
        }
    }

    @Test(arguments: profiles)
    func wellFormedRSAKeyIsTrusted(profile: TrustProfile) throws {
        let leaf = try Self.certificate("rsa-65537-leaf.pem")
        #expect(leaf.publicKey.defect == nil)
        #expect(leaf.publicKey.rsaPublicExponent == [0x01, 0x00, 0x01])
        #expect(try Self.evaluate("rsa-65537-leaf.pem", profile: profile).isTrusted)
    }

    /// e = 3 is a real key (RFC 8017), but outside the Baseline Requirements' range (BR 6.1.6).
    @Test func exponentThreeFailsOnlyTheWebPKIProfile() throws {
        #expect(try Self.certificate("exponent-3-leaf.pem").publicKey.defect == nil)
        #expect(try Self.evaluate("exponent-3-leaf.pem", profile: .apple).isTrusted)
        #expect(try Self.evaluate("exponent-3-leaf.pem", profile: .rfc5280).isTrusted)
        let webpki = try Self.evaluate("exponent-3-leaf.pem", profile: .webpki)
        #expect(webpki.failures == [TrustFailure(
            index: 0, check: .webPKICompliance, context: .rule(
                .rsaExponentOutOfRange,
                detail: "RSA public exponent 3 is outside the Baseline Requirements' range 2^16+1 to 2^256-1 (BR 6.1.6)"))])
        #expect(webpki.failures.first?.rule == .rsaExponentOutOfRange)
    }

    @Test func baselineRangeBounds() {
        #expect(!KeyStrengthCheck.isInBaselineRange([0x01, 0x00, 0x00]))
        #expect(KeyStrengthCheck.isInBaselineRange([0x01, 0x00, 0x01]))
        #expect(KeyStrengthCheck.isInBaselineRange([UInt8](repeating: 0xFF, count: 32)))
        #expect(!KeyStrengthCheck.isInBaselineRange([0x01] + [UInt8](repeating: 0, count: 32)))
    }
}
