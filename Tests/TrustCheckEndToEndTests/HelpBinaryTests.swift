import Foundation
import Testing

/// Help for every command, in each way of asking, from the release binaries: `collect`, `reports` and
/// `reports-flush` are answered by `trustcheck-collect`, which `trustcheck` execs.
@Suite(.enabled(if: ReleaseBinaries.configured, "TRUSTCHECK_RELEASE_BINARY and TRUSTCHECK_COLLECT_RELEASE_BINARY are unset: `make test` builds the release binaries as `make demo` does and sets them"))
struct HelpBinaryTests {
    static let commands = ["verify", "pin", "audit", "show", "connect", "ats", "limbo", "pkits", "version", "collect", "reports", "reports-flush"]

    @Test(arguments: [["help"], ["--help"], ["-h"]])
    func theOverviewListsEveryCommand(arguments: [String]) throws {
        let run = try Binary.trustcheck(arguments)
        run.expectExit(0)
        #expect(run.stdout.hasPrefix("usage: trustcheck <command> [options] [arguments]\n"))
        for command in Self.commands {
            #expect(run.stdout.contains("\n  \(command) "), "\(command) is missing from the overview")
        }
        #expect(run.stderr == "")
    }

    @Test(arguments: commands)
    func everyCommandHasHelp(command: String) throws {
        for arguments in [["help", command], [command, "--help"], [command, "-h"]] {
            let run = try Binary.trustcheck(arguments)
            run.expectExit(0)
            // verify is the default command, so its usage line shows the name as optional.
            let name = command == "verify" ? "[verify]" : command
            let usage = run.stdoutLines.first ?? ""
            #expect(usage == "usage: trustcheck \(name)" || usage.hasPrefix("usage: trustcheck \(name) "), "\(run)")
            #expect(run.stderr == "")
        }
    }

    /// The collector's own binary answers the same help.
    @Test(arguments: ["collect", "reports", "reports-flush"])
    func theCollectorBinaryHasHelp(command: String) throws {
        let run = try Binary.collect([command, "--help"])
        run.expectExit(0)
        #expect(run.stdout.hasPrefix("usage: trustcheck \(command)"))
        let viaTrustcheck = try Binary.trustcheck([command, "--help"])
        #expect(viaTrustcheck.stdout == run.stdout)
    }

    @Test func theChecksTable() throws {
        let run = try Binary.trustcheck(["help", "checks"])
        run.expectExit(0)
        #expect(run.stdout.contains("SSLHostname"))
        #expect(run.stdout.contains("-67602"))
    }

    @Test func anUnknownCommandOrNoneIsAUsageError() throws {
        let unknown = try Binary.trustcheck(["help", "frobnicate"])
        unknown.expectExit(2)
        #expect(unknown.stderr.hasPrefix("trustcheck: unknown command 'frobnicate'"))
        let none = try Binary.trustcheck([])
        none.expectExit(2)
        #expect(none.stdout == "")
        #expect(none.stderr.hasPrefix("usage: trustcheck <command> [options] [arguments]\n"))
    }
}
