import CertificateFixtures
import Foundation
import Testing

/// Runs the real `trustcheck` binary once, to check that main.swift passes arguments through and
/// turns the result into the process exit status. SwiftPM builds it next to the test bundle
/// because this test target depends on it.
@Suite struct ExecutableTests {
    private func binary() throws -> URL {
        let candidates = [Bundle.main.executableURL, Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0])]
            .compactMap { $0?.deletingLastPathComponent().appendingPathComponent("trustcheck") }
        return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
                            "trustcheck not found next to the test bundle: \(candidates.map(\.path))")
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // The outputs are small, so reading after exit cannot dead-lock on a full pipe.
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    @Test func pinMatchesTheInProcessRun() throws {
        let arguments = ["pin", Fixtures.path("bundle.pem"), Fixtures.path("ed25519-leaf.der")]
        let result = try run(arguments)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == trustcheck(arguments).stdout)
        #expect(result.stdout.split(separator: "\n").count == 4)
    }

    @Test func badInputExitsTwo() throws {
        let path = Fixtures.path("bad/garbage.txt")
        let result = try run(["show", path])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "trustcheck: \(path): not a certificate: neither PEM, DER nor base64 DER\n")
    }
}
