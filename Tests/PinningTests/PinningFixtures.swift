import Foundation
import Pinning
import TrustCertificates
import TrustEvaluation

/// Fixtures/ (written by its generate.py) and expected.json, the hashes pyca/cryptography computes for
/// each certificate there; located from this file's path, so tests do not depend on the working directory.
enum PinningFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    /// Inside every leaf's validity (2024-06-01 … 2025-06-01), before the api.example.com pins expire (2026-01-01).
    static let time = ISO8601DateFormatter().date(from: "2025-01-01T00:00:00Z")!

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static func certificate(_ name: String) throws -> Certificate { try CertificateLoader.load(path: path(name))[0] }

    struct Hashes: Decodable, Sendable {
        let spki_sha256: String
        let external_representation_sha256: String
        let trustkit_sha256: String?
    }

    static func expected() throws -> [String: Hashes] {
        try JSONDecoder().decode([String: Hashes].self, from: Data(contentsOf: directory.appendingPathComponent("expected.json")))
    }

    /// The SPKI pin of a fixture, from expected.json (computed by python, not by the code under test).
    static func spkiPin(_ name: String) throws -> String { try expected()[name]!.spki_sha256 }

    /// A small list, so registry answers do not move with Debian's copy: ICANN `com`, `net`, `uk`,
    /// `co.uk`, `io`, private `appspot.com`.
    static let registry = TrustKitDomainRegistry(text: """
        // ===BEGIN ICANN DOMAINS===
        com
        net
        io
        uk
        co.uk
        // ===END ICANN DOMAINS===
        // ===BEGIN PRIVATE DOMAINS===
        appspot.com
        // ===END PRIVATE DOMAINS===
        """)

    /// Root and intermediate as the only anchors / presented intermediate, as a server would send them.
    static func evaluator(anchors: [String] = ["root.pem"]) throws -> TrustEvaluator {
        TrustEvaluator(anchors: TrustAnchors(custom: CertificateStore(try anchors.map(certificate))),
                       policies: [.ssl(hostname: "www.example.com")], publicSuffixes: .empty)
    }

    /// A configuration from JSON text, checked against `registry`.
    static func configuration(_ json: String) throws -> TrustKitConfiguration {
        try TrustKitConfiguration(data: Data(json.utf8), registry: registry)
    }

    /// Writes `contents` to a fresh temporary file and returns its path.
    static func temporaryFile(_ contents: Data, name: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pinning-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try contents.write(to: url)
        return url.path
    }
}
