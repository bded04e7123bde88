import Foundation
import Testing

/// `trustcheck show`, `trustcheck pin` and `trustcheck version` as users run them.
@Suite(.enabled(if: ReleaseBinaries.configured, "TRUSTCHECK_RELEASE_BINARY and TRUSTCHECK_COLLECT_RELEASE_BINARY are unset: `make test` builds the release binaries as `make demo` does and sets them"))
struct ShowPinBinaryTests {
    typealias F = RepositoryFiles

    /// `make demo`'s show.
    @Test func showPrintsTheCertificate() throws {
        let run = try Binary.trustcheck(["show", F.readmeLeaf, "--at", F.demoTime])
        run.expectExit(0)
        #expect(run.stdout.contains("www.example.test"))
        #expect(run.stdout.contains("TrustCheck Example Intermediate"))
        #expect(run.stderr == "")
    }

    @Test func showJSON() throws {
        let run = try Binary.trustcheck(["show", F.readmeLeaf, F.readmeIntermediate, "--json", "--at", F.demoTime])
        run.expectExit(0)
        let entries = try run.jsonArray()
        #expect(entries.count == 2)
        #expect(entries.first?["subject"] as? String == "CN=www.example.test")
        #expect(entries.first?["spki_sha256_base64"] as? String == F.readmeLeafPin)
    }

    /// DER, a PEM bundle and a directory recognised by content.
    @Test func showReadsEveryContainer() throws {
        for input in [F.certificate("ed25519-leaf.der"), F.certificate("bundle.pem"), F.certificate("bundle.der"),
                      F.certificate("directory")] {
            let run = try Binary.trustcheck(["show", input, "--json"])
            run.expectExit(0)
            #expect(try !run.jsonArray().isEmpty, "\(input)")
        }
    }

    /// Days left in colour only on a terminal (here a pseudo-terminal from util-linux's `script`), and not with
    /// NO_COLOR: the binary reads its environment and isatty itself, which no in-process run can show.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs /usr/bin/script (util-linux)"))
    func colourOnATerminalOnly() throws {
        let scratch = try Scratch("terminal")
        defer { scratch.remove() }
        let command = "'\(try Binary.trustcheck())' show '\(F.readmeLeaf)' --at \(F.demoTime)"
        let escape = "\u{1B}["
        let terminal = try Binary.run("/usr/bin/script", ["-qec", command, scratch.path("typescript")],
                                      environment: ["NO_COLOR": nil, "TERM": "xterm"], seconds: 60)
        terminal.expectExit(0)
        #expect(terminal.stdout.contains(escape + "32mvalid, 367 days left at 2026-12-01T00:00:00Z" + escape + "0m"), "\(terminal)")
        let noColor = try Binary.run("/usr/bin/script", ["-qec", command, scratch.path("typescript")],
                                     environment: ["NO_COLOR": "1", "TERM": "xterm"], seconds: 60)
        noColor.expectExit(0)
        #expect(noColor.stdout.contains("valid, 367 days left"))
        #expect(!noColor.stdout.contains(escape))
        // Into a file (not a terminal): no colour either.
        let file = try Binary.trustcheck(["show", F.readmeLeaf, "--at", F.demoTime])
        #expect(!file.stdout.contains(escape))
    }

    /// Output larger than a pipe holds (332 KB), through a pipe, arrives whole: write(2) to a pipe may write
    /// less than asked, which output captured in-process never does.
    @Test func largeOutputThroughAPipeArrivesWhole() throws {
        let scratch = try Scratch("pipe")
        defer { scratch.remove() }
        let files = Array(repeating: F.certificate("bundle.pem"), count: 40)
        // One explicit time for both runs: what `show` says of validity must not change between them.
        let direct = try Binary.trustcheck(["show"] + files + ["--at", F.demoTime, "--json"])
        direct.expectExit(0)
        #expect(direct.stdout.utf8.count > 256 * 1024)
        let quoted = ([try Binary.trustcheck(), "show"] + files + ["--at", F.demoTime, "--json"]).map { "'\($0)'" }.joined(separator: " ")
        let script = "\(quoted) | cat > '\(scratch.path("piped"))'; echo ${PIPESTATUS[0]}"
        let piped = try Binary.run("/bin/bash", ["-c", script], seconds: 120)
        piped.expectExit(0)
        #expect(piped.stdout == "0\n", "trustcheck's own status")
        #expect(scratch.read("piped") == direct.stdout)
    }

    /// `make demo`'s pin: one line per certificate, the anchors directory included.
    @Test func pinPrintsEachCertificatesPin() throws {
        let run = try Binary.trustcheck(["pin", F.readmeLeaf, F.readmeIntermediate, F.anchors])
        run.expectExit(0)
        #expect(run.stdoutLines.count == 3)
        #expect(run.stdoutLines.map { $0.split(separator: " ").first.map(String.init) }
            == ["sha256/" + F.readmeLeafPin, "sha256/" + F.readmeIntermediatePin, "sha256/" + F.readmeRootPin])
    }

    @Test func pinAsTrustKitAndJSON() throws {
        let trustKit = try Binary.trustcheck(["pin", F.readmeIntermediate, "--trustkit"])
        trustKit.expectExit(0)
        #expect(trustKit.stdout.contains(F.readmeIntermediatePin))
        #expect(trustKit.stdout.contains("kTSKPublicKeyHashes"))
        let json = try Binary.trustcheck(["pin", F.readmeIntermediate, "--json"])
        json.expectExit(0)
        let entry = try #require(try json.jsonArray().first)
        #expect(entry["spki_sha256_base64"] as? String == F.readmeIntermediatePin)
        #expect(entry["trustkit_pin"] as? String == F.readmeIntermediatePin)
        let both = try Binary.trustcheck(["pin", F.readmeIntermediate, "--json", "--trustkit"])
        both.expectExit(2)
    }

    @Test func versionNamesGnuTLS() throws {
        for arguments in [["version"], ["--version"]] {
            let run = try Binary.trustcheck(arguments)
            run.expectExit(0)
            #expect(run.stdout.hasPrefix("trustcheck "))
            #expect(run.stdout.contains("GnuTLS"))
        }
        try Binary.trustcheck(["version", "extra"]).expectExit(2)
    }
}
