import Foundation
import SecTrustCompat
import Testing

@Suite("SecKey")
struct SecKeyTests {
    static let rsa2048Header: [UInt8] = [
        0x30, 0x82, 0x01, 0x22, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86,
        0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00, 0x03, 0x82, 0x01, 0x0f, 0x00,
    ]
    static let ecP256Header: [UInt8] = [
        0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01,
        0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00,
    ]
    static let ecP384Header: [UInt8] = [
        0x30, 0x76, 0x30, 0x10, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01,
        0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x22, 0x03, 0x62, 0x00,
    ]

    func key(_ name: String) throws -> SecKey {
        try #require(SecCertificateCopyKey(Fixtures.certificate(name)))
    }

    func externalRepresentation(_ key: SecKey) throws -> Data {
        var error: Unmanaged<CFError>?
        let data = try #require(SecKeyCopyExternalRepresentation(key, &error) as Data?)
        #expect(error == nil)
        return data
    }

    @Test("External representation + TrustKit header == the certificate's SPKI", arguments: [
        ("leaf", SecKeyTests.ecP256Header), ("selfsigned", SecKeyTests.rsa2048Header),
        ("intermediate", SecKeyTests.ecP384Header),
    ])
    func headerPlusExternalRepresentationIsSPKI(name: String, header: [UInt8]) throws {
        let representation = try externalRepresentation(try key(name))
        #expect(Data(header) + representation == Fixtures.data("\(name).spki.der"))
        #expect(Hash.sha256(Data(header) + representation).base64EncodedString() == Fixtures.spkiPin(name))
    }

    @Test("EC keys export X9.63 04‖X‖Y; RSA keys PKCS#1 RSAPublicKey")
    func representationFormats() throws {
        let ec = try externalRepresentation(try key("leaf"))
        #expect(ec.count == 65 && ec.first == 0x04)
        #expect(try externalRepresentation(try key("intermediate")).count == 97)
        let rsa = try externalRepresentation(try key("selfsigned"))
        #expect(Array(rsa.prefix(4)) == [0x30, 0x82, 0x01, 0x0A])  // SEQUENCE of 266 bytes
        #expect(Array(rsa.dropFirst(4).prefix(5)) == [0x02, 0x82, 0x01, 0x01, 0x00])  // INTEGER n, 00-padded
        #expect(Array(rsa.suffix(5)) == [0x02, 0x03, 0x01, 0x00, 0x01])  // INTEGER 65537
    }

