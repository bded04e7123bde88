import Foundation
import Testing

/// `trustcheck ats` from the release binary: help, lint, a cleartext decision, and a diagnosis of a
/// TLS 1.1-only loopback `openssl s_server` that prints the exception to paste.
@Suite(.enabled(if: ReleaseBinaries.configured, "TRUSTCHECK_RELEASE_BINARY and TRUSTCHECK_COLLECT_RELEASE_BINARY are unset: `make test` builds the release binaries as `make demo` does and sets them"))
struct ATSBinaryTests {
    static let fixtures = RepositoryFiles.path("Tests/TrustCheckCLITests/Fixtures/ats")
    static let documentationExample = RepositoryFiles.path("Tests/AppTransportSecurityTests/Fixtures/documentation-example.plist")

    @Test("help ats documents the modes, the JSON keys and the exit codes")
    func help() throws {
        let run = try Binary.trustcheck(["help", "ats"])
        run.expectExit(0)
        for word in ["--connect-to", "--lint", "--diagnose", "--check-hosts", "decided_by", "smallest_exception_plist", "exit status"] {
            #expect(run.stdout.contains(word), "\(word)")
        }
    }

    @Test("http:// under Apple's documentation example: allowed for the exception's subdomain, -1022 elsewhere")
    func cleartext() throws {
        let allowed = try Binary.trustcheck(["ats", Self.documentationExample, "http://media.example.com/"])
        allowed.expectExit(0)
        let refused = try Binary.trustcheck(["ats", Self.documentationExample, "http://other.org/"])
        refused.expectExit(1)
        #expect(refused.stdout.contains("Code=-1022"))
    }

    @Test("--lint finds the example's lowered TLS minimum and exits 1")
    func lint() throws {
        let run = try Binary.trustcheck(["ats", "--lint", Self.documentationExample])
        run.expectExit(1)
        #expect(run.stdout.contains("[lowered-tls-minimum]") && run.stdout.contains("[insecure-http-loads]"))
    }

    @Test("--diagnose of a TLS 1.1-only server prints NSExceptionMinimumTLSVersion TLSv1.1 as the exception to paste")
    func diagnose() throws {
        let server = try BackgroundProcess("/usr/bin/openssl", ["s_server", "-accept", "127.0.0.1:0", "-www", "-naccept", "64",
                                                                "-cert", "good.pem", "-key", "good-key.pem", "-tls1_1", "-cipher", "DEFAULT@SECLEVEL=0"],
                                           directory: Self.fixtures)
        let port = server.wait(seconds: 20) { () -> UInt16? in
            guard let line = server.stdout.split(separator: "\n").first(where: { $0.hasPrefix("ACCEPT ") }) else { return nil }
            return line.split(separator: ":").last.flatMap { UInt16($0.trimmingCharacters(in: .whitespaces)) }
        }
        guard let port else { throw BackgroundProcess.Failure(description: "s_server did not start: \(server.stderr)") }
        let run = try Binary.trustcheck(["ats", "--diagnose", "https://ats.test/", "--anchors", Self.fixtures + "/ca.pem",
                                         "--connect-to", "127.0.0.1:\(port)", "--at", "2026-06-01", "--timeout", "10"])
        run.expectExit(1)
        #expect(run.stdout.contains("<key>NSExceptionMinimumTLSVersion</key>\n            <string>TLSv1.1</string>"), "\(run)")
    }
}
