import Foundation
import TrustCertificates

/// Fixtures/crl (written by its generate.py) and expected.json, what python `cryptography` reads from
/// each CRL there; located from this file's path, so the tests do not depend on the working directory.
enum CRLFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/crl")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static func certificate(_ name: String) throws -> Certificate { try CertificateLoader.load(path: path(name))[0] }

    static func crls(_ names: [String]) throws -> [CertificateRevocationList] { try CRLLoader.load(paths: names.map(path)) }

    struct Extension: Decodable, Sendable, Equatable {
        let oid: String
        let critical: Bool
    }

    struct Entry: Decodable, Sendable {
        let serialHex: String
        let revocationDate: Int
        let reason: String?
        let extensions: [Extension]
    }

    struct ExpectedCRL: Decodable, Sendable {
        let issuerRfc4514: String
        let thisUpdate: Int
        let nextUpdate: Int?
        let crlNumberHex: String?
        let crlNumberCritical: Bool
        let signatureAlgorithmOid: String
        let tbsSha256: String
        let signatureHex: String
        let extensions: [Extension]
        let entries: [Entry]
    }

    /// File name → the CRLs in it, in file order. Decoding errors are kept, so a broken expected.json
    /// fails one test instead of trapping.
    static let expected: Result<[String: [ExpectedCRL]], any Error> = Result {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode([String: [ExpectedCRL]].self,
                                  from: Data(contentsOf: directory.appendingPathComponent("expected.json")))
    }

    static var files: [String] { ((try? expected.get()) ?? [:]).keys.sorted() }
}
