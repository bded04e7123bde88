import Foundation
import Testing
import CertificateFixtures
import TrustCheckCLI
import TrustCheckCollectorCLI

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

/// `collect` and `reports`, in-process, as the `trustcheck-collect` executable runs them.
func trustcheckCollect(_ arguments: [String]) -> CommandResult {
    let stdout = CapturedOutput()
    let stderr = CapturedOutput()
    let status = TrustCheckCollectorCommand.run(arguments: arguments, stdout: stdout, stderr: stderr)
    return CommandResult(status: status, stdout: stdout.text, stderr: stderr.text)
}

func trustcheck(_ arguments: String...) -> CommandResult { trustcheck(arguments) }

/// The environment in-process commands run with: pin-failure reports spool in a temporary directory, never in
/// the user's, and no sibling executable delivers them (a test that delivers runs the shipped binaries).
let testEnvironment: [String: String] = {
    var environment = ProcessInfo.processInfo.environment
    environment["TRUSTCHECK_REPORT_SPOOL"] = FileManager.default.temporaryDirectory
        .appendingPathComponent("trustcheck-cli-tests-\(getpid())/report-spool").path
    environment["TRUSTCHECK_COLLECT_EXECUTABLE"] = "/nonexistent/trustcheck-collect"
    return environment
}()

func trustcheck(_ arguments: [String]) -> CommandResult {
    let stdout = CapturedOutput()
    let stderr = CapturedOutput()
    let status = TrustCheckCommand.run(arguments: arguments, stdout: stdout, stderr: stderr, environment: testEnvironment)
    return CommandResult(status: status, stdout: stdout.text, stderr: stderr.text)
}

typealias Fixtures = CertificateFixtures

extension CertificateFixtures {
    typealias Entry = ExpectedCertificate

    static func decodeExpected() throws { _ = try expected.get() }
    static var entries: [Entry] { certificates }
}

extension ExpectedCertificate: CustomTestStringConvertible {
    public var testDescription: String { label }

    /// What `pin` prints after the pin: Apple's summary, else the subject, else a placeholder.
    var displayName: String {
        subjectSummary ?? (subjectRfc4514.isEmpty ? "(empty subject)" : subjectRfc4514)
    }
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

/// Lower-case hex of base64 text: digests are hex in JSON, pins base64.
func hex(base64: String) -> String? {
    Data(base64Encoded: base64).map { $0.map { String(format: "%02x", $0) }.joined() }
}
