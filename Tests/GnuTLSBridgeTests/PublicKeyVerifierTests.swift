import CertificateFixtures
import GnuTLSBridge
import Testing

/// Certificate signatures checked with `PublicKeyVerifier`, using the TBS bytes and signature
/// value python `cryptography` extracted (expected.json) and the issuer named by the generator.
@Suite struct PublicKeyVerifierTests {
    @Test func expectedJSONDecodes() throws {
        #expect(try Fixtures.expected.get().certificates.count == 39)
        // Each key type's leaf plus the chain and bundle members: the wrong-key test must not run empty.
        #expect(Fixtures.signedByAnotherKeyOfTheSameKind.count >= 12)
    }

    private struct Signed {
        let tbs: [UInt8]
        let signature: [UInt8]
        let algorithm: Int32
        let spki: [UInt8]
        let issuerSPKI: [UInt8]
    }

    private func signed(_ entry: Fixtures.Entry) throws -> Signed {
        let der = try Fixtures.der(entry.location)
        let tbs = try Fixtures.tbs(of: der)
        #expect(hex(Digest.sha256(tbs)) == entry.tbsSha256, "TBS sliced as python sliced it")
        let fields = try GnuTLSCertificateParser.parse(der: der)
        let issuer = try GnuTLSCertificateParser.parse(der: try Fixtures.der(entry.issuerLocation))
        return Signed(tbs: tbs, signature: bytes(hex: entry.signatureHex), algorithm: fields.signatureAlgorithm,
                      spki: fields.subjectPublicKeyInfo, issuerSPKI: issuer.subjectPublicKeyInfo)
    }

    @Test(arguments: Fixtures.entries)
    func signatureVerifiesWithTheIssuerKey(_ entry: Fixtures.Entry) throws {
        let signed = try signed(entry)
        let verifier = try PublicKeyVerifier(subjectPublicKeyInfo: signed.issuerSPKI)
        #expect(verifier.verify(data: signed.tbs, signature: signed.signature, algorithm: signed.algorithm) == .valid)
    }

    @Test(arguments: Fixtures.entries)
    func alteredTBSFails(_ entry: Fixtures.Entry) throws {
        let signed = try signed(entry)
        var tbs = signed.tbs
        tbs[tbs.count / 2] ^= 0x01
        let verifier = try PublicKeyVerifier(subjectPublicKeyInfo: signed.issuerSPKI)
        #expect(verifier.verify(data: tbs, signature: signed.signature, algorithm: signed.algorithm) == .invalid)
    }

    /// The certificate's own key stands in for a wrong key of the right type.
    @Test(arguments: Fixtures.signedByAnotherKeyOfTheSameKind)
    func wrongKeyOfTheSameTypeFails(_ entry: Fixtures.Entry) throws {
        let signed = try signed(entry)
        try #require(signed.spki != signed.issuerSPKI)
        let verifier = try PublicKeyVerifier(subjectPublicKeyInfo: signed.spki)
        #expect(verifier.verify(data: signed.tbs, signature: signed.signature, algorithm: signed.algorithm) == .invalid)
    }

    @Test func alteredSignatureFails() throws {
        let signed = try signed(try Fixtures.entry(.init(file: "rsa2048-leaf.pem", index: 0)))
        var signature = signed.signature
        signature[signature.count - 1] ^= 0x80
        let verifier = try PublicKeyVerifier(subjectPublicKeyInfo: signed.issuerSPKI)
        #expect(verifier.verify(data: signed.tbs, signature: signature, algorithm: signed.algorithm) == .invalid)
    }

    @Test func rsaSignatureWithAnECKeyIsIncompatible() throws {
        let rsaSigned = try signed(try Fixtures.entry(.init(file: "rsa2048-leaf.pem", index: 0)))
        let ecKey = try signed(try Fixtures.entry(.init(file: "ec-p256-root.pem", index: 0))).spki
        let verifier = try PublicKeyVerifier(subjectPublicKeyInfo: ecKey)
        #expect(verifier.verify(data: rsaSigned.tbs, signature: rsaSigned.signature, algorithm: rsaSigned.algorithm)
            == .incompatibleKey)
    }

    /// SHA-1 is a policy question for the engine, so the bridge still verifies it.
    @Test func sha1SignatureVerifies() throws {
        let entry = try Fixtures.entry(.init(file: "sha1-rsa.pem", index: 0))
        let signed = try signed(entry)
        #expect(SignatureAlgorithmInfo(id: signed.algorithm).hashName == "SHA1")
        #expect(!SignatureAlgorithmInfo(id: signed.algorithm).isSecureForCertificates)
        let verifier = try PublicKeyVerifier(subjectPublicKeyInfo: signed.issuerSPKI)
        #expect(verifier.verify(data: signed.tbs, signature: signed.signature, algorithm: signed.algorithm) == .valid)
    }

    @Test func unknownAlgorithmIsUnusable() throws {
        let signed = try signed(try Fixtures.entry(.init(file: "rsa2048-root.pem", index: 0)))
        let verifier = try PublicKeyVerifier(subjectPublicKeyInfo: signed.issuerSPKI)
        guard case .unusable = verifier.verify(data: signed.tbs, signature: signed.signature, algorithm: 0) else {
            Issue.record("algorithm 0 must be unusable")
            return
        }
    }

    @Test func garbageKeyIsRejected() {
        #expect(throws: GnuTLSError.self) { try PublicKeyVerifier(subjectPublicKeyInfo: [0x30, 0x03, 0x02, 0x01, 0x00]) }
        #expect(throws: GnuTLSError.self) { try PublicKeyVerifier(subjectPublicKeyInfo: []) }
    }
}
