import Foundation
import Testing
import TrustCertificates

/// Parsing stapled OCSP responses: the fields, the CertID match, the responder signature, and the
/// bytes that are not a usable response at all.
@Suite struct OCSPResponseTests {
    @Test func revokedResponseFieldsAreRead() throws {
        let response = try OCSPFixtures.response("revoked.der")
        let single = try #require(response.responses.first)
        #expect(response.responses.count == 1)
        #expect(single.status == .revoked(date: ISO8601DateFormatter().date(from: "2026-05-20T12:00:00Z")!,
                                          reason: .keyCompromise))
        #expect(single.thisUpdate == ISO8601DateFormatter().date(from: "2026-05-31T00:00:00Z")!)
        #expect(single.nextUpdate == ISO8601DateFormatter().date(from: "2026-06-07T00:00:00Z")!)
        #expect(single.certificateID.hashAlgorithmOID == "1.3.14.3.2.26")
        #expect(single.certificateID.serialNumber == [3])
        #expect(response.responderName?.rfc4514 == "CN=OCSP Intermediate,O=TrustCheck OCSP")
        #expect(response.signatureAlgorithm.name == "ECDSA-SHA256")
        #expect(response.certificates.isEmpty)
    }

    @Test func certificateIDIdentifiesOnlyItsCertificateUnderItsIssuer() throws {
        let id = try #require(OCSPFixtures.response("good.der").responses.first).certificateID
        let leaf = try OCSPFixtures.certificate("leaf.pem"), intermediate = try OCSPFixtures.certificate("intermediate.pem")
        #expect(id.identifies(leaf, issuedBy: intermediate))
        #expect(!id.identifies(try OCSPFixtures.certificate("other-leaf.pem"), issuedBy: intermediate))
        #expect(!id.identifies(leaf, issuedBy: try OCSPFixtures.certificate("root.pem")))
    }

    @Test func signatureVerifiesOnlyUnderTheSignersKey() throws {
        let intermediate = try OCSPFixtures.certificate("intermediate.pem")
        #expect(try OCSPFixtures.response("good.der").isSigned(by: intermediate))
        #expect(!(try OCSPFixtures.response("good.der").isSigned(by: OCSPFixtures.certificate("root.pem"))))
        #expect(!(try OCSPFixtures.response("wrong-signer.der").isSigned(by: intermediate)))
    }

    @Test func delegatedResponderNeedsOCSPSigningAndTheIssuersSignature() throws {
        let intermediate = try OCSPFixtures.certificate("intermediate.pem")
        let delegated = try OCSPFixtures.response("delegated-good.der")
        #expect(delegated.authorizedResponders(for: intermediate).map(\.subject.rfc4514)
                == ["CN=OCSP Intermediate,O=TrustCheck OCSP", "CN=OCSP Responder,O=TrustCheck OCSP"])
        let noEKU = try OCSPFixtures.response("delegated-no-eku.der")
        #expect(noEKU.certificates.count == 1)
        #expect(noEKU.authorizedResponders(for: intermediate) == [intermediate])
        // The responder certificate was issued by the intermediate, not by the root.
        #expect(delegated.authorizedResponders(for: try OCSPFixtures.certificate("root.pem")).count == 1)
    }

    @Test(arguments: [
        ("unauthorized.der", "ocsp.parse.unsuccessful", "the responder answered unauthorized (6), not a response"),
        ("garbage.der", "ocsp.parse.malformedDER", "not a DER OCSP response: DER is truncated"),
    ])
    func unusableBytesAreRefusedWithAStableCode(file: String, code: String, reason: String) throws {
        let error = #expect(throws: OCSPParseError.self) { try OCSPFixtures.response(file) }
        #expect(error?.code == code)
        #expect(error?.localizedDescription == reason)
    }

    @Test func truncatedAndTrailingBytesAreRefused() throws {
        let der = try OCSPFixtures.bytes("good.der")
        for bad in [Array(der.dropLast()), der + [0], Array(der.prefix(40))] {
            let error = #expect(throws: OCSPParseError.self) { try OCSPResponse(der: bad) }
            #expect(error?.kind == .malformedDER)
        }
    }

    /// Every single-byte corruption either parses or is refused with an OCSPParseError: nothing traps.
    @Test func corruptedBytesNeverTrap() throws {
        let der = try OCSPFixtures.bytes("delegated-good.der")
        var refused = 0
        for index in der.indices {
            var bad = der
            bad[index] ^= 0xFF
            do { _ = try OCSPResponse(der: bad) } catch { refused += 1 }
        }
        #expect(refused > 0)
    }
}
