import Foundation
import PinningReports
import Testing
import TestSupport
import TrustCheckCLI

/// `trustcheck reports-flush`, in-process as `trustcheck-collect` runs it, on spools the tests fill and
/// receivers they start on 127.0.0.1.
@Suite struct ReportsFlushCommandTests {
    let directory = NSTemporaryDirectory() + "reports-flush-\(UUID().uuidString)"
    static let body = Data(#"{"report":"flushed"}"#.utf8)

    func remove() { try? FileManager.default.removeItem(atPath: directory) }

    /// A spool holding one report for `destination`, due at once.
    func spool(for destination: URL) throws -> ReportSpool {
        let spool = try ReportSpool(directory: directory)
        try spool.enqueue(Self.body, destinations: [destination], now: Date(timeIntervalSince1970: 1_735_689_600))
        return spool
    }

    func summary(_ result: CommandResult) throws -> ReportFlushSummary {
        try JSONDecoder().decode(ReportFlushSummary.self, from: Data(result.stdout.utf8))
    }

    @Test func aWaitingReportIsDeliveredAndNothingIsLeft() throws {
        defer { remove() }
        let server = try TestHTTPServer()
        defer { server.stop() }
        let spool = try spool(for: server.url)

        let result = trustcheckCollect(["reports-flush", "--report-spool", directory, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try summary(result)
        #expect(summary.spool == directory)
        #expect(summary.delivered == 1 && summary.pending == 0 && summary.failures.isEmpty && summary.waiting.isEmpty)
        #expect(server.requests.map(\.body) == [Self.body])
        #expect(server.requests.first?.headers["content-type"] == "application/json")
        #expect(spool.pendingEntries().isEmpty)

        let again = trustcheckCollect(["reports-flush", "--report-spool", directory])
        #expect(again.status == 0)
        #expect(again.stdout == "reports-flush: 0 delivered, 0 still spooled (spool \(directory))\n")
    }

    @Test func aReceiverThatIsDownLeavesTheReportSpooledAndSaysWhy() throws {
        defer { remove() }
        let down = try ReservedPort()
        let url = down.url
        let spool = try spool(for: url)

        let result = trustcheckCollect(["reports-flush", "--report-spool", directory, "--json", "--timeout", "5"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let summary = try summary(result)
        #expect(summary.delivered == 0 && summary.retrying == 1 && summary.pending == 1)
        #expect(summary.failures.map(\.destination) == [url.absoluteString])
        #expect(summary.failures.map(\.code) == ["report.connectionFailed"])
        #expect(summary.failures.first?.message.isEmpty == false)
        let waiting = try #require(summary.waiting.first)
        #expect(waiting.destination == url.absoluteString && waiting.attempts == 1)
        #expect(waiting.lastError?.hasPrefix("report.connectionFailed: ") == true)
        #expect(spool.pendingEntries().map(\.attempts) == [1], "still spooled, the attempt counted")

        // Backing off now: a flush of due reports only (what verify and connect run) does not try it, and
        // still answers 1.
        let text = trustcheckCollect(["reports-flush", "--report-spool", directory, "--due-only"])
        #expect(text.status == 1)
        #expect(text.stdout.hasPrefix("reports-flush: 0 delivered, 1 still spooled (spool \(directory))\n  not tried: 1 not due yet\n"),
                "\(text.stdout)")
        #expect(text.stdout.contains("  waiting: \(url.absoluteString): 1 failed attempt, next attempt "))
        #expect(text.stdout.contains("; last error report.connectionFailed: "))
        #expect(spool.pendingEntries().map(\.attempts) == [1], "not tried")

        // A flush asked for tries it now, back-off or not.
        let asked = trustcheckCollect(["reports-flush", "--report-spool", directory, "--json", "--timeout", "5"])
        #expect(asked.status == 1)
        #expect(try self.summary(asked).retrying == 1)
        #expect(spool.pendingEntries().map(\.attempts) == [2], "tried again")
        withExtendedLifetime(down) {}
    }

    @Test func aHangingReceiverCostsNoMoreThanTheTimeout() throws {
        defer { remove() }
        let server = try TestHTTPServer(mode: .hang)
        defer { server.stop() }
        _ = try spool(for: server.url)

        let started = Date()
        let result = trustcheckCollect(["reports-flush", "--report-spool", directory, "--json", "--timeout", "1"])
        let took = Date().timeIntervalSince(started)
        #expect(result.status == 1)
        #expect(took < 5, "the attempt was bounded by the 1 s left (took \(took) s)")
        #expect(try summary(result).failures.map(\.code) == ["report.timedOut"])
        #expect(server.requests(atLeast: 1, within: 10).count == 1)
    }

    @Test func aMissingSpoolHasNothingToDeliverAndIsNotCreated() throws {
        let result = trustcheckCollect(["reports-flush", "--report-spool", directory, "--json"])
        #expect(result.status == 0)
        #expect(try summary(result).pending == 0)
        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    @Test func anUnusableSpoolAndBadOptionsAreExitStatus2() throws {
        defer { remove() }
        try Data().write(to: URL(fileURLWithPath: directory))
        let unusable = trustcheckCollect(["reports-flush", "--report-spool", directory, "--json"])
        #expect(unusable.status == 2)
        #expect(unusable.stderr == "trustcheck: \(directory): Not a directory\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(unusable.stdout.utf8)) as? [String: Any])
        #expect((object["error"] as? [String: Any])?["code"] as? String == "spool.unusableDirectory")

        let cases: [([String], String)] = [
            (["reports-flush", "--timeout", "0"], "trustcheck reports-flush: --timeout '0' must be seconds, more than 0 and at most 3600\n"),
            (["reports-flush", "--timeout", "soon"], "trustcheck reports-flush: --timeout 'soon' must be seconds"),
            (["reports-flush", "extra"], "trustcheck reports-flush: takes no positional arguments\n"),
            (["reports-flush", "--report-spool="], "trustcheck reports-flush: --report-spool needs a directory\n"),
        ]
        for (arguments, message) in cases {
            let result = trustcheckCollect(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
        }
    }

    @Test func itIsASiblingCommandWithHelp() {
        #expect(TrustCheckCommand.siblingExecutable(for: ["reports-flush"]) == "trustcheck-collect")
        #expect(TrustCheckCommand.siblingExecutable(for: ["help", "reports-flush"]) == "trustcheck-collect")
        #expect(trustcheck(["help"]).stdout.contains("\n  reports-flush  Deliver the pin-failure reports waiting in a spool"))
        let help = trustcheckCollect(["help", "reports-flush"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("usage: trustcheck reports-flush [--report-spool DIR] [--timeout S] [--due-only] [--json]\n"))
        #expect(help.stdout.contains("exit status: 0 nothing left in the spool, 1 reports still spooled"))
    }
}
