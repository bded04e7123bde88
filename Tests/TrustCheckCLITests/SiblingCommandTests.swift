import Foundation
import Testing
import TestSupport
import TrustCheckCLI

/// `collect` and `reports` run in the `trustcheck-collect` executable, so that no other command's process
/// links the collector's libraries; `trustcheck` execs it for them with the same arguments.
@Suite struct SiblingCommandTests {
    @Test func theBinaryRunsCollectAndReportsThroughItsSibling() throws {
        let help = try TrustCheckBinary.run(["collect", "--help"])
        #expect(help.status == 0, "\(help.stderr)")
        #expect(help.stdout.hasPrefix("usage: trustcheck collect --db PATH"), "\(help.stdout)")
        let reportsHelp = try TrustCheckBinary.run(["help", "reports"])
        #expect(reportsHelp.status == 0, "\(reportsHelp.stderr)")
        #expect(reportsHelp.stdout.contains("usage: trustcheck reports"))
        let missing = try TrustCheckBinary.run(["reports", "--db", "/nonexistent/reports.db"])
        #expect(missing.status == 2)
    }

    @Test func onlyThoseCommandsGoToTheSibling() {
        #expect(TrustCheckCommand.siblingExecutable(for: ["collect", "--listen", "127.0.0.1:0"]) == "trustcheck-collect")
        #expect(TrustCheckCommand.siblingExecutable(for: ["help", "reports"]) == "trustcheck-collect")
        #expect(TrustCheckCommand.siblingExecutable(for: ["verify", "collect"]) == nil)
        #expect(TrustCheckCommand.siblingExecutable(for: ["help"]) == nil)
        #expect(TrustCheckCommand.siblingExecutable(for: []) == nil)
    }

    @Test func inProcessTheyAreNamedNotRunAndTheOverviewListsThem() {
        let result = trustcheck(["collect", "--listen", "127.0.0.1:0"])
        #expect(result.status == 2)
        #expect(result.stderr == "trustcheck collect: runs as the trustcheck-collect executable beside trustcheck\n")
        let overview = trustcheck(["help"]).stdout
        #expect(overview.contains("  collect ") && overview.contains("  reports "))
    }
}
