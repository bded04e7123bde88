import CertificateFixtures
import Foundation
import Testing
import TrustCertificates

/// The strength rules on HashAlgorithm, which the signature, revocation and profile checks share.
@Suite struct HashAlgorithmTests {
    static let all: [HashAlgorithm] = [
        .md2, .md4, .md5, .sha1, .sha224, .sha256, .sha384, .sha512, .sha3_224, .sha3_256, .sha3_384, .sha3_512,
        .other("RIPEMD160"),
    ]

    @Test(arguments: all)
    func rules(_ hash: HashAlgorithm) {
        #expect(hash.isBroken == [.md2, .md4, .md5].contains(hash))
        #expect(hash.isSHA1 == (hash == .sha1))
        #expect(hash.isSHA1OrWeaker == [.md2, .md4, .md5, .sha1].contains(hash))
        #expect(hash.isSHA2 == [.sha224, .sha256, .sha384, .sha512].contains(hash))
        #expect(hash.isAllowedByBaselineRequirements == [.sha256, .sha384, .sha512].contains(hash))
    }

    /// GnuTLS's names read back to the same case, whatever the letter case.
    @Test(arguments: all)
    func namesRoundTrip(_ hash: HashAlgorithm) {
        #expect(HashAlgorithm(name: hash.name) == hash)
        if case .other = hash { return }
        #expect(HashAlgorithm(name: hash.name.lowercased()) == hash)
    }

    @Test func gnutlsSpellings() {
        #expect(HashAlgorithm.sha256.name == "SHA256")
        #expect(HashAlgorithm.sha3_256.name == "SHA3-256")
        #expect(HashAlgorithm(name: "STREEBOG-256") == .other("STREEBOG-256"))
    }
}

/// What the model makes of real signature algorithms, and `isSigned(by:)` on certificates and CRLs.
@Suite struct SignatureAlgorithmTests {
    static func fixture(_ file: String) throws -> Certificate {
        try CertificateLoader.load(path: CertificateFixtures.directory.appendingPathComponent(file).path)[0]
    }

    @Test func rsaSHA256() throws {
        let algorithm = try Self.fixture("rsa2048-leaf.pem").signatureAlgorithm
        #expect(algorithm.name == "RSA-SHA256")
        #expect(algorithm.oid == "1.2.840.113549.1.1.11")
        #expect(algorithm.hash == .sha256)
        #expect(algorithm.keyType == .rsa)
        #expect(algorithm.isKnown && algorithm.isSecureForCertificates)
    }

    /// EdDSA names no digest: GnuTLS's SHA-512 inside Ed25519 must not surface as a hash.
    @Test func ed25519HasNoHash() throws {
        let algorithm = try Self.fixture("ed25519-leaf.der").signatureAlgorithm
        #expect(algorithm.name == "EdDSA-Ed25519")
        #expect(algorithm.hash == nil)
        #expect(algorithm.keyType == .ed25519)
    }

    @Test func sha1IsKnownButNotSecure() throws {
        let entry = try #require(CertificateFixtures.certificates.first { $0.signatureHash == "sha1" })
        let algorithm = try Self.fixture(entry.file).signatureAlgorithm
        #expect(algorithm.hash == .sha1)
        #expect(algorithm.hash?.isSHA1OrWeaker == true)
        #expect(!algorithm.isSecureForCertificates)
    }

    @Test func certificateSignedByItsIssuerOnly() throws {
        let ca = try ModelFixtures.certificate("ca"), other = try ModelFixtures.certificate("other-ca")
        let leaf = try ModelFixtures.certificate("aki-key-only")
        #expect(leaf.isSigned(by: ca))
        #expect(!leaf.isSigned(by: other))
        #expect(!leaf.isSigned(by: leaf))
        #expect(ca.isSigned(by: ca))
        #expect(!ca.isSigned(by: other))
    }

    @Test func crlSignedByItsIssuerOnly() throws {
        let crl = try ModelFixtures.crl()
        #expect(crl.isSigned(by: try ModelFixtures.certificate("ca")))
        #expect(!crl.isSigned(by: try ModelFixtures.certificate("other-ca")))
        #expect(crl.signatureAlgorithm.name == "ECDSA-SHA384")
        #expect(crl.signatureAlgorithm.oid == "1.2.840.10045.4.3.3")
        #expect(crl.signatureAlgorithm.hash == .sha384)
        #expect(crl.signatureAlgorithm.keyType == .ecdsa)
    }

    @Test func keysTheLibraryImportsCanVerify() throws {
        #expect(try ModelFixtures.certificate("ca").publicKey.canVerifySignatures)
    }
}

/// The model's digests against known answers (FIPS 180-4 "abc").
@Suite struct DigestTests {
    @Test func knownAnswers() {
        #expect(Hex.encode(SHA256.hash(Array("abc".utf8)))
            == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Hex.encode(SHA1.hash(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
    }
}
