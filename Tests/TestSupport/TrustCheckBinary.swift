import Foundation

/// The real `trustcheck` binary, for tests that run it as a process: the one SwiftPM builds next to the test
/// bundle (a test target that depends on the `trustcheck` product), or TRUSTCHECK_BINARY when set (the
/// collector's load check points it at the release build).
public enum TrustCheckBinary {
    public struct NotFound: Error, CustomStringConvertible {
        public let description: String
    }

    public static func url() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["TRUSTCHECK_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let candidates = [Bundle.main.executableURL, Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0])]
            .compactMap { $0?.deletingLastPathComponent().appendingPathComponent("trustcheck") }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw NotFound(description: "trustcheck not found next to the test bundle: \(candidates.map(\.path))")
        }
        return found
    }

    /// Runs `trustcheck ARGUMENTS` to its end; for small outputs (they are read after the exit).
    public static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = try url()
        process.arguments = arguments
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
