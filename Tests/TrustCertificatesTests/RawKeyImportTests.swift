import CertificateFixtures
import Foundation
import GnuTLSBridge
import Testing
@testable import TrustCertificates

/// `PublicKeyInfo` imports the usual key forms into GnuTLS from their parts (`RawPublicKey`) rather than
/// from the SPKI DER: the two imports must make the same key — accepted or refused alike, the same size,
/// and the same verdict on every signature.
@Suite("Raw key import")
struct RawKeyImportTests {
    static let directories = [
        CertificateFixtures.directory.path,
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../TrustEvaluationTests/Fixtures/keys").standardized.path,
    ]

    /// Every certificate of the fixture directories that parses.
    static func certificates() -> [Certificate] {
        directories.flatMap { directory -> [Certificate] in
            let files = (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".pem") || $0.hasSuffix(".der") || $0.hasSuffix(".crt") }.sorted()
            return files.flatMap { (try? CertificateLoader.load(path: directory + "/" + $0)) ?? [] }
        }
    }

    /// The SPKI's parts as `PublicKeyInfo.rawKey` reads them.
    static func raw(_ spki: [UInt8]) throws -> RawPublicKey? {
        var reader = DERReader(spki)
        var fields = DERReader(try reader.read(tag: DERTag.sequence, "SPKI").content)
        var algorithm = DERReader(try fields.read(tag: DERTag.sequence, "AlgorithmIdentifier").content)
        let keyBits = try fields.read(tag: DERTag.bitString, "key").bitStringBytes()
        let oid = OIDDecoder.dotted(try algorithm.read(tag: DERTag.oid, "OID").content) ?? "?"
        let parameters = algorithm.isAtEnd ? nil : try algorithm.read()
        return PublicKeyInfo.rawKey(oid: oid, parameters: parameters, keyBits: keyBits, parametersEnd: algorithm.isAtEnd)
    }

    @Test("A key imported from its parts is the key imported from the SPKI")
    func rawAndSPKIImportsAgree() throws {
        let certificates = Self.certificates()
        var kinds: [String: Int] = [:]
        for certificate in certificates {
            let spki = certificate.publicKey.subjectPublicKeyInfo
            guard let raw = try Self.raw(spki) else { continue }
            let fromParts = try? PublicKeyVerifier(raw: raw)
            let fromSPKI = try? PublicKeyVerifier(subjectPublicKeyInfo: spki)
            #expect((fromParts == nil) == (fromSPKI == nil), "\(certificate.subject.rfc4514): one import refused the key")
            guard let fromParts, let fromSPKI else { continue }
            #expect(fromParts.bits == fromSPKI.bits)
            for signed in certificates {
                let byParts = fromParts.verify(data: signed.tbsCertificate, signature: signed.signature,
                                               algorithm: signed.signatureAlgorithm.gnutlsID)
                let bySPKI = fromSPKI.verify(data: signed.tbsCertificate, signature: signed.signature,
                                             algorithm: signed.signatureAlgorithm.gnutlsID)
                #expect(byParts == bySPKI, "\(signed.subject.rfc4514) by \(certificate.subject.rfc4514)")
            }
            switch raw {
            case .rsa: kinds["rsa", default: 0] += 1
            case .ec: kinds["ec", default: 0] += 1
            case .ed25519: kinds["ed25519", default: 0] += 1
            }
        }
        // The comparison ran over every kind, valid signatures among them.
        #expect(kinds["rsa", default: 0] > 3 && kinds["ec", default: 0] > 0 && kinds["ed25519", default: 0] > 0, "\(kinds)")
    }

    @Test("An off-curve point is refused from its parts as from the SPKI")
    func offCurvePointIsRefusedBothWays() throws {
        let path = Self.directories[1] + "/ec-off-curve-leaf.pem"
        let certificate = try #require(try CertificateLoader.load(path: path).first)
        let spki = certificate.publicKey.subjectPublicKeyInfo
        let raw = try #require(try Self.raw(spki))
        #expect(throws: GnuTLSError.self) { try PublicKeyVerifier(raw: raw) }
        #expect(throws: GnuTLSError.self) { try PublicKeyVerifier(subjectPublicKeyInfo: spki) }
        #expect(!certificate.publicKey.canVerifySignatures)
        #expect(certificate.publicKey.defect?.contains("not a point on P-256") == true)
    }

    static func node(_ bytes: [UInt8]) throws -> DERNode {
        var reader = DERReader(bytes)
        return try reader.read()
    }

    static let p256 = try! node([0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07])
    static let p224 = try! node([0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x21])
    static let null = try! node([0x05, 0x00])
    static let rsaKey: [UInt8] = [0x30, 0x06, 0x02, 0x01, 0x05, 0x02, 0x01, 0x03]

    @Test("Other forms keep the SPKI import")
    func otherFormsAreNotImportedFromParts() throws {
        let rsa = "1.2.840.113549.1.1.1", ec = "1.2.840.10045.2.1", ed25519 = "1.3.101.112"
        // The usual forms are taken from their parts…
        #expect(PublicKeyInfo.rawKey(oid: rsa, parameters: Self.null, keyBits: Self.rsaKey[...], parametersEnd: true)
            == .rsa(modulus: [5], exponent: [3]))
        #expect(PublicKeyInfo.rawKey(oid: ec, parameters: Self.p256, keyBits: ([4] + Array(repeating: 1, count: 64))[...],
                                     parametersEnd: true) != nil)
        #expect(PublicKeyInfo.rawKey(oid: ed25519, parameters: nil, keyBits: Array(repeating: 1, count: 32)[...],
                                     parametersEnd: true) == .ed25519(Array(repeating: 1, count: 32)))
        // …anything else is not: rsaEncryption without NULL parameters, a non-minimal INTEGER, RSA-PSS,
        // a compressed point, another curve, Ed25519 with parameters or of the wrong length, trailing fields.
        #expect(PublicKeyInfo.rawKey(oid: rsa, parameters: nil, keyBits: Self.rsaKey[...], parametersEnd: true) == nil)
        #expect(PublicKeyInfo.rawKey(oid: rsa, parameters: Self.null, keyBits: [0x30, 0x07, 0x02, 0x02, 0x00, 0x05, 0x02, 0x01, 0x03][...],
                                     parametersEnd: true) == nil)
        #expect(PublicKeyInfo.rawKey(oid: "1.2.840.113549.1.1.10", parameters: nil, keyBits: Self.rsaKey[...], parametersEnd: true) == nil)
        #expect(PublicKeyInfo.rawKey(oid: ec, parameters: Self.p256, keyBits: ([2] + Array(repeating: 1, count: 32))[...],
                                     parametersEnd: true) == nil)
        #expect(PublicKeyInfo.rawKey(oid: ec, parameters: Self.p224, keyBits: ([4] + Array(repeating: 1, count: 56))[...],
                                     parametersEnd: true) == nil)
        #expect(PublicKeyInfo.rawKey(oid: ed25519, parameters: Self.null, keyBits: Array(repeating: 1, count: 32)[...],
                                     parametersEnd: true) == nil)
        #expect(PublicKeyInfo.rawKey(oid: ed25519, parameters: nil, keyBits: Array(repeating: 1, count: 31)[...],
                                     parametersEnd: true) == nil)
        #expect(PublicKeyInfo.rawKey(oid: rsa, parameters: Self.null, keyBits: Self.rsaKey[...], parametersEnd: false) == nil)
    }
}
