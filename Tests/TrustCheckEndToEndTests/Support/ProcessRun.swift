import Foundation
import Testing

/// One run of a release binary to its end: how it ended and what it wrote. Output goes to temporary files,
/// not pipes, so a command that writes more than a pipe holds never blocks, and nothing has to be read
/// while it runs.
struct ProcessRun: CustomStringConvertible {
    let arguments: [String]
    let reason: Process.TerminationReason
    /// The exit status, or the signal's number when `reason` is `.uncaughtSignal`.
    let status: Int32
    let stdout: String
    let stderr: String
    /// Whether the run was killed for outlasting its time limit.
    let timedOut: Bool

    var description: String {
        let ending = reason == .exit ? "exit \(status)" : "signal \(status)\(timedOut ? " (killed at the time limit)" : "")"
        return "\(arguments.joined(separator: " ")): \(ending)\n--- stdout\n\(stdout.prefix(4000))\n--- stderr\n\(stderr.prefix(4000))"
    }

    var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }

    /// Records an issue unless the process exited (rather than died of a signal) with `expected`.
    func expectExit(_ expected: Int32, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(reason == .exit, "killed by a signal: \(self)", sourceLocation: sourceLocation)
        #expect(status == expected, "expected exit \(expected): \(self)", sourceLocation: sourceLocation)
    }

    /// Standard output as a JSON object.
    func json(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let value = try? JSONSerialization.jsonObject(with: Data(stdout.utf8))
        return try #require(value as? [String: Any], "stdout is not a JSON object: \(self)", sourceLocation: sourceLocation)
    }

    /// Standard output as a JSON array of objects.
    func jsonArray(sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        let value = try? JSONSerialization.jsonObject(with: Data(stdout.utf8))
        return try #require(value as? [[String: Any]], "stdout is not a JSON array: \(self)", sourceLocation: sourceLocation)
    }
}
