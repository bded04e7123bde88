import Foundation
import TrustCertificates

/// Fixtures/hostile/make_hostile.py's revocation inputs — duplicated and disagreeing answers, serials
/// written with a redundant leading zero — written at test time into a temporary directory (once per
/// test process) with python3-cryptography, and meant to be judged at `time`.
enum HostileRevocationFixtures {
    static let time = ISO8601DateFormatter().date(from: "2026-06-01T00:00:00Z")!

    /// The directory the script wrote, or why it could not.
    static let directory: Result<URL, Error> = Result {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/hostile/make_hostile.py")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("trustcheck-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path, output.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "make_hostile.py exited \(process.terminationStatus)"])
        }
        return output
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: try directory.get().appendingPathComponent(name)))
    }

    static func certificate(_ name: String) throws -> Certificate {
        try CertificateLoader.load(path: try directory.get().appendingPathComponent(name).path)[0]
    }

    static func crl(_ name: String) throws -> CertificateRevocationList { try CertificateRevocationList(der: bytes(name)) }

    static func response(_ name: String) throws -> OCSPResponse { try OCSPResponse(der: bytes(name)) }
}
