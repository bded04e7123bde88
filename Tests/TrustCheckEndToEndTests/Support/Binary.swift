import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a release binary as a user's shell would: its own process, arguments as given, standard input from a
/// file (empty unless given), output captured into temporary files, and a time limit after which it is
/// killed, so a hang fails the test instead of stalling the suite.
enum Binary {
    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    /// The release `trustcheck`; throws (failing the test) when the variable names no executable.
    static func trustcheck() throws -> String { try executable(ReleaseBinaries.trustcheck, ReleaseBinaries.trustcheckVariable) }

    /// The release `trustcheck-collect`.
    static func collect() throws -> String { try executable(ReleaseBinaries.collect, ReleaseBinaries.collectVariable) }

    private static func executable(_ path: String?, _ variable: String) throws -> String {
        guard let path, FileManager.default.isExecutableFile(atPath: path) else {
            throw Missing(description: "\(variable)=\(path ?? "") is not an executable file")
        }
        return path
    }

    /// `trustcheck ARGUMENTS`.
    /// Pin-failure reports of a run that names no spool wait in one of this process's temporary directories,
    /// never in the user's.
    static let reportSpool = FileManager.default.temporaryDirectory.appendingPathComponent("trustcheck-e2e-\(getpid())/report-spool").path

    /// `directory` is the working directory the run starts in (default: the test process's).
    static func trustcheck(_ arguments: [String], stdin: String? = nil, in directory: String? = nil,
                           seconds: TimeInterval = 120) throws -> ProcessRun {
        try run(try trustcheck(), arguments, stdin: stdin, environment: ["TRUSTCHECK_REPORT_SPOOL": reportSpool],
                directory: directory, seconds: seconds)
    }

    /// `trustcheck-collect ARGUMENTS`.
    static func collect(_ arguments: [String], seconds: TimeInterval = 120) throws -> ProcessRun {
        try run(try collect(), arguments, seconds: seconds)
    }

    /// `environment` changes the inherited environment: a nil value removes the variable.
    static func run(_ executable: String, _ arguments: [String], stdin: String? = nil, environment: [String: String?] = [:],
                    directory: String? = nil, seconds: TimeInterval) throws -> ProcessRun {
        let scratch = try Scratch("run")
        defer { scratch.remove() }
        let input = try stdin ?? scratch.write("stdin", "")
        let outPath = try scratch.write("stdout", ""), errPath = try scratch.write("stderr", "")
        guard let stdinHandle = FileHandle(forReadingAtPath: input), let stdoutHandle = FileHandle(forWritingAtPath: outPath),
              let stderrHandle = FileHandle(forWritingAtPath: errPath)
        else { throw Missing(description: "cannot open the run's files in \(scratch.url.path)") }
        defer {
            try? stdinHandle.close()
            try? stdoutHandle.close()
            try? stderrHandle.close()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if !environment.isEmpty {
            var inherited = ProcessInfo.processInfo.environment
            for (name, value) in environment { inherited[name] = value }
            process.environment = inherited
        }
        process.standardInput = stdinHandle
        process.standardOutput = stdoutHandle
        process.standardError = stderrHandle
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
            usleep(5_000)
        }
        process.waitUntilExit()
        return ProcessRun(arguments: [URL(fileURLWithPath: executable).lastPathComponent] + arguments,
                          reason: process.terminationReason, status: process.terminationStatus,
                          stdout: scratch.read("stdout") ?? "", stderr: scratch.read("stderr") ?? "", timedOut: timedOut)
    }
}
