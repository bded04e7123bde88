import Foundation
import Testing
import TrustCertificates
@testable import TrustEvaluation

/// Certificates that break an RFC 5280 encoding rule which Apple or GnuTLS load them despite
/// (Fixtures/encoding, written by its generate.py, every signature valid): they load, and then fail the
/// rule under the profiles that enforce it, on the certificate that breaks it.
@Suite struct EncodingDefectTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/encoding")
    static let time = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    static func certificate(_ name: String) throws -> Certificate {
        try CertificateLoader.load(path: directory.appendingPathComponent(name).path)[0]
    }

    static func evaluate(_ leaf: String, anchor: String = "root.pem", profile: TrustProfile) throws -> TrustEvaluationResult {
        let evaluator = TrustEvaluator(anchors: TrustAnchors(custom: CertificateStore([try certificate(anchor)])),
                                       policies: [.ssl(hostname: "leaf.example.test", profile: profile)])
        return evaluator.evaluate(leaf: try certificate(leaf), intermediates: [], at: time)
    }

    /// The failures an evaluation reports for one compliance rule, as "[index] rule".
    static func ruleFailures(_ result: TrustEvaluationResult) -> [String] {
        result.failures.compactMap { failure in failure.rule.map { "[\(failure.index)] \($0.rawValue)" } }
    }

    @Test func theControlChainIsTrustedUnderEveryProfile() throws {
        for profile in TrustProfile.allCases {
            let result = try Self.evaluate("leaf.pem", profile: profile)
            #expect(result.isTrusted, "\(profile): \(result.failures)")
        }
    }

    @Test func eachDefectIsRecordedAtLoad() throws {
        func defects(_ name: String) throws -> [EncodingDefect] { try Self.certificate(name).encodingDefects }
        #expect(try defects("leaf.pem").isEmpty)
        #expect(try defects("absent-parameters-leaf.pem") == [.signatureAlgorithmMismatch(
            outer: "RSA-SHA256 with NULL parameters", inner: "RSA-SHA256 without parameters", sameOID: true, equivalentParameters: true)])
        #expect(try defects("null-inner-parameters-leaf.pem") == [.signatureAlgorithmMismatch(
            outer: "RSA-SHA256 without parameters", inner: "RSA-SHA256 with NULL parameters", sameOID: true, equivalentParameters: true)])
        #expect(try defects("other-parameters-leaf.pem") == [.signatureAlgorithmMismatch(
            outer: "RSA-SHA256 with parameters", inner: "RSA-SHA256 with NULL parameters", sameOID: true, equivalentParameters: false)])
        #expect(try defects("other-algorithm-leaf.pem") == [.signatureAlgorithmMismatch(
            outer: "RSA-SHA512 with NULL parameters", inner: "RSA-SHA256 with NULL parameters", sameOID: false, equivalentParameters: false)])
        // Only RSA PKCS #1 v1.5 takes absent and NULL parameters alike (RFC 4055 §5); ECDSA's are absent.
        #expect(try defects("ecdsa-null-parameters-leaf.pem") == [.signatureAlgorithmMismatch(
            outer: "ECDSA-SHA256 with NULL parameters", inner: "ECDSA-SHA256 without parameters", sameOID: true, equivalentParameters: false)])
        #expect(try defects("version4-leaf.pem") == [.unknownVersion(4)])
        #expect(try Self.certificate("version4-leaf.pem").version == 4)
        #expect(try defects("utctime-without-seconds-leaf.pem") == [.validityTimeEncoding("notBefore is a UTCTime without seconds")])
        #expect(try defects("utctime-offset-leaf.pem") == [.validityTimeEncoding("notAfter is a UTCTime with an offset from UTC instead of Z")])
    }

    @Test func timesOutsideTheProfileReadAsApplesParserReadsThem() throws {
        let plain = try Self.certificate("leaf.pem")
        #expect(try Self.certificate("utctime-without-seconds-leaf.pem").notBefore == plain.notBefore)
        // 260601010000+0100 is one hour ahead of UTC: 2026-06-01T00:00:00Z, the control leaf's notAfter.
        #expect(try Self.certificate("utctime-offset-leaf.pem").notAfter == plain.notAfter)
    }

    /// Alamofire's and AFNetworking's encoding (TBS without parameters, outer with NULL), on the leaf
    /// and on the root: Apple and RFC 4055 take them as one algorithm, the web PKI wants the bytes.
    @Test(arguments: ["absent-parameters-leaf.pem", "null-inner-parameters-leaf.pem"])
    func parametersAbsentAgainstNullPassUnderAppleAndRFC5280(leaf: String) throws {
        #expect(try Self.evaluate(leaf, profile: .apple).isTrusted)
        #expect(try Self.evaluate(leaf, profile: .rfc5280).isTrusted)
        let webPKI = try Self.evaluate(leaf, profile: .webpki)
        #expect(!webPKI.isTrusted)
        #expect(Self.ruleFailures(webPKI) == ["[0] SignatureAlgorithmMismatch"])
    }

    @Test func anAnchorWithAbsentParametersIsAnAnchorUnderApple() throws {
        let apple = try Self.evaluate("absent-parameters-leaf.pem", anchor: "absent-parameters-root.pem", profile: .apple)
        #expect(apple.isTrusted, "\(apple.failures)")
        let webPKI = try Self.evaluate("absent-parameters-leaf.pem", anchor: "absent-parameters-root.pem", profile: .webpki)
        #expect(Self.ruleFailures(webPKI) == ["[0] SignatureAlgorithmMismatch", "[1] SignatureAlgorithmMismatch"])
    }

    @Test func otherParametersOfTheSameAlgorithmFailOutsideApple() throws {
        #expect(try Self.evaluate("other-parameters-leaf.pem", profile: .apple).isTrusted)
        for profile in [TrustProfile.rfc5280, .webpki] {
            #expect(Self.ruleFailures(try Self.evaluate("other-parameters-leaf.pem", profile: profile)) == ["[0] SignatureAlgorithmMismatch"])
        }
    }

    @Test(arguments: TrustProfile.allCases)
    func anotherAlgorithmFailsEveryProfile(profile: TrustProfile) throws {
        let result = try Self.evaluate("other-algorithm-leaf.pem", profile: profile)
        #expect(!result.isTrusted)
        #expect(Self.ruleFailures(result) == ["[0] SignatureAlgorithmMismatch"])
        #expect(result.failures.first { $0.rule != nil }?.detail
            == "signatureAlgorithm RSA-SHA512 with NULL parameters differs from the TBSCertificate's signature RSA-SHA256 with NULL parameters")
    }

    @Test(arguments: TrustProfile.allCases)
    func anUnknownVersionFailsEveryProfile(profile: TrustProfile) throws {
        let result = try Self.evaluate("version4-leaf.pem", profile: profile)
        #expect(!result.isTrusted)
        #expect(Self.ruleFailures(result).contains("[0] UnknownVersion"))
    }

    @Test(arguments: ["utctime-without-seconds-leaf.pem", "utctime-offset-leaf.pem"])
    func validityTimesOutsideTheProfileFailOutsideApple(leaf: String) throws {
        #expect(try Self.evaluate(leaf, profile: .apple).isTrusted)
        for profile in [TrustProfile.rfc5280, .webpki] {
            #expect(Self.ruleFailures(try Self.evaluate(leaf, profile: profile)) == ["[0] ValidityTimeEncoding"])
        }
    }

    /// GnuTLS loads a key of a fractional number of octets; it verifies nothing and fails as a broken key.
    @Test(arguments: TrustProfile.allCases)
    func aKeyWithUnusedBitsLoadsAndIsBroken(profile: TrustProfile) throws {
        let certificate = try Self.certificate("key-unused-bits-leaf.pem")
        #expect(certificate.publicKey.defect?.contains("the subjectPublicKey BIT STRING has 1 unused bits") == true)
        let result = try Self.evaluate("key-unused-bits-leaf.pem", profile: profile)
        #expect(!result.isTrusted)
        #expect(result.failures.contains { $0.index == 0 && $0.check == .weakKeySize })
    }

    /// What SecCertificateCreateWithData refuses stays refused by SecCertificate's rules.
    @Test func applesCreationRulesRefuseWhatAppleRefuses() throws {
        for accepted in ["absent-parameters-leaf.pem", "absent-parameters-root.pem", "other-algorithm-leaf.pem",
                         "utctime-without-seconds-leaf.pem", "utctime-offset-leaf.pem"] {
            #expect(AppleCertificateEncodingRules.accepts(try Self.certificate(accepted)), "\(accepted)")
        }
        for refused in ["version4-leaf.pem", "key-unused-bits-leaf.pem"] {
            #expect(!AppleCertificateEncodingRules.accepts(try Self.certificate(refused)), "\(refused)")
        }
    }
}
