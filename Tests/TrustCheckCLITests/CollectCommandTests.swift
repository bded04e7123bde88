import Foundation
import Testing

/// `trustcheck collect`'s argument errors (the running collector is tested in ReportCollectorTests, as a process).
@Suite struct CollectCommandTests {
    @Test func requiredOptionsAndBadValuesAreUsageErrors() {
        let cases: [([String], String)] = [
            (["collect", "--db", "x.db"], "trustcheck collect: --listen ADDR:PORT is required\n"),
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
    }
}
