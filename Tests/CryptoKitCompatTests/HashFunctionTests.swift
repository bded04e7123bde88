import CryptoKitCompat
import Foundation
import Testing
import TestSupport
import URLSessionCompat

/// CryptoKit's hash functions as iOS code calls them, against the FIPS 180-4 / RFC 1321 vectors (hashlib's values).
struct HashFunctionTests {
    static let abc: [String: String] = [
        "MD5": "900150983cd24fb0d6963f7d28e17f72",
        "SHA1": "a9993e364706816aba3e25717850c26c9cd0d89d",
        "SHA256": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        "SHA384": "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
        "SHA512": "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
    ]
    static let million: [String: String] = [
        "MD5": "7707d6ae4e027c70eea2a935c2296f21",
        "SHA1": "34aa973cd4c4daa4f61eeb2bdbad27316534016f",
        "SHA256": "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
        "SHA384": "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985",
        "SHA512": "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b",
    ]

    static func hex<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 { bytes.map { String(format: "%02x", $0) }.joined() }

    static func oneShot(_ name: String, _ data: Data) -> String {
        switch name {
        case "MD5": hex(Insecure.MD5.hash(data: data))
        case "SHA1": hex(Insecure.SHA1.hash(data: data))
        case "SHA256": hex(SHA256.hash(data: data))
        case "SHA384": hex(SHA384.hash(data: data))
        case "SHA512": hex(SHA512.hash(data: data))
        default: preconditionFailure(name)
        }
    }

    static func incremental<H: HashFunction>(_ type: H.Type, _ data: Data, chunk: Int) -> String {
        var hasher = H()
        var offset = 0
        while offset < data.count {
            hasher.update(data: data[offset..<min(offset + chunk, data.count)])
            offset += chunk
        }
        return hex(hasher.finalize())
    }

    @Test(arguments: ["MD5", "SHA1", "SHA256", "SHA384", "SHA512"])
    func vectors(_ name: String) {
        #expect(Self.oneShot(name, Data("abc".utf8)) == Self.abc[name])
        #expect(Self.oneShot(name, Data(repeating: UInt8(ascii: "a"), count: 1_000_000)) == Self.million[name])
    }

    @Test func incrementalInAnyChunking() {
        let million = Data(repeating: UInt8(ascii: "a"), count: 1_000_000)
        for chunk in [1_000, 4_096, 1_000_000] {
            #expect(Self.incremental(SHA256.self, million, chunk: chunk) == Self.million["SHA256"])
            #expect(Self.incremental(SHA384.self, million, chunk: chunk) == Self.million["SHA384"])
            #expect(Self.incremental(Insecure.SHA1.self, million, chunk: chunk) == Self.million["SHA1"])
        }
    }

    @Test func finalizeLeavesTheHashUsableAndCopiesAreIndependent() {
        var hasher = SHA256()
        hasher.update(data: Data("a".utf8))
        let copy = hasher
        #expect(hasher.finalize() == hasher.finalize())
        hasher.update(data: Data("bc".utf8))
        #expect(Self.hex(hasher.finalize()) == Self.abc["SHA256"])
        #expect(copy.finalize() == SHA256.hash(data: Data("a".utf8)))
        var raw = SHA512()
        Array("abc".utf8).withUnsafeBytes { raw.update(bufferPointer: $0) }
        #expect(Self.hex(raw.finalize()) == Self.abc["SHA512"])
    }

    @Test func digestsAsCryptoKitShowsThem() {
        let digest = SHA256.hash(data: Data("abc".utf8))
        #expect(digest.description == "SHA256 digest: " + Self.abc["SHA256"]!)
        #expect(Insecure.SHA1.hash(data: Data("abc".utf8)).description == "SHA1 digest: " + Self.abc["SHA1"]!)
        #expect(Data(digest).count == SHA256.byteCount && SHA256.byteCount == 32 && SHA512.blockByteCount == 128)
        #expect(digest == Data(digest))
        #expect(!(digest == Data(digest).dropLast()))
        #expect(digest != SHA256.hash(data: Data("abd".utf8)))
        #expect(Set([digest, SHA256.hash(data: Data("abc".utf8))]).count == 1)
        let joined = digest.compactMap { String(format: "%02x", $0) }.joined()
        #expect(joined == Self.abc["SHA256"])
        #expect(digest.withUnsafeBytes { Data($0) } == Data(digest))
    }

    /// The pin of newer iOS articles: base64 SHA-256 over the key behind its ASN.1 header, with CryptoKit,
    /// equals openssl's SPKI pin of the certificate.
    @Test func theArticlePinIsOpenSSLsSPKIPin() throws {
        _ = SecTrustCompatConfiguration.setSystemAnchorsPath(LiveTLSFixtures.systemAnchorsPath)
        let fixtures = try LiveTLSFixtures()
        let certificate = SecCertificateCreateWithData(nil, try fixtures.valid.der() as CFData)!
        let key = SecKeyCopyExternalRepresentation(SecCertificateCopyKey(certificate)!, nil)! as Data
        let ecDsaSecp256r1Asn1Header: [UInt8] = [
            0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02,
            0x01, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03,
            0x42, 0x00,
        ]
        var keyWithHeader = Data(ecDsaSecp256r1Asn1Header)
        keyWithHeader.append(key)
        let pin = Data(SHA256.hash(data: keyWithHeader)).base64EncodedString()

        let expected = try LiveTLSFixtures.opensslSPKIPin(fixtures.valid)
        #expect(pin == expected)
    }
}
