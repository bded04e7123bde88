import Foundation
import SecTrustCompat
import Testing

@Suite("SecCertificate")
struct SecCertificateTests {
    @Test("SecCertificateCreateWithData parses DER and ignores trailing bytes")
    func createWithDER() throws {
        let der = Fixtures.data("leaf.cer")
        let certificate = try #require(SecCertificateCreateWithData(nil, der as CFData))
        #expect(SecCertificateCopyData(certificate) as Data == der)

        var padded = der
        padded.append(contentsOf: [0x00, 0x01, 0x02, 0x03])
        let trailing = try #require(SecCertificateCreateWithData(nil, padded as CFData))
        #expect(SecCertificateCopyData(trailing) as Data == der)
        #expect(trailing == certificate)
    }

    @Test("SecCertificateCreateWithData rejects PEM, garbage, truncation and empty data")
    func createRejects() {
        let der = Fixtures.data("leaf.cer")
        let pem = "-----BEGIN CERTIFICATE-----\n" + der.base64EncodedString(options: .lineLength64Characters)
            + "\n-----END CERTIFICATE-----\n"
        #expect(SecCertificateCreateWithData(nil, Data(pem.utf8) as CFData) == nil)
        #expect(SecCertificateCreateWithData(nil, Data() as CFData) == nil)
        #expect(SecCertificateCreateWithData(nil, Data("not a certificate".utf8) as CFData) == nil)
        #expect(SecCertificateCreateWithData(nil, der.prefix(der.count - 10) as CFData) == nil)
    }

    @Test("Equality and hashing are by DER bytes")
    func equality() {
        let a = Fixtures.leaf
        let b = Fixtures.leaf
        #expect(a !== b)
        #expect(a == b)
        #expect(Set([a, b, Fixtures.root]).count == 2)
        #expect(a != Fixtures.intermediate)
    }

    @Test("SecCertificateCopySubjectSummary follows Apple's ranking", arguments: [
        ("leaf", "www.trustcheck.test"),
        ("root", "TrustCheck Test Root CA"),
        ("intermediate", "TrustCheck Test Intermediate CA"),
        ("multi-cn", "Second Name, First Name"),
        ("no-cn", "No Common Name"),
    ])
    func subjectSummary(name: String, summary: String) {
        #expect(SecCertificateCopySubjectSummary(Fixtures.certificate(name)) as String? == summary)
    }

    @Test("SecCertificateCopyCommonName returns the last CN")
    func commonName() {
        var commonName: CFString?
        #expect(SecCertificateCopyCommonName(Fixtures.certificate("multi-cn"), &commonName) == errSecSuccess)
        #expect(commonName as String? == "Second Name")

        #expect(SecCertificateCopyCommonName(Fixtures.leaf, &commonName) == errSecSuccess)
        #expect(commonName as String? == "www.trustcheck.test")
    }

    @Test("SecCertificateCopyCommonName without a CN: errSecInternal and the output untouched")
    func noCommonName() {
        var commonName: CFString? = "untouched"
        #expect(SecCertificateCopyCommonName(Fixtures.certificate("no-cn"), &commonName) == errSecInternal)
        #expect(commonName == "untouched")
    }

    @Test("SecCertificateCopySerialNumberData keeps the DER INTEGER's leading 00")
    func serialNumber() throws {
        var error: Unmanaged<CFError>?
        let serial = try #require(SecCertificateCopySerialNumberData(Fixtures.leaf, &error) as Data?)
        #expect([UInt8](serial) == [0x00, 0xC0, 0xFF, 0xEE, 0x01])
        #expect(error == nil)
        let rootSerial = try #require(SecCertificateCopySerialNumberData(Fixtures.root, nil) as Data?)
        #expect([UInt8](rootSerial) == [0x10, 0x01])
    }

    @Test("SecCertificateCopyKey gives RSA and EC keys of the right size")
    func copyKey() throws {
        let cases: [(String, String, Int)] = [
            ("leaf", "73", 256), ("intermediate", "73", 384), ("root", "42", 4096), ("selfsigned", "42", 2048),
        ]
        for (name, type, bits) in cases {
            let key = try #require(SecCertificateCopyKey(Fixtures.certificate(name)))
            let attributes = try #require(SecKeyCopyAttributes(key) as? [String: Any])
            #expect(attributes[kSecAttrKeyType as String] as? String == type, "\(name)")
            #expect(attributes[kSecAttrKeySizeInBits as String] as? Int == bits, "\(name)")
        }
    }

    @Test("Validity dates")
    func validityDates() {
        let leaf = Fixtures.leaf
        #expect(SecCertificateCopyNotValidBeforeDate(leaf) == Date(timeIntervalSince1970: 1_735_689_600))  // 2025-01-01
        #expect(SecCertificateCopyNotValidAfterDate(leaf) == Date(timeIntervalSince1970: 1_767_225_600))  // 2026-01-01
    }

    @Test("SecCertificateCopyEmailAddresses: none in the fixtures")
    func emailAddresses() {
        var addresses: CFArray?
        #expect(SecCertificateCopyEmailAddresses(Fixtures.leaf, &addresses) == errSecSuccess)
        #expect(addresses?.isEmpty == true)
    }
}
