import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A server a test starts and stops itself (`openssl s_server`, `trustcheck collect`): output into temporary
/// files, so that nothing has to drain a pipe while it runs; stopped by its own process id.
final class BackgroundProcess {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let process = Process()
    let scratch: Scratch
    private let handles: [FileHandle]

    init(_ executable: String, _ arguments: [String], directory: String? = nil) throws {
        scratch = try Scratch("server")
        let input = try scratch.write("stdin", ""), output = try scratch.write("stdout", ""), errors = try scratch.write("stderr", "")
        guard let stdin = FileHandle(forReadingAtPath: input), let stdout = FileHandle(forWritingAtPath: output),
              let stderr = FileHandle(forWritingAtPath: errors)
        else { throw Failure(description: "cannot open the server's files in \(scratch.url.path)") }
        handles = [stdin, stdout, stderr]
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
    }

    var stdout: String { scratch.read("stdout") ?? "" }
    var stderr: String { scratch.read("stderr") ?? "" }

    /// Polls `ready` until it gives a value, the process ends, or `seconds` pass.
    func wait<T>(seconds: TimeInterval, for ready: () -> T?) -> T? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let value = ready() { return value }
            if !process.isRunning { return ready() }
            usleep(20_000)
        }
        return nil
    }

    /// Sends `signal` and waits (at most `seconds`, then SIGKILL) for the end.
    @discardableResult
    func stop(signal: Int32 = SIGKILL, seconds: TimeInterval = 30) -> (reason: Process.TerminationReason, status: Int32) {
        if process.isRunning { kill(process.processIdentifier, signal) }
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return (process.terminationReason, process.terminationStatus)
    }

    deinit {
        stop()
        for handle in handles { try? handle.close() }
        scratch.remove()
    }
}
