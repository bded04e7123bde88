import Foundation
import Testing

/// vectors/certificates and its expected.json, located from this file's path so the tests do not
/// depend on the working directory `swift test` runs in.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Tests/TrustCertificatesTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // repository root
        .appendingPathComponent("vectors/certificates")

    static func path(_ relative: String) -> String { directory.appendingPathComponent(relative).path }

    /// Decoding errors are kept rather than trapping, so a broken expected.json fails one test
    /// (`expectedJSONDecodes`) instead of crashing the test process.
    static let expected: Result<Expected, any Error> = Result {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Expected.self, from: Data(contentsOf: directory.appendingPathComponent("expected.json")))
    }

    static var certificates: [ExpectedCertificate] { (try? expected.get())?.certificates ?? [] }

    static func entries(in file: String) -> [ExpectedCertificate] { certificates.filter { $0.file == file } }
}

struct Expected: Decodable, Sendable {
    struct DirectoryFile: Decodable, Sendable {
        let file: String
        let sha256: [String]
    }

    struct BadInput: Decodable, Sendable {
        let path: String
    }

    let certificates: [ExpectedCertificate]
    let directory: [DirectoryFile]
    let badInputs: [BadInput]
}

/// One certificate as openssl and python `cryptography` see it; field meanings are in generate.py.
struct ExpectedCertificate: Decodable, Sendable, CustomTestStringConvertible {
    struct Attribute: Decodable, Sendable {
        let oid: String
        let value: String
    }

    struct Key: Decodable, Sendable {
        let type: String
        let bits: Int
        let curve: String?
    }

    struct Extension: Decodable, Sendable, Equatable {
        let oid: String
        let critical: Bool
    }

    struct BasicConstraints: Decodable, Sendable {
        let ca: Bool
        let pathLength: Int?
        let critical: Bool
    }

    struct KeyUsage: Decodable, Sendable {
        let names: [String]
        let critical: Bool
    }

    /// `hex` is set for IP addresses (address, or address then mask in a name constraint).
    struct Name: Decodable, Sendable, Equatable {
        let type: String
        let value: String
        let hex: String?
    }

    struct NameConstraints: Decodable, Sendable {
        let permitted: [Name]
        let excluded: [Name]
        let critical: Bool
    }

    struct Policy: Decodable, Sendable {
        let oid: String
        let cpsUris: [String]
        let userNotices: [String]
    }

    let file: String
    let index: Int
    let sha256: String
    let sha1: String
    let version: Int
    let serialHex: String
    let subjectRfc4514: String
    let subjectDerHex: String
    let subjectAttributes: [Attribute]
    let commonNames: [String]
    let issuerRfc4514: String
    let issuerDerHex: String
    let notBefore: Int
    let notAfter: Int
    let signatureAlgorithmOid: String
    let signatureHash: String?
    let tbsSha256: String
    let signatureHex: String
    let key: Key
    let spkiHex: String
    let spkiSha256Base64: String
    let externalRepresentationHex: String
    let externalRepresentationSha256: String
    let trustkitHashBase64: String?
    let extensions: [Extension]
    let unknownCriticalExtensions: [String]
    let basicConstraints: BasicConstraints?
    let keyUsage: KeyUsage?
    let extendedKeyUsage: [String]?
    let subjectAltNames: [Name]?
    let subjectKeyIdentifier: String?
    let authorityKeyIdentifier: String?
    let nameConstraints: NameConstraints?
    let policies: [Policy]?
    let emailAddresses: [String]
    let dnsNames: [String]
    let subjectSummary: String?

    var testDescription: String { index == 0 ? file : "\(file)#\(index)" }
}

/// Lower-case hex, written here rather than taken from TrustCertificates' `Hex` so that the
/// comparison does not depend on the code under test.
func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef")
    return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
}
