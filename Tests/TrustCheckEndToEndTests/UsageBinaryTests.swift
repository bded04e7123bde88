import Foundation
import Testing

/// Usage errors from the release binaries, as a person sees them in a shell: one line on stderr that says
/// what to type, nothing on stdout, exit 2; and what is valid still runs.
@Suite(.enabled(if: ReleaseBinaries.configured, "TRUSTCHECK_RELEASE_BINARY and TRUSTCHECK_COLLECT_RELEASE_BINARY are unset: `make test` builds the release binaries as `make demo` does and sets them"))
struct UsageBinaryTests {
    typealias F = RepositoryFiles
    static let chain = [F.readmeLeaf, F.readmeIntermediate, "--anchors", F.anchors, "--at", F.demoTime]

    @Test(arguments: [
        (["verify", F.readmeLeaf, "--host", "https://www.example.test/"],
         "trustcheck verify: --host takes a host name, not a URL: use --host www.example.test\n"),
        (["verify", F.readmeLeaf, "--host", "www.example.test:443"],
         "trustcheck verify: --host takes a host name without a port: use --host www.example.test\n"),
        (["connect", "HTTPS://admin@www.example.test:8443/status"],
         "trustcheck connect: give HOST[:PORT], not a URL: use trustcheck connect www.example.test:8443\n"),
        (["connect", "--host", "www.example.test"],
         "trustcheck connect: unknown option '--host'; did you mean --servername? (the server to connect to is the HOST[:PORT] argument)\n"),
        (["verify", F.readmeLeaf, "-CAfile", F.anchors], "trustcheck verify: unknown option '-CAfile'; did you mean --anchors?\n"),
        (["verfy", F.readmeLeaf], "trustcheck: unknown command 'verfy'; did you mean verify?\n"),
        (["colect", "--listen", "127.0.0.1:0"], "trustcheck: unknown command 'colect'; did you mean collect?\n"),
        (["show", F.readmeLeaf, "--at"], "trustcheck show: --at needs a value: --at TIME\n"),
        (["pin", F.readmeLeaf, "--bogus"], "trustcheck pin: unknown option '--bogus'\nrun 'trustcheck help pin' for the options\n"),
        // Through the sibling executable that trustcheck execs.
        (["reports", "--database", "x.db"], "trustcheck reports: unknown option '--database'; did you mean --db?\n"),
        (["reports", "--db", "x.db", "--next-pin", "https://www.example.test/=\(F.readmeLeafPin)"],
         "trustcheck reports: --next-pin takes a domain name, not a URL: use --next-pin www.example.test=PIN\n"),
    ])
    func usageErrorsAreOneLine(arguments: [String], stderr: String) throws {
        let run = try Binary.trustcheck(arguments)
        run.expectExit(2)
        #expect(run.stdout == "")
        #expect(run.stderr == stderr)
    }

    @Test func theCollectorBinarySuggestsItsCommands() throws {
        let run = try Binary.collect(["reprots"])
        run.expectExit(2)
        #expect(run.stderr == "trustcheck-collect: unknown command 'reprots'; did you mean reports?\n")
    }

    /// Escape sequences in an unknown option reach the terminal as visible text, not as control.
    @Test func aHostileOptionIsEscaped() throws {
        let run = try Binary.trustcheck(["pin", F.readmeLeaf, "--\u{1B}[2J\u{1B}]0;title\u{7}"])
        run.expectExit(2)
        #expect(run.stderr == "trustcheck pin: unknown option '--\\e[2J\\e]0;title\\x07'\nrun 'trustcheck help pin' for the options\n")
    }

    /// Host names and IP addresses are hosts: the name verifies, an address the leaf does not hold mismatches.
    @Test func validHostsStillWork() throws {
        let trusted = try Binary.trustcheck(Self.chain + ["--host", "www.example.test"])
        trusted.expectExit(0)
        #expect(trusted.stderr == "")
        for address in ["192.0.2.1", "[2001:db8::1]", "2001:db8::1"] {
            let run = try Binary.trustcheck(Self.chain + ["--host", address])
            run.expectExit(1)
            #expect(run.stderr == "")
        }
    }

    /// A first argument that is a file stays verify's chain, even named like a mistyped command.
    @Test func aFileNamedLikeACommandIsVerified() throws {
        let scratch = try Scratch("usage")
        defer { scratch.remove() }
        try FileManager.default.copyItem(atPath: F.readmeLeaf, toPath: scratch.path("verfy"))
        let run = try Binary.trustcheck(["verfy"] + Array(Self.chain.dropFirst()) + ["--host", "www.example.test"], in: scratch.url.path)
        run.expectExit(0)
        #expect(run.stderr == "")
    }
}
