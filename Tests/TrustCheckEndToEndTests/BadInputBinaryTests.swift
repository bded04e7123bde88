import Foundation
import Testing

/// Bad input of every kind, for every command that reads files: a clear message naming the file, exit 2, and
/// never a death by signal.
@Suite(.enabled(if: ReleaseBinaries.configured, "TRUSTCHECK_RELEASE_BINARY and TRUSTCHECK_COLLECT_RELEASE_BINARY are unset: `make test` builds the release binaries as `make demo` does and sets them"))
struct BadInputBinaryTests {
    typealias F = RepositoryFiles

    /// vectors/certificates/bad, each with the problem the loader names.
    @Test(arguments: [
        ("garbage.txt", "not a certificate: neither PEM, DER nor base64 DER"),
        ("empty.pem", "file is empty"),
        ("truncated.der", ""), ("broken-base64.pem", ""), ("mismatched-end.pem", ""), ("no-end-line.pem", ""),
        ("not-a-certificate.der", ""), ("public-key-only.pem", ""), ("second-block-not-a-certificate.pem", ""),
        ("no-certificates", ""),
    ])
    func badCertificateFilesExitTwoNamingTheFile(file: String, problem: String) throws {
        let path = F.certificate("bad/" + file)
        for command in [["show"], ["pin"], ["verify"]] {
            let run = try Binary.trustcheck(command + [path])
            run.expectExit(2)
            #expect(run.stdout == "")
            #expect(run.stderr.hasPrefix("trustcheck: \(path): "), "\(run)")
            if !problem.isEmpty { #expect(run.stderr == "trustcheck: \(path): \(problem)\n") }
        }
        // With --json the error is on standard output too, with a stable code.
        let json = try Binary.trustcheck(["verify", path, "--json"])
        json.expectExit(2)
        let error = try #require(try json.json()["error"] as? [String: Any])
        #expect((error["code"] as? String)?.hasPrefix("certificate.load.") == true, "\(json)")
        #expect(error["path"] as? String == path)
    }

    @Test func missingFilesExitTwoForEveryCommand() throws {
        let missing = "/nonexistent/trustcheck-e2e.pem"
        let runs = [
            ["verify", missing], ["show", missing], ["pin", missing],
            ["verify", F.readmeLeaf, "--anchors", missing],
            ["verify", F.readmeLeaf, "--crl", missing], ["verify", F.readmeLeaf, "--ocsp", missing],
            ["verify", F.readmeLeaf, "--host", "www.example.test", "--pin-config", missing],
            ["verify", "--replay", missing], ["limbo", missing],
            ["audit", missing, "--chain", F.readmeLeaf], ["audit", F.audit("healthy.json"), "--chain", missing],
            ["connect", "127.0.0.1:9", "--anchors", missing],
        ]
        for arguments in runs {
            let run = try Binary.trustcheck(arguments)
            run.expectExit(2)
            #expect(run.stderr.contains(missing), "\(run)")
        }
    }

    @Test func garbageInEveryOtherInput() throws {
        let garbage = F.certificate("bad/garbage.txt")
        let runs: [([String], String)] = [
            (["verify", F.readmeLeaf, "--anchors", garbage], garbage),
            (["verify", F.crl("good-leaf.pem"), "--crl", F.crl("bad-garbage.crl")], F.crl("bad-garbage.crl")),
            (["verify", F.readmeLeaf, "--host", "www.example.test", "--pin-config", garbage], garbage),
            (["verify", "--replay", garbage], garbage),
            (["limbo", garbage], garbage),
            (["audit", garbage, "--chain", F.readmeLeaf], garbage),
        ]
        for (arguments, named) in runs {
            let run = try Binary.trustcheck(arguments)
            run.expectExit(2)
            #expect(run.stderr.contains(named), "\(run)")
        }
        // Bytes that are not an OCSP response are no input error: reported and ignored, as Apple ignores them.
        let ocsp = try Binary.trustcheck([F.ocsp("leaf.pem"), F.ocsp("intermediate.pem"), "--anchors", F.ocsp("root.pem"),
                                          "--at", "2026-06-01", "--ocsp", garbage])
        ocsp.expectExit(0)
    }

    @Test(arguments: [
        ["verify", "--bogus"], ["verify", F.readmeLeaf, "--host", "--at", "2026-01-01"], ["verify", F.readmeLeaf, "--at", "yesterday"],
        ["verify", F.readmeLeaf, "--profile", "strict"], ["verify", F.readmeLeaf, "--policy", "smime"],
        ["show", F.readmeLeaf, "--at", "2026-13-01"], ["pin"], ["show"], ["audit"], ["limbo"],
        ["connect"], ["connect", "localhost:0"], ["connect", "localhost", "--tls", "1.1"], ["connect", "localhost", "--timeout", "-1"],
    ])
    func usageErrorsExitTwo(arguments: [String]) throws {
        let run = try Binary.trustcheck(arguments)
        run.expectExit(2)
        #expect(run.stdout == "")
        #expect(!run.stderr.isEmpty)
    }

    /// An output path in a directory that does not exist is an error naming it, not a crash.
    @Test func anUnwritableOutputExitsTwo() throws {
        let output = "/nonexistent/dir/results.json"
        let run = try Binary.trustcheck(["limbo", F.path("vectors/chain.json"), "--output", output])
        run.expectExit(2)
        #expect(run.stderr.contains(output))
    }

    /// Over 32 MiB: refused before it is read whole.
    @Test func anOversizedFileIsRefused() throws {
        let scratch = try Scratch("big")
        defer { scratch.remove() }
        let big = try scratch.write("big.pem", Data(count: 33 * 1024 * 1024))
        let run = try Binary.trustcheck(["show", big])
        run.expectExit(2)
        #expect(run.stderr.hasPrefix("trustcheck: \(big): "))
    }
}
