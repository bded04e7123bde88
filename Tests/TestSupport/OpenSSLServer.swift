import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A running `openssl s_server` (Debian's openssl) on 127.0.0.1 with an ephemeral port, which it prints as
/// "ACCEPT 127.0.0.1:PORT"; killed (by its own PID) when released.
public final class OpenSSLServer {
    public let process = Process()
    public let port: UInt16

    /// Starts `openssl s_server -accept 127.0.0.1:0 -www -naccept 4 ARGUMENTS` in `directory`.
    public init(directory: URL, _ arguments: [String]) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = ["s_server", "-accept", "127.0.0.1:0", "-www", "-naccept", "4"] + arguments
        process.currentDirectoryURL = directory
        process.standardOutput = output
        process.standardError = output
        process.standardInput = Pipe()
        try process.run()
        // Read until the ACCEPT line, bounded: s_server prints it as soon as it listens. A blocking read
        // cannot see the deadline, so a watchdog kills a server that is still silent after it: its pipe
        // then closes and the read returns.
        let pid = process.processIdentifier
        let started = Started()
        DispatchQueue.global().asyncAfter(deadline: .now() + 10) {
            if !started.value { kill(pid, SIGKILL) }
        }
        defer { started.set() }
        var text = ""
        let deadline = Date().addingTimeInterval(10)
        let handle = output.fileHandleForReading
        while !text.contains("\nACCEPT ") && !text.hasPrefix("ACCEPT "), Date() < deadline, process.isRunning {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("ACCEPT ") }),
              let port = line.split(separator: ":").last.flatMap({ UInt16($0.trimmingCharacters(in: .whitespaces)) })
        else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "s_server did not start: \(text)"])
        }
        self.port = port
    }

    deinit {
        // SIGKILL, not terminate()'s SIGTERM: the child inherits the test process's signal mask, in
        // which SIGTERM is blocked, so s_server would never see it.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Whether the server printed its ACCEPT line, for the start-up watchdog (set once, read from another thread).
    private final class Started: @unchecked Sendable {
        private let lock = NSLock()
        private var started = false
        var value: Bool { lock.withLock { started } }
        func set() { lock.withLock { started = true } }
    }
}
