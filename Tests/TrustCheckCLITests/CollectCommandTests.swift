import Foundation
import Testing

/// `trustcheck collect`'s argument errors (the running collector is tested in ReportCollectorTests, as a process).
@Suite struct CollectCommandTests {
    @Test func requiredOptionsAndBadValuesAreUsageErrors() {
        let cases: [([String], String)] = [
            (["collect", "--listen", ":8080", "--db", "x.db"],
             "trustcheck collect: --listen :8080: give the port alone for loopback (8080) or an address for others (0.0.0.0:8080)\n"),
            (["collect", "--listen", "127.0.0.1:0"], "trustcheck collect: --db PATH is required\n"),
            (["collect", "--listen", "example.com:80", "--db", "x.db"],
             "trustcheck collect: --listen example.com:80: 'example.com' is not a numeric IPv4 or IPv6 address\n"),
            (["collect", "--listen", "127.0.0.1:0", "--db", "x.db", "--tls-cert", "c.pem"],
             "trustcheck collect: --tls-cert and --tls-key go together\n"),
            (["collect", "--listen", "127.0.0.1:0", "--db", "x.db", "--rate-limit", "fast"],
             "trustcheck collect: --rate-limit 'fast' must be a number from 0 to 1000000\n"),
            (["collect", "--listen", "127.0.0.1:0", "--db", "x.db", "--alert-webhook", "ftp://x"],
             "trustcheck collect: --alert-webhook 'ftp://x' is not an http or https URL\n"),
            (["collect", "--listen", "127.0.0.1:0", "--db", "x.db", "--alert-flood-hosts", "0"],
             "trustcheck collect: --alert-flood-hosts '0' must be a number from 1 to 1000000\n"),
            (["collect", "--listen", "127.0.0.1:0", "--db", "x.db", "--alert-timeout", "3600"],
             "trustcheck collect: --alert-timeout '3600' must be a number from 1 to 600\n"),
            (["collect", "--listen", "127.0.0.1:0", "--db", "x.db", "--alert-flood-window", "soon"],
             "trustcheck collect: --alert-flood-window 'soon' must be a number from 1 to 31536000\n"),
            (["collect", "--listen", "127.0.0.1:0", "--db", "x.db", "--next-pin", "example.com"],
             "trustcheck collect: --next-pin 'example.com' must be DOMAIN=PIN\n"),
            (["collect", "--listen", "127.0.0.1:0", "--db", "x.db", "--retain", "0"],
             "trustcheck collect: --retain '0' must be a number from 1 to 36500\n"),
            (["collect", "--listen", "127.0.0.1:0", "--db", "x.db", "--retain", "1.5"],
             "trustcheck collect: --retain '1.5' must be a whole number of days\n"),
            (["collect", "--listen", "127.0.0.1:0", "--db", "x.db", "--system-store", "/nonexistent/roots.pem"],
             "trustcheck: /nonexistent/roots.pem"),
            (["collect", "extra", "--listen", "127.0.0.1:0", "--db", "x.db"],
             "trustcheck collect: takes no positional arguments\n"),
        ]
        for (arguments, message) in cases {
            let result = trustcheckCollect(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
            #expect(result.stdout == "")
        }
    }

    @Test func anUnreadableSecretFileNamesTheFile() {
        let path = NSTemporaryDirectory() + "no-such-secret-\(UUID().uuidString)"
        let result = trustcheckCollect(["collect", "--listen", "127.0.0.1:0", "--db", "x.db", "--secret-file", path])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("trustcheck: \(path): cannot read"))
    }

    /// A temporary file holding `text`.
    private func file(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "collect-test-\(UUID().uuidString)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aReadTokenThatCannotGuardTheAPIIsAUsageError() throws {
        let secret = try file("0123456789abcdef0123\n")
        let short = try file("abc123\n")
        let spaced = try file("two words, not a bearer token\n")
        let token = try file("0123456789abcdef0123")
        defer { for path in [secret, short, spaced, token] { try? FileManager.default.removeItem(atPath: path) } }
        let base = ["collect", "--listen", "127.0.0.1:0", "--db", "x.db"]
        let cases: [([String], String)] = [
            (["--read-token-file", short], "trustcheck collect: --read-token-file \(short): the read token has 6 characters; use at least 16"),
            (["--read-token-file", spaced], "trustcheck collect: --read-token-file \(spaced): the read token may hold only A-Z a-z 0-9"),
            (["--read-token-file", token, "--secret-file", secret],
             "trustcheck collect: --read-token-file and --secret-file hold the same value: the reporting secret ships inside every app"),
        ]
        for (arguments, message) in cases {
            let result = trustcheckCollect(base + arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
            #expect(result.stdout == "")
        }
        let missing = NSTemporaryDirectory() + "no-such-token-\(UUID().uuidString)"
        let unreadable = trustcheckCollect(base + ["--read-token-file", missing])
        #expect(unreadable.status == 2)
        #expect(unreadable.stderr.hasPrefix("trustcheck: \(missing): cannot read"))
    }

    @Test func helpListsTheCollectorCommands() {
        let overview = trustcheck(["help"]).stdout
        #expect(overview.contains("  collect "))
        #expect(overview.contains("  reports "))
        let help = trustcheckCollect(["collect", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--alert-threshold N"))
        for option in ["--alert-flood-hosts N", "--alert-flood-window S", "--alert-timeout S"] {
            #expect(help.stdout.contains(option), "\(option)")
        }
        #expect(help.stdout.contains("SIGTERM"))
        #expect(help.stdout.contains("--read-token-file FILE"))
        #expect(help.stdout.contains("Authorization: Bearer TOKEN"))
        #expect(help.stdout.contains("--listen [ADDR:]PORT"))
        #expect(help.stdout.contains("default 127.0.0.1:8080"))
    }
}
