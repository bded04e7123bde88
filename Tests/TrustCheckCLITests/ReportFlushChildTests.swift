import Foundation
import PinningReports
import Testing
import TestSupport
import TrustCheckCLI

#if canImport(Glibc)
import Glibc
#endif

/// `ReportFlushChild`, the `trustcheck` process's way to deliver what it spooled: fake children (shell
/// scripts) for the bound and the exit statuses, and the real `trustcheck-collect` built beside the tests.
@Suite struct ReportFlushChildTests {
    let folder = NSTemporaryDirectory() + "report-flush-child-\(UUID().uuidString)"

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }

    /// An executable shell script in the test's folder.
    func script(_ name: String, _ body: String) throws -> String {
        let path = folder + "/" + name
        try Data(("#!/bin/sh\n" + body + "\n").utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, 0o755) == 0)
        return path
    }

    /// `child.run`, again while the script cannot be executed because it is "busy": a child another test
    /// forks while this one writes its script holds the script open for writing until that child execs, and
    /// exec(2) refuses a file open for writing (ETXTBSY). Nothing the shipped binary meets.
    func run(_ child: ReportFlushChild, spool: String, timeout: TimeInterval = ReportFlushChild.defaultTimeout) -> ReportFlushOutcome {
        let busy = String(cString: strerror(ETXTBSY))
        for _ in 0..<100 {
            let outcome = child.run(spoolDirectory: spool, timeout: timeout)
            guard case .couldNotRun(let error) = outcome, error.kind == .spawnFailed, error.problem.hasSuffix(busy) else { return outcome }
            usleep(20_000)
        }
        return child.run(spoolDirectory: spool, timeout: timeout)
    }

    static let summaryJSON = """
        {"spool": "S", "delivered": 2, "retrying": 1, "dropped_as_rejected": 0, "dropped_unreadable": 0, "not_due": 0,
         "busy": 0, "deferred": 0, "out_of_time": 0, "pending": 1,
         "failures": [{"destination": "https://r.example/report", "code": "report.serverError", "message": "HTTP 503"}],
         "waiting": [{"destination": "https://r.example/report", "attempts": 1, "next_attempt_at": "2026-01-01T00:01:00Z",
                      "last_error": "report.serverError: HTTP 503"}]}
        """

    @Test func aChildThatOverrunsIsKilledWithinTheBound() throws {
        defer { remove() }
        // Ignores SIGTERM, so only the SIGKILL that follows stops it.
        let pidFile = folder + "/pid"
        let sleeper = try script("sleeper", "echo $$ > '\(pidFile)'\ntrap '' TERM\nexec sleep 30")
        let child = ReportFlushChild(executable: sleeper, grace: 0.5)

        let started = ContinuousClock.now
        let outcome = run(child, spool: folder, timeout: 0.5)
        let took = ContinuousClock.now - started
        guard case .couldNotRun(let error) = outcome else {
            Issue.record("expected the child to be stopped, got \(outcome)")
            return
        }
        #expect(error.kind == .overran && error.code == "reportFlush.overran")
        #expect(error.problem == "trustcheck-collect reports-flush was still running after 1 s and was stopped")
        // The bound: timeout + grace + two termination waits = 1.5 s; the rest is this machine's slack.
        #expect(took >= .milliseconds(950) && took < .seconds(4), "took \(took)")
        let pid = try #require(pid_t(String(decoding: FileManager.default.contents(atPath: pidFile) ?? Data(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, 0) != 0 && errno == ESRCH, "killed and reaped")
        #expect(outcome.delivered == 0 && outcome.stillSpooled == nil)
    }

    @Test func somethingTheChildLeftHoldingItsOutputDoesNotHoldTheCaller() throws {
        defer { remove() }
        let pidFile = folder + "/pid"
        // Exits at once, leaving a background process with the pipes open.
        let leaver = try script("leaver", "sleep 30 &\necho $! > '\(pidFile)'\nexit 0")
        let started = ContinuousClock.now
        let outcome = run(ReportFlushChild(executable: leaver, grace: 0.3), spool: folder, timeout: 0.2)
        #expect(ContinuousClock.now - started < .seconds(3))
        guard case .couldNotRun(let error) = outcome else {
            Issue.record("expected no summary, got \(outcome)")
            return
        }
        #expect(error.kind == .unreadableOutput)
        let pid = try #require(pid_t(String(decoding: FileManager.default.contents(atPath: pidFile) ?? Data(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        // Killed with the child's process group; then reaped by whatever init the machine has, so gone or a zombie.
        let deadline = Date().addingTimeInterval(5)
        while Self.isAlive(pid) && Date() < deadline { usleep(10_000) }
        #expect(!Self.isAlive(pid), "the leftover was stopped")
    }

    /// Whether `pid` is a process that still runs: neither gone nor a zombie (state Z in /proc/PID/stat,
    /// after the parenthesised command name).
    static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return false }
        let text = String(decoding: stat, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return false }
        return text[text.index(after: close)...].trimmingCharacters(in: .whitespaces).first != "Z"
    }

    @Test func theSummaryIsReadBackWithTheArgumentsItWasGiven() throws {
        defer { remove() }
        let argumentsFile = folder + "/arguments"
        let fake = try script("fake", "printf '%s\\n' \"$@\" > '\(argumentsFile)'\ncat <<'EOF'\n\(Self.summaryJSON)\nEOF\nexit 1")
        let outcome = run(ReportFlushChild(executable: fake), spool: "/some/spool", timeout: 3)
        guard case .finished(let summary) = outcome else {
            Issue.record("expected a summary, got \(outcome)")
            return
        }
        #expect(summary.delivered == 2 && summary.pending == 1 && outcome.delivered == 2 && outcome.stillSpooled == 1)
        #expect(summary.failures == [ReportFlushFailure(destination: "https://r.example/report", code: "report.serverError", message: "HTTP 503")])
        #expect(summary.waiting.first?.lastError == "report.serverError: HTTP 503")
        let arguments = String(decoding: FileManager.default.contents(atPath: argumentsFile) ?? Data(), as: UTF8.self)
        #expect(arguments == "reports-flush\n--report-spool\n/some/spool\n--timeout\n3.0\n--due-only\n--json\n")
    }

    @Test func aChildThatFailsOrCannotStartSaysWhy() throws {
        defer { remove() }
        let refusing = try script("refusing", "echo 'trustcheck: /some/spool: Not a directory' >&2\nexit 2")
        #expect(run(ReportFlushChild(executable: refusing), spool: "/some/spool", timeout: 3)
            == .couldNotRun(ReportFlushChildError(kind: .failed, problem: "trustcheck-collect reports-flush exited with 2: trustcheck: /some/spool: Not a directory")))

        let missing = folder + "/no-such-trustcheck-collect"
        #expect(ReportFlushChild(executable: missing).run(spoolDirectory: folder)
            == .couldNotRun(ReportFlushChildError(kind: .spawnFailed, problem: "cannot run \(missing): No such file or directory")))

        let garbled = try script("garbled", "echo 'not json'\nexit 0")
        let unreadable = run(ReportFlushChild(executable: garbled), spool: folder)
        #expect(unreadable == .couldNotRun(ReportFlushChildError(kind: .unreadableOutput, problem: "trustcheck-collect reports-flush printed no flush summary")))
    }

    @Test func withoutAnOverrideItLooksBesideTheRunningBinaryOnly() throws {
        defer { remove() }
        try #require(getenv(ReportFlushChild.executableVariable) == nil, "the test's own environment names no executable")
        let outcome = ReportFlushChild(beside: folder + "/trustcheck").run(spoolDirectory: folder)
        #expect(outcome == .couldNotRun(ReportFlushChildError(
            kind: .notFound, problem: "trustcheck-collect not found beside trustcheck (no executable \(folder)/trustcheck-collect); "
                + "set TRUSTCHECK_COLLECT_EXECUTABLE to its path")))

        let found = ReportFlushChild(beside: try TrustCheckBinary.url().path).executable
        #expect(try found.get() == SiblingExecutable.path(of: "trustcheck-collect", beside: try TrustCheckBinary.url().path))
    }

    @Test func theRealTrustcheckCollectDeliversASpooledReport() throws {
        defer { remove() }
        let server = try TestHTTPServer()
        defer { server.stop() }
        let directory = folder + "/spool"
        let spool = try ReportSpool(directory: directory)
        let body = Data(#"{"report":"from the child"}"#.utf8)
        try spool.enqueue(body, destinations: [server.url])

        let collect = try TrustCheckBinary.url().deletingLastPathComponent().appendingPathComponent("trustcheck-collect").path
        let outcome = ReportFlushChild(executable: collect).run(spoolDirectory: directory, timeout: 10)
        guard case .finished(let summary) = outcome else {
            Issue.record("expected a summary, got \(outcome)")
            return
        }
        #expect(summary.delivered == 1 && summary.pending == 0 && summary.spool == directory)
        #expect(server.requests.map(\.body) == [body])
        #expect(spool.pendingEntries().isEmpty)

        // The receiver gone: the report stays, and the failure is named.
        server.stop()
        try spool.enqueue(body, destinations: [server.url])
        let down = ReportFlushChild(executable: collect).run(spoolDirectory: directory, timeout: 5)
        #expect(down.stillSpooled == 1 && down.delivered == 0)
        if case .finished(let summary) = down { #expect(summary.failures.map(\.code) == ["report.connectionFailed"]) }
    }
}
