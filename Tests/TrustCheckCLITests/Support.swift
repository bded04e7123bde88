import Foundation
import Testing
import TrustCheckCLI

/// Records what a command writes, for in-process runs of `TrustCheckCommand.run`.
final class CapturedOutput: TextOutput, @unchecked Sendable {
    // The lock makes the mutable buffer safe to share, which is what @unchecked promises.
    private let lock = NSLock()
    private var buffer = ""

    func write(_ text: String) { lock.withLock { buffer += text } }
    var text: String { lock.withLock { buffer } }
}

struct CommandResult {
    let status: Int32
    let stdout: String
    let stderr: String

    var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }

    /// stdout parsed as the JSON array `--json` prints.
    func jsonArray() throws -> [[String: Any]] {
        let value = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        return try #require(value as? [[String: Any]], "stdout is not a JSON array of objects")
    }
}

func trustcheck(_ arguments: String...) -> CommandResult { trustcheck(arguments) }

func trustcheck(_ arguments: [String]) -> CommandResult {
    let stdout = CapturedOutput()
    let stderr = CapturedOutput()
    let status = TrustCheckCommand.run(arguments: arguments, stdout: stdout, stderr: stderr)
    return CommandResult(status: status, stdout: stdout.text, stderr: stderr.text)
}

/// vectors/certificates and the subset of expected.json (written by openssl and python
/// cryptography) that the CLI output is checked against.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Tests/TrustCheckCLITests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // repository root
        .appendingPathComponent("vectors/certificates")

    static func path(_ relative: String) -> String { directory.appendingPathComponent(relative).path }

    struct Entry: Decodable, Sendable, CustomTestStringConvertible {
        struct Key: Decodable, Sendable {
            let type: String
            let bits: Int
            let curve: String?
        }

        struct Name: Decodable, Sendable {
            let type: String
            let value: String
        }

        struct Extension: Decodable, Sendable {
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
        let issuerRfc4514: String
        let notBefore: Int
        let notAfter: Int
        let signatureAlgorithmOid: String
        let signatureHash: String?
        let key: Key
        let spkiSha256Base64: String
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
        let subjectSummary: String?

        var path: String { Fixtures.path(file) }
        var testDescription: String { index == 0 ? file : "\(file)#\(index)" }

        /// What `pin` prints after the pin: Apple's summary, else the subject, else a placeholder.
        var displayName: String {
            subjectSummary ?? (subjectRfc4514.isEmpty ? "(empty subject)" : subjectRfc4514)
        }
    }

    private struct Expected: Decodable {
        let certificates: [Entry]
        let badInputs: [BadInput]
    }

    struct BadInput: Decodable, Sendable {
        let path: String
    }

    /// Decoding errors are kept, so a broken expected.json fails `expectedJSONDecodes` instead of trapping.
    private static let expected: Result<Expected, any Error> = Result {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Expected.self, from: Data(contentsOf: directory.appendingPathComponent("expected.json")))
    }

    static func decodeExpected() throws { _ = try expected.get() }

    static var entries: [Entry] { (try? expected.get().certificates) ?? [] }
    static var badInputs: [String] { (try? expected.get().badInputs.map(\.path)) ?? [] }

    /// Fixture files in a fixed order, each with its certificates in file order.
    static var files: [String] { Array(Set(entries.map(\.file))).sorted() }
    static func entries(in file: String) -> [Entry] { entries.filter { $0.file == file }.sorted { $0.index < $1.index } }
}

/// 2025-06-01T00:00:00Z lies inside every fixture's validity period.
let fixedNow = "2025-06-01T00:00:00Z"
let fixedNowSeconds = 1_748_736_000

func hexColons(_ hex: String) -> String {
    stride(from: 0, to: hex.count, by: 2).map {
        let start = hex.index(hex.startIndex, offsetBy: $0)
        return String(hex[start..<hex.index(start, offsetBy: 2)])
    }.joined(separator: ":")
}
