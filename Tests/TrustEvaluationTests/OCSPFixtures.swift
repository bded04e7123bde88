import Foundation
import TrustCertificates

/// Fixtures/ocsp (written by its generate.py): a root → intermediate → leaf chain and OCSP responses
/// about the leaf, meant to be judged at `time`; located from this file's path.
enum OCSPFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/ocsp")
    /// The evaluation time generate.py's responses are made for.
    static let time = ISO8601DateFormatter().date(from: "2026-06-01T00:00:00Z")!

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: directory.appendingPathComponent(name))) }

    static func certificate(_ name: String) throws -> Certificate { try CertificateLoader.load(path: path(name))[0] }

    static func response(_ name: String) throws -> OCSPResponse { try OCSPResponse(der: bytes(name)) }
}
