import Foundation
@testable import ReportCollector
import Synchronization
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Alert actions in-process: a command that does not read its input, one that hangs, a full queue, webhooks
/// that stall or refuse, the stop, and the flood alert as a command receives it. The claims about the
/// process (SIGPIPE, SIGTERM) are checked on `trustcheck collect` itself in ``AlertProcessTests``.
@Suite struct AlertActionBoundsTests {
    /// Stores one report for each of `hosts` and tells the alert after each, as the receiver does.
    private func feed(_ store: any ReportStore, _ alert: FailureRateAlert, hosts: [String]) throws {
        for host in hosts {
            _ = try store.store(try SampleReports.received(try SampleReports.body(host: host, vendor: "\(host)-0")))
            alert.reportStored(hostname: host)
        }
    }

    private func alert(_ configuration: AlertConfiguration, store: any ReportStore, log: WebhookBodies,
                       workers: Int = AlertDispatcher.defaultWorkers, queueCapacity: Int = AlertDispatcher.defaultCapacity) -> FailureRateAlert
    {
        FailureRateAlert(configuration: configuration, store: store, clock: TestClock().now, log: { log.note($0) },
                         workers: workers, queueCapacity: queueCapacity)
    }

    /// Polls `condition` for at most `seconds`.
    private func eventually(_ seconds: TimeInterval, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline else { return false }
            usleep(20_000)
        }
        return true
    }

    private func isAlive(_ pid: pid_t) -> Bool { kill(pid, 0) == 0 }

    private func pids(in file: String) -> [pid_t] {
        ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { pid_t($0) }
    }

    /// 1 MiB cannot fit in a pipe: the write meets a reader that is gone (EPIPE), which must be no error and
    /// must not leave a SIGPIPE behind. Without the blocked-and-taken SIGPIPE this kills the test process.
    @Test(arguments: ["true", "exec 0<&-; echo ran > \"$OUT\""])
    func aCommandThatDoesNotReadItsInputIsNoError(command: String) throws {
        let directory = try TemporaryDirectory("alert-epipe")
        defer { directory.remove() }
        let out = directory.file("out")
        let result = Mutex<(AlertCommandRunner.Outcome, Bool)?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            AlertCommandRunner.blockSIGPIPEOnThisThread()
            let outcome = AlertCommandRunner.run(command, environment: ["OUT": out], input: Data(count: 1 << 20), timeout: 20,
                                                 shouldStop: { false })
            var pending = sigset_t()
            sigpending(&pending)
            result.withLock { $0 = (outcome, sigismember(&pending, SIGPIPE) == 1) }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 30) == .success)
        let (outcome, sigpipeLeft) = try #require(result.withLock { $0 })
        #expect(outcome == AlertCommandRunner.Outcome())
        #expect(!sigpipeLeft, "a SIGPIPE was left pending on the worker")
        if command != "true" { #expect((try? String(contentsOfFile: out, encoding: .utf8)) == "ran\n") }
    }

    @Test func aHangingCommandIsTerminatedAtItsTimeout() throws {
        let directory = try TemporaryDirectory("alert-hang")
        defer { directory.remove() }
        let store = try ReportStoreOpener.open(.sqlite(path: directory.file("reports.db")))
        defer { store.close() }
        let log = WebhookBodies()
        let pidFile = directory.file("pids")
        let alert = alert(AlertConfiguration(threshold: 1, window: 600, command: "echo $$ >> '\(pidFile)'; exec sleep 1000",
                                             actionTimeout: 1), store: store, log: log)
        let start = Date()
        try feed(store, alert, hosts: ["api.example.com"])
        #expect(alert.waitForActions(timeout: 10))
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(log.notes.contains { $0.contains("ran longer than 1 s and was terminated") }, "\(log.notes)")
        let started = pids(in: pidFile)
        #expect(started.count == 1)
        #expect(started.allSatisfy { !isAlive($0) }, "the hung command is still running")
    }

    @Test func aFullQueueDropsTheNewestAndTheStopDropsThePendingAndStopsTheRunning() throws {
        let directory = try TemporaryDirectory("alert-queue")
        defer { directory.remove() }
        let store = try ReportStoreOpener.open(.sqlite(path: directory.file("reports.db")))
        defer { store.close() }
        let log = WebhookBodies()
        let pidFile = directory.file("pids")
        let alert = alert(AlertConfiguration(threshold: 1, window: 600, command: "echo $$ >> '\(pidFile)'; exec sleep 1000",
                                             actionTimeout: 60), store: store, log: log, workers: 1, queueCapacity: 2)
        try feed(store, alert, hosts: ["h1.example"])
        #expect(eventually(10) { pids(in: pidFile).count == 1 }, "the first command did not start")
        try feed(store, alert, hosts: ["h2.example", "h3.example", "h4.example"])
        #expect(alert.droppedActions == 1)
        #expect(log.notes.contains { $0.contains("2 alert actions are already waiting: dropped the command") && $0.contains("h4.example")
            && $0.contains("(1 dropped since the start)") }, "\(log.notes)")

        let start = Date()
        alert.stopActions()
        #expect(alert.waitForStoppedActions(timeout: 8))
        #expect(Date().timeIntervalSince(start) < 8)
        #expect(log.notes.contains("alert: stopping: 2 pending alert actions dropped, 1 running stopped"), "\(log.notes)")
        #expect(log.notes.contains { $0.contains("was stopped with the collector") }, "\(log.notes)")
        #expect(pids(in: pidFile).count == 1, "a pending command ran after the stop")
        #expect(pids(in: pidFile).allSatisfy { !isAlive($0) }, "the running command outlived the stop")
        // After the stop nothing more runs, and nothing waits.
        try feed(store, alert, hosts: ["h5.example"])
        #expect(log.notes.contains { $0.contains("stopping: the command") && $0.contains("h5.example") && $0.contains("was not run") })
    }

    /// 300 alerts at once to a webhook that accepts and never answers, and to a closed port: the caller
    /// (the intake) never waits, the queue stays bounded, and the stop ends every request at once.
    @Test(arguments: [true, false])
    func webhooksThatNeverAnswerOrRefuseBlockNeitherTheIntakeNorTheStop(stalling: Bool) throws {
        let directory = try TemporaryDirectory("alert-webhook-down")
        defer { directory.remove() }
        let store = try ReportStoreOpener.open(.sqlite(path: directory.file("reports.db")))
        defer { store.close() }
        let server = stalling ? try StallingHTTPServer() : nil
        defer { server?.stop() }
        let refusing = try ReservedPort()
        defer { withExtendedLifetime(refusing) {} }
        let port = server?.port ?? refusing.port
        let log = WebhookBodies()
        let alert = alert(AlertConfiguration(threshold: 1, window: 600, webhook: URL(string: "http://127.0.0.1:\(port)/hook")!,
                                             floodHosts: 1_000, actionTimeout: 2), store: store, log: log)
        let hosts = (0..<300).map { "host-\($0).example" }
        let start = Date()
        try feed(store, alert, hosts: hosts)
        // Waiting for the webhook would take 2 s per alert (300 × 2 s / 2 workers): the intake took far less.
        #expect(Date().timeIntervalSince(start) < 60)
        if stalling {
            // The queue is bounded: with every worker held by the stalled webhook, most alerts were dropped.
            #expect(alert.droppedActions > 0)
            #expect(eventually(10) { (server?.accepted ?? 0) >= 1 }, "no request reached the stalling webhook")
        }
        let stopping = Date()
        alert.stopActions()
        #expect(alert.waitForStoppedActions(timeout: 8))
        #expect(Date().timeIntervalSince(stopping) < 8)
        if !stalling { #expect(log.notes.contains { $0.contains("alert: webhook http://127.0.0.1:\(port)/hook failed") }, "\(log.notes.prefix(3))") }
    }

    /// 20 hosts over a flood limit of 3: three host alerts, then one flood alert, which the command gets as
    /// JSON and as TRUSTCHECK_ALERT_KIND=flood with the host count, and no host variable.
    @Test func theFloodAlertReachesTheCommandAsJSONAndEnvironment() throws {
        let directory = try TemporaryDirectory("alert-flood")
        defer { directory.remove() }
        let store = try ReportStoreOpener.open(.sqlite(path: directory.file("reports.db")))
        defer { store.close() }
        let log = WebhookBodies()
        let command = """
            { echo "$TRUSTCHECK_ALERT_KIND ${TRUSTCHECK_ALERT_HOSTS-none} ${TRUSTCHECK_ALERT_HOST-none} \
            ${TRUSTCHECK_ALERT_FLOOD_WINDOW_SECONDS-none}"; cat; } > '\(directory.path)'/alert-$$.txt
            """
        let alert = alert(AlertConfiguration(threshold: 1, window: 600, command: command, floodHosts: 3, floodWindow: 300),
                          store: store, log: log)
        try feed(store, alert, hosts: (0..<20).map { "host-\($0).example" })
        #expect(alert.waitForActions(timeout: 20))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("alert-") }
        let outputs = try files.map { try String(contentsOfFile: directory.file($0), encoding: .utf8) }
        let floods = outputs.filter { $0.hasPrefix("flood ") }
        let hostAlerts = outputs.filter { $0.hasPrefix("host ") }
        #expect(floods.count == 1, "\(outputs)")
        #expect(hostAlerts.count == 3, "\(outputs)")
        let flood = try #require(floods.first)
        let lines = flood.split(separator: "\n", maxSplits: 1)
        #expect(lines.first == "flood 4 none 300")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(String(lines.last ?? "").utf8)) as? [String: Any])
        #expect(json["kind"] as? String == "flood")
        #expect(json["hosts"] as? Int == 4)
        #expect(json["sample_hosts"] as? [String] == (0..<4).map { "host-\($0).example" })
        #expect(json["flood_hosts"] as? Int == 3)
        #expect(json["flood_window_seconds"] as? Int == 300)
        #expect(json["threshold"] as? Int == 1)
        #expect(json["window_seconds"] as? Int == 600)
        #expect(Set(hostAlerts.map { String($0.split(separator: " ")[2]) }) == ["host-0.example", "host-1.example", "host-2.example"])
        #expect(hostAlerts.allSatisfy { $0.hasPrefix("host none ") })
        #expect(log.notes.contains { $0.hasPrefix("alert: flood: 4 hosts reached the threshold within 300 s (more than 3)") }, "\(log.notes)")
    }
}
