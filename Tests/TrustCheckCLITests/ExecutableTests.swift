import CertificateFixtures
import Foundation
import Testing
import TestSupport

/// Runs the real `trustcheck` binary once, to check that main.swift passes arguments through and
/// turns the result into the process exit status. SwiftPM builds it next to the test bundle
/// because this test target depends on it.
@Suite struct ExecutableTests {
    private func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try TrustCheckBinary.run(arguments)
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
