import CertificateFixtures
import Foundation
import Testing
@testable import TrustCheckCLI

/// `-` is standard input for every file argument; with `--json`, input errors also come as a JSON object.
@Suite struct StandardInputTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    func run(_ arguments: [String], stdin: [UInt8]) -> CommandResult {
        let stdout = CapturedOutput(), stderr = CapturedOutput()
        let status = TrustCheckCommand.run(arguments: arguments, stdout: stdout, stderr: stderr, stdin: .bytes(stdin),
                                           environment: testEnvironment)
        return CommandResult(status: status, stdout: stdout.text, stderr: stderr.text)
    }

    func bytes(_ relative: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: Self.path(relative)))) }

    @Test func chainFromStandardInput() throws {
        let leaf = try bytes("vectors/readme-chain/leaf.pem")
        let result = run(["verify", "-", Self.path("vectors/readme-chain/intermediate.pem"), "--anchors", Self.path("anchors"),
                          "--host", "www.example.test", "--at", "2026-12-01"], stdin: leaf)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("TRUSTED"))
    }

    @Test func anchorsFromStandardInput() throws {
        let root = try bytes("vectors/readme-chain/root.pem")
        let result = run(["verify", Self.path("vectors/readme-chain/leaf.pem"), Self.path("vectors/readme-chain/intermediate.pem"),
                          "--anchors", "-", "--at", "2026-12-01"], stdin: root)
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func showAndPinReadStandardInput() throws {
        let leaf = try bytes("vectors/readme-chain/leaf.pem")
        let shown = try run(["show", "-", "--json", "--at", "2026-12-01"], stdin: leaf).jsonArray()
        #expect(shown.first?["file"] as? String == "-")
        #expect(shown.first?["subject"] as? String == "CN=www.example.test")
        let pinned = run(["pin", "-"], stdin: leaf)
        #expect(pinned.stdout == "sha256/o4i7NgKxIHkeLkltshnJM7W0Rk19cMkpMVgk2BsiZqU=  www.example.test\n")
    }

    @Test func crlFromStandardInput() throws {
        let fixtures = "Tests/TrustEvaluationTests/Fixtures/crl/"
        let crl = try bytes(fixtures + "intermediate.crl.pem")
        let result = run(["verify", Self.path(fixtures + "revoked-leaf.pem"), Self.path(fixtures + "intermediate.pem"),
                          "--anchors", Self.path(fixtures + "root.pem"), "--crl", "-", "--policy", "basic",
                          "--at", "2026-01-01T00:00:00Z", "--json"], stdin: crl)
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((json["error"] as? [String: Any])?["code"] as? Int == -67820)
    }

    @Test func pinConfigurationFromStandardInput() throws {
        let fixtures = "Tests/PinningTests/Fixtures/"
        let config = try bytes(fixtures + "trustkit.json")
        let result = run(["verify", Self.path(fixtures + "leaf.pem"), Self.path(fixtures + "intermediate.pem"),
                          "--anchors", Self.path(fixtures + "root.pem"), "--at", "2025-01-01", "--host", "www.example.com",
                          "--pin-config", "-"], stdin: config)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("pinning: allow (TSKTrustEvaluationSuccess)"))
    }

    /// `--host` in other letter case or with a trailing dot: no pin applies, as in TrustKit, and the user is
    /// told so on stderr, in the text and in the JSON.
    @Test func aHostSpeltDifferentlyFromItsPinnedDomainIsToldThatNoPinApplied() throws {
        let fixtures = "Tests/PinningTests/Fixtures/"
        let config = try bytes(fixtures + "trustkit.json")
        for host in ["WWW.EXAMPLE.COM", "www.example.com."] {
            let arguments = ["verify", Self.path(fixtures + "leaf.pem"), Self.path(fixtures + "intermediate.pem"),
                             "--anchors", Self.path(fixtures + "root.pem"), "--at", "2025-01-01", "--host", host, "--pin-config", "-"]
            let text = run(arguments, stdin: config)
            #expect(text.stdout.contains("pinning: not-pinned: no pin applies (host-spelling)"), "\(text.stdout)")
            #expect(text.stderr.contains("trustcheck: warning: no pin applied to \(host): it matches a pinned domain only as www.example.com"),
                    "\(text.stderr)")
            let json = run(arguments + ["--json"], stdin: config)
            #expect(json.stdout.contains(#""not_pinned_reason": "host-spelling""#), "\(json.stdout)")
            #expect(json.stdout.contains(#""not_pinned_explanation": "no pin applied to \#(host)"#))
            #expect(json.stderr.contains("warning: no pin applied"))
        }
    }

    @Test func standardInputIsReadOnce() {
        let result = run(["pin", "-", "-"], stdin: Array("not a certificate".utf8))
        #expect(result.status == 2)
        #expect(result.stderr.contains("trustcheck: standard input: already read for an earlier \"-\" argument; give it once"))
    }

    @Test func badStandardInputNamesIt() {
        let result = run(["show", "-"], stdin: Array("garbage".utf8))
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("trustcheck: standard input: "))
    }

    /// With --json a failed input gives a JSON error object on stdout as well as the stderr line.
    @Test func jsonInputErrorsAreJSON() throws {
        let result = trustcheck("verify", "/nonexistent/chain.pem", "--json")
        #expect(result.status == 2)
        #expect(result.stderr == "trustcheck: /nonexistent/chain.pem: no such file or directory\n")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let error = try #require(json["error"] as? [String: Any])
        #expect(error["code"] as? String == "certificate.load.unreadable")
        #expect(error["path"] as? String == "/nonexistent/chain.pem")
        #expect(error["message"] as? String == "no such file or directory")
        #expect((json["errors"] as? [Any])?.count == 1)

        let two = trustcheck("pin", "--json", "/nonexistent/a.pem", "/nonexistent/b.pem")
        let errors = try #require((try JSONSerialization.jsonObject(with: Data(two.stdout.utf8)) as? [String: Any])?["errors"]
            as? [[String: Any]])
        #expect(errors.map { $0["path"] as? String } == ["/nonexistent/a.pem", "/nonexistent/b.pem"])
        #expect(trustcheck("pin", "/nonexistent/a.pem").stdout == "", "without --json stdout stays empty")
    }
}
