import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A real `trustcheck collect` process (the binary SwiftPM builds next to the test bundle), on a free port of
/// 127.0.0.1, stopped with SIGTERM.
final class CollectorProcess {
    let process = Process()
    let port: UInt16
    let database: String
    private let output = Pipe()
    private let errors = Pipe()
    /// Both outputs, read as they come: a collector that logs more than a pipe holds (64 KiB) would
    /// otherwise block on its next log line.
    private let outputText: PipeDrain
    private let errorText: PipeDrain

    /// The read token `readTokenArguments` configures.
    static let readToken = "3f2a9c0d7b1e4f6a8c5d2e9b0a7f3c1d"

    /// `--read-token-file` with `readToken`, written in `directory`.
    static func readTokenArguments(_ directory: TemporaryDirectory) throws -> [String] {
        let path = directory.file("read-token")
        try (readToken + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return ["--read-token-file", path]
    }

    /// Starts `trustcheck collect --listen LISTEN --db DATABASE --port-file …` plus `arguments`, and
    /// waits (at most 20 s) until it listens. `executable`: another binary that takes `collect` (the
    /// release `trustcheck-collect`); nil runs `binary()`.
    init(database: String, directory: TemporaryDirectory, listen: String = "127.0.0.1:0", arguments: [String] = [],
         executable: URL? = nil) throws
    {
        self.database = database
        let portFile = directory.file("port-\(UUID().uuidString)")
        process.executableURL = try executable ?? Self.binary()
        process.arguments = ["collect", "--listen", listen, "--db", database, "--port-file", portFile] + arguments
        process.standardOutput = output
        process.standardError = errors
        outputText = PipeDrain(output)
        errorText = PipeDrain(errors)
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        var port: UInt16?
        while port == nil && Date() < deadline && process.isRunning {
            port = (try? String(contentsOfFile: portFile, encoding: .utf8)).flatMap { UInt16($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if port == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        guard let port else {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            let text = errorText.text()
            throw LoopbackHTTPClient.Failure(description: "trustcheck collect did not start: \(text)")
        }
        self.port = port
    }

    /// CPU seconds (user + system) the process has used so far, from /proc/PID/stat.
    var cpuSeconds: Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else { return nil }
        // After "pid (comm) ": state is field 3, utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The process's peak resident memory so far in MB (VmHWM of /proc/PID/status).
    var residentPeakMB: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return kilobytes / 1024
    }

    /// Sends SIGTERM and waits (at most 30 s) for the exit; returns the status and what it printed.
    @discardableResult
    func stop() -> (status: Int32, stdout: String, stderr: String) {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        return (process.terminationStatus, outputText.text(), errorText.text())
    }

    static func binary() throws -> URL { try TrustCheckBinary.url() }

    /// Runs `trustcheck ARGUMENTS` to its end (small outputs).
    static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try TrustCheckBinary.run(arguments)
    }
}

/// Reads a pipe on a thread of its own until its end, keeping everything read.
private final class PipeDrain: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let ended = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.withLock { data.append(chunk) }
            }
            ended.signal()
        }
    }

    /// What was read, after waiting at most 5 s for the end (a child of the collector, an alert command,
    /// may still hold the pipe open).
    func text() -> String {
        if ended.wait(timeout: .now() + 5) == .success { ended.signal() }
        return lock.withLock { String(decoding: data, as: UTF8.self) }
    }
}
