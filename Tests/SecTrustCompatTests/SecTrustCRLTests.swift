import Foundation
import SecTrustCompat
import Testing
import TestSupport

/// SecTrustSetCRLs (TrustCheck's own) and what a RequirePositiveResponse revocation policy makes of CRLs:
/// CRLs covering every reason answer for a certificate, as a used stapled OCSP response does.
@Suite("CRLs on a SecTrust")
struct SecTrustCRLTests {
    static func der(_ pem: String) -> Data {
        let body = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        return Data(base64Encoded: body)!
    }

    /// The crl-modes PKI (leaf ← CA ← root) as a trust for www.example.test, with `flags`' revocation policy.
    static func trust(_ vector: RecordedVector, revocationFlags flags: CFOptionFlags?) throws -> SecTrust {
        let certificates = try ([vector.peer] + vector.intermediates).map {
            try #require(SecCertificateCreateWithData(nil, der($0) as CFData))
        }
        let anchors = try vector.trusted.map { try #require(SecCertificateCreateWithData(nil, der($0) as CFData)) }
        var policies = [SecPolicyCreateSSL(true, "www.example.test" as CFString)]
        if let flags { policies.append(try #require(SecPolicyCreateRevocation(flags))) }
        let trust = Fixtures.trust(certificates, policies: policies, anchors: anchors)
        SecTrustSetVerifyDate(trust, ISO8601DateFormatter().date(from: "2026-01-15T12:00:00Z")! as CFDate)
        return trust
    }

    static let modes = { () -> RecordedVector in
        try! RecordedVector(file: "crl-modes", name: "require-every-certificate-answered")
    }()

    @Test("RequirePositiveResponse: CRLs for every certificate below the anchor answer; without them -67635")
    func crlsAnswerARequiredResponse() throws {
        let trust = try Self.trust(Self.modes, revocationFlags: kSecRevocationCRLMethod | kSecRevocationRequirePositiveResponse)
        let unanswered = Evaluation(trust)
        #expect(!unanswered.trusted && unanswered.code == Int(errSecIncompleteCertRevocationCheck))
        let details = try #require(SecTrustCopyResult(trust)?[kSecTrustResultDetails] as? [[String: Any]])
        #expect(details.map { Set($0.keys) } == [["RevocationResponseRequired"], ["RevocationResponseRequired"], []])

        #expect(SecTrustSetCRLs(trust, Self.modes.crls.map { Data($0.utf8) } as CFArray) == errSecSuccess)
        let answered = Evaluation(trust)
        #expect(answered.trusted && answered.result == .unspecified)

        // Only the CA's CRL: the CA certificate itself stays unanswered.
        #expect(SecTrustSetCRLs(trust, Data(Self.modes.crls[0].utf8) as CFData) == errSecSuccess)
        let partly = Evaluation(trust)
        #expect(partly.code == Int(errSecIncompleteCertRevocationCheck))
        let partlyDetails = try #require(SecTrustCopyResult(trust)?[kSecTrustResultDetails] as? [[String: Any]])
        #expect(partlyDetails.map { Set($0.keys) } == [[], ["RevocationResponseRequired"], []])
    }

    @Test("A CRL listing the leaf revokes whatever the policies (fatal -67820)")
    func revokingCRLIsFatal() throws {
        let revoked = try RecordedVector(file: "crl-signers", name: "separate-signing-key-revokes")
        let certificates = try ([revoked.peer] + revoked.intermediates).map {
            try #require(SecCertificateCreateWithData(nil, Self.der($0) as CFData))
        }
        let anchors = try revoked.trusted.map { try #require(SecCertificateCreateWithData(nil, Self.der($0) as CFData)) }
        let trust = Fixtures.trust(certificates, policies: [SecPolicyCreateSSL(true, "www.example.test" as CFString)],
                                   anchors: anchors)
        SecTrustSetVerifyDate(trust, ISO8601DateFormatter().date(from: "2026-01-15T12:00:00Z")! as CFDate)
        #expect(Evaluation(trust).trusted)
        SecTrustSetCRLs(trust, Data(revoked.crls[0].utf8) as CFData)
        let evaluation = Evaluation(trust)
        #expect(evaluation.result == .fatalTrustFailure && evaluation.code == Int(errSecCertificateRevoked))
        SecTrustSetCRLs(trust, nil)
        #expect(Evaluation(trust).trusted)
    }

    @Test("SecTrustSetCRLs takes data, an array of data or nil; other types errSecParam, no CRL errSecDecode")
    func argumentTypes() throws {
        let trust = try Self.trust(Self.modes, revocationFlags: nil)
        #expect(SecTrustSetCRLs(trust, "not data" as CFString) == errSecParam)
        #expect(SecTrustSetCRLs(trust, [Data(Self.modes.crls[0].utf8), "x"] as CFArray) == errSecParam)
        #expect(SecTrustSetCRLs(trust, Data("no CRL here".utf8) as CFData) == errSecDecode)
        #expect(SecTrustSetCRLs(trust, Self.der(Self.modes.crls[0]) as CFData) == errSecSuccess)
        #expect(SecTrustSetCRLs(trust, nil) == errSecSuccess)
        #expect(Evaluation(trust).trusted)
    }
}