    @Test("SecKeyCopyAttributes for an RSA public key")
    func rsaAttributes() throws {
        let key = try key("selfsigned")
        let representation = try externalRepresentation(key)
        let attributes = try #require(SecKeyCopyAttributes(key) as? [String: Any])
        #expect(attributes["class"] as? String == "keys")
        #expect(attributes[kSecAttrKeyClass as String] as? String == kSecAttrKeyClassPublic)
        #expect(attributes[kSecAttrKeyClass as String] as? String == "0")
        #expect(attributes[kSecAttrKeyType as String] as? String == "42")
        #expect(attributes[kSecAttrKeySizeInBits as String] as? Int == 2048)
        #expect(attributes[kSecAttrKeySizeInBits as String] as? NSNumber == NSNumber(value: 2048))
        #expect(attributes["esiz"] as? Int == 2048)
        #expect(attributes["klbl"] as? Data == Hash.sha1(representation))
        #expect(attributes[kSecAttrApplicationLabel as String] as? Data == Hash.sha1(representation))
        #expect(attributes["v_Data"] as? Data == representation)
        let flags: [String: Bool] = [
            "perm": true, "priv": true, "modi": true, "sens": false, "asen": false, "extr": true, "next": false,
            "encr": true, "decr": true, "drve": false, "sign": false, "vrfy": true, "snrc": false, "vyrc": false,
            "wrap": true, "unwp": false,
        ]
        for (name, value) in flags { #expect(attributes[name] as? Bool == value, "\(name)") }
    }

    @Test("SecKeyCopyAttributes for an EC public key")
    func ecAttributes() throws {
        let key = try key("leaf")
        let attributes = try #require(SecKeyCopyAttributes(key) as? [CFString: Any])
        #expect(attributes[kSecAttrKeyType] as? String == kSecAttrKeyTypeECSECPrimeRandom)
        #expect(attributes[kSecAttrKeyType] as? String == "73")
        #expect(attributes[kSecAttrKeySizeInBits] as? Int == 256)
        #expect(attributes[kSecAttrCanDecrypt] as? Bool == false)
        let representation = try externalRepresentation(key)
        #expect(attributes[kSecValueData] as? Data == representation)
    }

    @Test("SecKeyGetBlockSize: modulus bytes or field bytes")
    func blockSize() throws {
        #expect(SecKeyGetBlockSize(try key("selfsigned")) == 256)
        #expect(SecKeyGetBlockSize(try key("root")) == 512)
        #expect(SecKeyGetBlockSize(try key("leaf")) == 32)
        #expect(SecKeyGetBlockSize(try key("intermediate")) == 48)
    }

    func create(_ data: Data, _ attributes: [String: Any]) -> (SecKey?, CFError?) {
        var error: Unmanaged<CFError>?
        let key = SecKeyCreateWithData(data as CFData, attributes as CFDictionary, &error)
        return (key, error?.takeRetainedValue())
    }

    static var rsaPublic: [String: Any] { [
        kSecAttrKeyType as String: kSecAttrKeyTypeRSA, kSecAttrKeyClass as String: kSecAttrKeyClassPublic,
        kSecAttrKeySizeInBits as String: 2048,
    ] }
    static var ecPublic: [String: Any] { [
        kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeyClass as String: kSecAttrKeyClassPublic,
    ] }

    @Test("SecKeyCreateWithData: RSA from PKCS#1 and from SPKI, EC from X9.63")
    func createFromData() throws {
        let rsaKey = try key("selfsigned")
        let pkcs1 = try externalRepresentation(rsaKey)
        let (fromPKCS1, error1) = create(pkcs1, Self.rsaPublic)
        #expect(fromPKCS1 == rsaKey)
        #expect(error1 == nil)

        let (fromSPKI, _) = create(Fixtures.data("selfsigned.spki.der"), Self.rsaPublic)
        let imported = try #require(fromSPKI)
        #expect(imported == rsaKey)
        #expect(try externalRepresentation(imported) == pkcs1)  // exported as PKCS#1 again

        let ecKey = try key("leaf")
        let (fromPoint, _) = create(try externalRepresentation(ecKey), Self.ecPublic)
        #expect(fromPoint == ecKey)
        #expect(Set([fromPoint, ecKey]).count == 1)

        let (p384, _) = create(try externalRepresentation(try key("intermediate")), Self.ecPublic)
        #expect(SecKeyCopyAttributes(try #require(p384))?[kSecAttrKeySizeInBits] as? Int == 384)
    }

    @Test("SecKeyCreateWithData accepts numbers and numeric strings for type and class")
    func numericParameters() throws {
        let point = try externalRepresentation(try key("leaf"))
        #expect(create(point, [kSecAttrKeyType as String: 73, kSecAttrKeyClass as String: 0]).0 != nil)
        #expect(create(point, [kSecAttrKeyType as String: NSNumber(value: 73), kSecAttrKeyClass as String: "0"]).0 != nil)
        #expect(create(point, [kSecAttrKeyType as String: "073", kSecAttrKeyClass as String: "0"]).0 == nil)
    }

    @Test("SecKeyCreateWithData errors carry Apple's codes and messages", arguments: [
        ("EC SPKI is not accepted", "ec-spki", "73", "0", errSecParam, "EC public key creation from data failed"),
        ("garbage RSA", "garbage", "42", "0", errSecParam, "RSA public key creation from data failed"),
        ("bad point length", "short-point", "73", "0", errSecParam, "EC public key creation from data failed"),
        ("missing type", "rsa", nil, "0", errSecParam, "Unsupported key type: (null)"),
        ("non-numeric type", "rsa", "RSA", "0", errSecParam, "Unsupported key type: RSA"),
        ("missing class", "rsa", "42", nil, errSecParam, "Unsupported key class: (null)"),
        ("unknown class", "rsa", "42", "7", errSecParam, "Unsupported key class: 7"),
        ("unknown public type", "rsa", "99", "0", errSecParam, "Unsupported public key type: 99"),
        ("symmetric class", "rsa", "42", "2", errSecUnimplemented, "Unsupported symmetric key type: 42"),
    ] as [(String, String, String?, String?, OSStatus, String)])
    func createErrors(
        label: String, input: String, type: String?, keyClass: String?, status: OSStatus, message: String
    ) throws {
        let data: Data
        switch input {
        case "ec-spki": data = Fixtures.data("leaf.spki.der")
        case "short-point": data = Data([0x04] + [UInt8](repeating: 1, count: 40))
        case "rsa": data = try externalRepresentation(try key("selfsigned"))
        default: data = Data([0x30, 0x03, 0x02, 0x01, 0x05])
        }
        var attributes: [String: Any] = [:]
        if let type { attributes[kSecAttrKeyType as String] = type }
        if let keyClass { attributes[kSecAttrKeyClass as String] = keyClass }
        let (key, error) = create(data, attributes)
        #expect(key == nil, "\(label)")
        let reported = try #require(error, "\(label)")
        #expect(reported.domain == "NSOSStatusErrorDomain")
        #expect(reported.code == Int(status), "\(label)")
        #expect(reported.userInfo["NSDescription"] as? String == message, "\(label)")
        #expect(reported.localizedDescription
            == "The operation couldn\u{2019}t be completed. (OSStatus error \(status) - \(message))")
    }

    @Test("SecKeyCreateWithData tolerates a nil error pointer")
    func nilErrorPointer() {
        #expect(SecKeyCreateWithData(Data([1, 2, 3]) as CFData, Self.rsaPublic as CFDictionary, nil) == nil)
    }

    @Test("SecTrustCopyKey and SecTrustCopyPublicKey give the leaf's key")
    func trustKey() throws {
        let trust = Fixtures.serverTrust()
        let expected = try key("leaf")
        #expect(SecTrustCopyKey(trust) == expected)
        #expect(legacy.SecTrustCopyPublicKey(trust) == expected)
    }
}
