import Foundation

/// vectors/certificates and its expected.json, whose values openssl and python `cryptography`
/// computed (generate.py), shared by every test target that checks certificates against them.
/// Located from this file's path so the tests do not depend on the directory `swift test` runs in.
public enum CertificateFixtures {
    public static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Tests/CertificateFixtures
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // repository root
        .appendingPathComponent("vectors/certificates")

    public static func path(_ relative: String) -> String { directory.appendingPathComponent(relative).path }

    /// Decoding errors are kept rather than trapping, so a broken expected.json fails one test
    /// instead of crashing the test process.
    public static let expected: Result<ExpectedFixtures, any Error> = Result {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(
            ExpectedFixtures.self, from: Data(contentsOf: directory.appendingPathComponent("expected.json")))
    }

    public static var certificates: [ExpectedCertificate] { (try? expected.get())?.certificates ?? [] }
    public static var badInputs: [String] { (try? expected.get())?.badInputs.map(\.path) ?? [] }

    /// Fixture files in a fixed order.
    public static var files: [String] { Array(Set(certificates.map(\.file))).sorted() }

    /// The certificates of one file, in file order.
    public static func entries(in file: String) -> [ExpectedCertificate] {
        certificates.filter { $0.file == file }.sorted { $0.index < $1.index }
    }

    public static func entry(_ location: ExpectedCertificate.Location) -> ExpectedCertificate? {
        certificates.first { $0.location == location }
    }
}

public struct ExpectedFixtures: Decodable, Sendable {
    public struct DirectoryFile: Decodable, Sendable {
        public let file: String
        public let sha256: [String]
    }

    public struct BadInput: Decodable, Sendable {
        public let path: String
    }

    public let certificates: [ExpectedCertificate]
    public let directory: [DirectoryFile]
    public let badInputs: [BadInput]
}

/// One certificate as openssl and python `cryptography` see it; field meanings are in generate.py.
public struct ExpectedCertificate: Decodable, Sendable {
    public struct Attribute: Decodable, Sendable {
        public let oid: String
        public let value: String
    }

    public struct Key: Decodable, Sendable, Equatable {
        public let type: String
        public let bits: Int
        public let curve: String?
    }

    public struct Extension: Decodable, Sendable, Equatable {
        public let oid: String
        public let critical: Bool

        public init(oid: String, critical: Bool) {
            self.oid = oid
            self.critical = critical
        }
    }

    public struct BasicConstraints: Decodable, Sendable {
        public let ca: Bool
        public let pathLength: Int?
        public let critical: Bool
    }

    public struct KeyUsage: Decodable, Sendable {
        public let names: [String]
        public let critical: Bool
    }

    /// `hex` is set for IP addresses (address, or address then mask in a name constraint).
    public struct Name: Decodable, Sendable, Equatable {
        public let type: String
        public let value: String
        public let hex: String?

        public init(type: String, value: String, hex: String?) {
            self.type = type
            self.value = value
            self.hex = hex
        }
    }

    public struct NameConstraints: Decodable, Sendable {
        public let permitted: [Name]
        public let excluded: [Name]
        public let critical: Bool
    }

    public struct Policy: Decodable, Sendable {
        public let oid: String
        public let cpsUris: [String]
        public let userNotices: [String]
    }

    public let file: String
    public let index: Int
    public let sha256: String
    public let sha1: String
    public let version: Int
    public let serialHex: String
    public let subjectRfc4514: String
    public let subjectDerHex: String
    public let subjectAttributes: [Attribute]
    public let commonNames: [String]
    public let issuerRfc4514: String
    public let issuerDerHex: String
    public let notBefore: Int
    public let notAfter: Int
    public let signatureAlgorithmOid: String
    public let signatureHash: String?
    public let tbsSha256: String
    public let signatureHex: String
    public let key: Key
    public let spkiHex: String
    public let spkiSha256Base64: String
    public let externalRepresentationHex: String
    public let externalRepresentationSha256: String
    public let trustkitHashBase64: String?
    public let extensions: [Extension]
    public let unknownCriticalExtensions: [String]
    public let basicConstraints: BasicConstraints?
    public let keyUsage: KeyUsage?
    public let extendedKeyUsage: [String]?
    public let subjectAltNames: [Name]?
    public let subjectKeyIdentifier: String?
    public let authorityKeyIdentifier: String?
    public let nameConstraints: NameConstraints?
    public let policies: [Policy]?
    public let emailAddresses: [String]
    public let dnsNames: [String]
    public let subjectSummary: String?

    /// Where an issuer is among the fixtures (a self-signed certificate names itself).
    public struct Location: Decodable, Sendable, Equatable {
        public let file: String
        public let index: Int

        public init(file: String, index: Int) {
            self.file = file
            self.index = index
        }
    }

    public let issuerLocation: Location

    public var location: Location { Location(file: file, index: index) }
    public var isSelfSigned: Bool { issuerLocation == location }
    /// `file` or `file#index`, for test names.
    public var label: String { index == 0 ? file : "\(file)#\(index)" }
    public var path: String { CertificateFixtures.path(file) }
}

/// Lower-case hex, written here rather than taken from TrustCertificates' `Hex` so that the
/// comparison does not depend on the code under test.
public func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef")
    return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
}
