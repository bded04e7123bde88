import Foundation
import SecTrustCompat
import Testing
import TestSupport

/// SecTrustCopyResult's kSecTrustRevocationChecked and kSecTrustRevocationValidUntilDate, as Apple's
/// SecPathBuilderReportResult sets them: only on a trusted result whose every certificate below the anchor
/// had its revocation status established (CRLs from SecTrustSetCRLs, stapled OCSP responses), true, with
/// the earliest nextUpdate of the answers used. Through the Apple-named API only.
@Suite("kSecTrustRevocationChecked in SecTrustCopyResult")
struct SecTrustRevocationCheckedTests {
    static func revocationKeys(_ trust: SecTrust) throws -> (checked: Any?, validUntil: Any?) {
        let result = try #require(SecTrustCopyResult(trust))
        return (result[kSecTrustRevocationChecked], result[kSecTrustRevocationValidUntilDate])
    }

    static func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test("CRLs answering for the leaf and the CA: checked, valid until the CRLs' nextUpdate")
    func crlsForEveryCertificate() throws {
        let trust = try SecTrustCRLTests.trust(SecTrustCRLTests.modes, revocationFlags: nil)
        #expect(SecTrustSetCRLs(trust, SecTrustCRLTests.modes.crls.map { Data($0.utf8) } as CFArray) == errSecSuccess)
        #expect(Evaluation(trust).trusted)
        let keys = try Self.revocationKeys(trust)
        #expect(keys.checked as? Bool == true)
        // Both CRLs (crl_vectors.py) have nextUpdate 2026-02-01.
        #expect(keys.validUntil as? Date == Self.date("2026-02-01T00:00:00Z"))
        // The same under a RequirePositiveResponse revocation policy.
        let required = try SecTrustCRLTests.trust(SecTrustCRLTests.modes,
                                                  revocationFlags: kSecRevocationCRLMethod | kSecRevocationRequirePositiveResponse)
        SecTrustSetCRLs(required, SecTrustCRLTests.modes.crls.map { Data($0.utf8) } as CFArray)
        #expect(try Self.revocationKeys(required).checked as? Bool == true)
    }

    @Test("A certificate left unchecked, no CRLs at all, or a revoked chain: neither key")
    func absentUnlessEveryCertificateWasChecked() throws {
        let trust = try SecTrustCRLTests.trust(SecTrustCRLTests.modes, revocationFlags: nil)
        #expect(Evaluation(trust).trusted)
        var keys = try Self.revocationKeys(trust)
        #expect(keys.checked == nil && keys.validUntil == nil)
        // Only the CA's CRL: the leaf is checked, the CA is not (soft-fail: still trusted).
        SecTrustSetCRLs(trust, Data(SecTrustCRLTests.modes.crls[0].utf8) as CFData)
        #expect(Evaluation(trust).trusted)
        keys = try Self.revocationKeys(trust)
        #expect(keys.checked == nil && keys.validUntil == nil)

        let revoked = try RecordedVector(file: "crl-signers", name: "separate-signing-key-revokes")
        let certificates = try ([revoked.peer] + revoked.intermediates).map {
            try #require(SecCertificateCreateWithData(nil, SecTrustCRLTests.der($0) as CFData))
        }
        let anchors = try revoked.trusted.map { try #require(SecCertificateCreateWithData(nil, SecTrustCRLTests.der($0) as CFData)) }
        let revokedTrust = Fixtures.trust(certificates, policies: [SecPolicyCreateSSL(true, "www.example.test" as CFString)],
                                          anchors: anchors, at: Self.date("2026-01-15T12:00:00Z"))
        SecTrustSetCRLs(revokedTrust, revoked.crls.map { Data($0.utf8) } as CFArray)
        #expect(Evaluation(revokedTrust).code == Int(errSecCertificateRevoked))
        keys = try Self.revocationKeys(revokedTrust)
        #expect(keys.checked == nil && keys.validUntil == nil)
    }

    @Test("A stapled good OCSP response for the only certificate below the anchor: checked, valid until its nextUpdate")
    func stapledResponseAnswers() throws {
        let leaf = try SecTrustOCSPTests.certificate("leaf.pem")
        let intermediate = try SecTrustOCSPTests.certificate("intermediate.pem")
        // The intermediate (the responder's issuer) as the anchor: the leaf is all there is to check.
        let trust = Fixtures.trust([leaf], policies: [SecPolicyCreateSSL(true, "ocsp.example" as CFString)],
                                   anchors: [intermediate], at: SecTrustOCSPTests.time)
        #expect(Evaluation(trust).trusted)
        #expect(try Self.revocationKeys(trust).checked == nil)
        #expect(SecTrustSetOCSPResponse(trust, try SecTrustOCSPTests.data("good.der") as CFData) == errSecSuccess)
        #expect(Evaluation(trust).trusted)
        let keys = try Self.revocationKeys(trust)
        #expect(keys.checked as? Bool == true)
        #expect(keys.validUntil as? Date == Self.date("2026-06-07T00:00:00Z"))  // generate.py's next_update

        // Under the root the intermediate has no answer: not every certificate was checked.
        let full = try SecTrustOCSPTests.trust(["good.der"])
        #expect(Evaluation(full).trusted)
        #expect(try Self.revocationKeys(full).checked == nil)
    }
}
