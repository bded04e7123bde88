import CMicroHTTPD
import Foundation
import ReportCollector
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Alert actions against a real `trustcheck collect` process: the release `trustcheck-collect` when
/// TRUSTCHECK_COLLECT_RELEASE_BINARY names it (as `make test` sets it), else the debug build beside the
/// tests. A command that exits without reading, webhooks that stall or refuse, a command that hangs:
/// none stops the intake, kills the process or holds SIGTERM's stop past 10 s; and a hundred hosts
/// crossing the threshold give one flood alert. Serialized: each test bursts reports at one process.
@Suite(.serialized) struct AlertProcessTests {
    /// The collector's promise for SIGTERM.
    static let stopBound: TimeInterval = 10

    static let executable: URL? = ProcessInfo.processInfo.environment["TRUSTCHECK_COLLECT_RELEASE_BINARY"]
        .flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }

    private func start(_ directory: TemporaryDirectory, _ arguments: [String]) throws -> CollectorProcess {
        try CollectorProcess(database: directory.file("reports.db"), directory: directory,
                             arguments: ["--rate-limit", "0", "--alert-threshold", "1"] + (try CollectorProcess.readTokenArguments(directory))
                                 + arguments,
                             executable: Self.executable)
    }

    /// One report per host, distinct hosts, each crossing a threshold of 1.
    private func bodies(hosts: Range<Int>) throws -> [[UInt8]] {
        try hosts.map { try SampleReports.body(host: "host-\($0).example", vendor: "install-\($0)") }
    }

    /// What a burst of posts got: statuses and the slowest answer.
    private final class Burst: @unchecked Sendable {
        private let lock = NSLock()
        private var statuses: [Int: Int] = [:]
        private var slowest: TimeInterval = 0
        private var failures: [String] = []
        func record(_ status: Int, after seconds: TimeInterval) {
            lock.withLock {
                statuses[status, default: 0] += 1
                slowest = max(slowest, seconds)
            }
        }
        func failed(_ text: String) { lock.withLock { failures.append(text) } }
        var byStatus: [Int: Int] { lock.withLock { statuses } }
        var slowestAnswer: TimeInterval { lock.withLock { slowest } }
        var errors: [String] { lock.withLock { failures } }
    }

    /// Posts `bodies` from 4 threads at once (a burst), each on its own kept-alive connection.
    private func burst(_ bodies: [[UInt8]], port: UInt16) async throws -> Burst {
        let result = Burst()
        let senders = DispatchGroup()
        let workers = 4
        for worker in 0..<workers {
            senders.enter()
            let share = Array(bodies[(worker * bodies.count / workers)..<((worker + 1) * bodies.count / workers)])
            Thread.detachNewThread {
                let client = LoopbackHTTPClient(port: port)
                for body in share {
                    let start = Date()
                    do {
                        result.record(try client.post("/report", body: body).status, after: Date().timeIntervalSince(start))
                    } catch {
                        result.failed("\(error)")
                    }
                }
                senders.leave()
            }
        }
        let deadline = Date().addingTimeInterval(120)
        while senders.wait(timeout: .now()) != .success {
            guard Date() < deadline else { throw LoopbackHTTPClient.Failure(description: "the burst did not finish in 120 s") }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        return result
    }

    /// A later report is stored and the API answers: the collector is still serving.
    private func expectServing(_ collector: CollectorProcess, storedReports: Int) throws {
        let client = LoopbackHTTPClient(port: collector.port)
        let later = try client.post("/report", body: try SampleReports.body(host: "later.example", vendor: "later"))
        #expect(later.status == 201, "\(later.text)")
        let summary = try client.get("/api/summary", headers: ["Authorization": "Bearer \(CollectorProcess.readToken)"])
        #expect(summary.status == 200)
        #expect(try summary.json()["stored_reports"] as? Int == storedReports + 1)
    }

    /// SIGTERM, then the exit: 0, by itself (not a signal), within the bound. Returns its stderr.
    @discardableResult
    private func expectGracefulStop(_ collector: CollectorProcess) -> String {
        let start = Date()
        let result = collector.stop()
        let elapsed = Date().timeIntervalSince(start)
        #expect(collector.process.terminationReason == .exit, "the collector died of signal \(result.status): \(result.stderr)")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(elapsed < Self.stopBound, "SIGTERM took \(elapsed) s")
        print("alert process test: the collector stopped \(String(format: "%.2f", elapsed)) s after SIGTERM")
        #expect(result.stdout.contains("trustcheck collect: stopped"))
        return result.stderr
    }

    private func eventually(_ seconds: TimeInterval, _ condition: () -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline else { return false }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        return true
    }

    private func pids(in file: String) -> [pid_t] {
        ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { pid_t($0) }
    }

    /// The collector ignores SIGPIPE itself; libmicrohttpd must not raise it either, for a client that hangs
    /// up mid-answer: it sends with MSG_NOSIGNAL where the platform has it (Linux), and says so here
    /// (microhttpd.h: MHD_FEATURE_AUTOSUPPRESS_SIGPIPE).
    @Test func libmicrohttpdSuppressesSIGPIPEOnItsSockets() {
        #expect(MHD_is_feature_supported(.FEATURE_AUTOSUPPRESS_SIGPIPE) == .YES)
    }

    /// (a) `true` exits without reading the alert JSON: the write meets EPIPE, which must neither kill
    /// the collector (SIGPIPE) nor stop it serving.
    @Test func anAlertCommandThatExitsWithoutReadingLeavesTheCollectorServing() async throws {
        let directory = try TemporaryDirectory("alert-true")
        defer { directory.remove() }
        let collector = try start(directory, ["--alert-command", "true", "--alert-flood-hosts", "1000"])
        let result = try await burst(try bodies(hosts: 0..<100), port: collector.port)
        #expect(result.errors.count == 0, "\(result.errors.prefix(3))")
        #expect(result.byStatus == [201: 100])
        #expect(collector.process.isRunning)
        try expectServing(collector, storedReports: 100)
        let stderr = expectGracefulStop(collector)
        #expect(stderr.components(separatedBy: " failures within 3600 s (threshold 1)").count - 1 == 101, "\(stderr.suffix(500))")
    }

    /// (b) 300 webhook alerts at once, to a server that accepts and never answers and to a closed port,
    /// with the default 30 s action timeout: the intake answers promptly throughout, and SIGTERM's stop
    /// cancels the requests instead of waiting for them.
    @Test(arguments: [true, false])
    func threeHundredWebhookAlertsToADeadWebhookBlockNeitherIntakeNorStop(stalling: Bool) async throws {
        let directory = try TemporaryDirectory("alert-webhook")
        defer { directory.remove() }
        let webhook = stalling ? try StallingHTTPServer() : nil
        defer { webhook?.stop() }
        let refusing = try ReservedPort()
        defer { withExtendedLifetime(refusing) {} }
        let port = webhook?.port ?? refusing.port
        let collector = try start(directory, ["--alert-webhook", "http://127.0.0.1:\(port)/hook", "--alert-flood-hosts", "1000"])
        let result = try await burst(try bodies(hosts: 0..<300), port: collector.port)
        #expect(result.errors.count == 0, "\(result.errors.prefix(3))")
        #expect(result.byStatus == [201: 300])
        // Far below the 30 s a request to the webhook may take: no answer waited for one.
        #expect(result.slowestAnswer < 5, "the slowest report took \(result.slowestAnswer) s")
        try expectServing(collector, storedReports: 300)
        if let webhook { #expect(try await eventually(10) { webhook.accepted >= 1 }, "no request reached the stalling webhook") }
        let stderr = expectGracefulStop(collector)
        if stalling {
            #expect(stderr.contains("alert actions are already waiting: dropped the webhook"), "\(stderr.suffix(500))")
            #expect(stderr.contains("alert: stopping: "), "\(stderr.suffix(500))")
        } else {
            #expect(stderr.contains("alert: webhook http://127.0.0.1:\(port)/hook failed"), "\(stderr.suffix(500))")
        }
    }

    /// (c) A command that hangs is terminated at --alert-timeout, with everything it started.
    @Test func aHangingCommandIsTerminatedAtItsTimeout() async throws {
        let directory = try TemporaryDirectory("alert-hang")
        defer { directory.remove() }
        let pidFile = directory.file("pids")
        let collector = try start(directory, ["--alert-command", "echo $$ >> '\(pidFile)'; exec sleep 1000", "--alert-timeout", "1"])
        let client = LoopbackHTTPClient(port: collector.port)
        let start = Date()
        #expect(try client.post("/report", body: try bodies(hosts: 0..<1)[0]).status == 201)
        #expect(try await eventually(Self.stopBound) { pids(in: pidFile).count == 1 && pids(in: pidFile).allSatisfy { kill($0, 0) != 0 } },
                "the hung command was not terminated")
        #expect(Date().timeIntervalSince(start) >= 1, "terminated before its timeout")
        try expectServing(collector, storedReports: 1)
        let log = expectGracefulStop(collector)
        #expect(log.contains("ran longer than 1 s and was terminated"), "\(log)")
    }

    /// (c) SIGTERM while a command hangs, with the default 30 s timeout: the stop terminates it and still
    /// ends within 10 s; one that ignores SIGTERM (and its child with it) gets SIGKILL after the grace.
    /// FILE stands for the pid file's path.
    @Test(arguments: ["exec sleep 1000", "trap '' TERM; sleep 1000; touch 'FILE.survived'"])
    func aHangingCommandDoesNotDelayTheStop(hang: String) async throws {
        let directory = try TemporaryDirectory("alert-hang-stop")
        defer { directory.remove() }
        let pidFile = directory.file("pids")
        let command = "echo $$ >> '\(pidFile)'; " + hang.replacingOccurrences(of: "FILE", with: pidFile)
        let collector = try start(directory, ["--alert-command", command])
        let client = LoopbackHTTPClient(port: collector.port)
        for index in 0..<3 { #expect(try client.post("/report", body: try bodies(hosts: index..<(index + 1))[0]).status == 201) }
        #expect(try await eventually(10) { pids(in: pidFile).count == 2 }, "the two workers did not both start a command")
        let log = expectGracefulStop(collector)
        #expect(log.contains("alert: stopping: 1 pending alert actions dropped, 2 running stopped"), "\(log)")
        #expect(log.contains("was stopped with the collector"), "\(log)")
        #expect(pids(in: pidFile).count == 2)
        #expect(pids(in: pidFile).allSatisfy { kill($0, 0) != 0 }, "a hung command outlived the collector")
        #expect(!FileManager.default.fileExists(atPath: pidFile + ".survived"), "the command ran on after the stop")
    }

    /// (d) 100 hosts crossing the threshold with a flood limit of 5: five host alerts, then one flood
    /// alert, not 100.
    @Test func aHundredHostsGiveOneFloodAlert() async throws {
        let directory = try TemporaryDirectory("alert-flood")
        defer { directory.remove() }
        let alerts = directory.file("alerts")
        try FileManager.default.createDirectory(atPath: alerts, withIntermediateDirectories: true)
        let collector = try start(directory, ["--alert-flood-hosts", "5",
                                              "--alert-command", "{ echo \"$TRUSTCHECK_ALERT_KIND\"; cat; } > '\(alerts)'/$$.txt"])
        let result = try await burst(try bodies(hosts: 0..<100), port: collector.port)
        #expect(result.byStatus == [201: 100])
        func written() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: alerts)) ?? []).compactMap {
                try? String(contentsOfFile: alerts + "/" + $0, encoding: .utf8)
            }.filter { $0.hasSuffix("}") }
        }
        #expect(try await eventually(20) { written().count >= 6 })
        // Time for any further (wrong) alert to be written before the stop drops what is pending.
        try await Task.sleep(nanoseconds: 1_000_000_000)
        let log = expectGracefulStop(collector)
        let outputs = written()
        let floods = outputs.filter { $0.hasPrefix("flood\n") }
        let hosts = outputs.filter { $0.hasPrefix("host\n") }
        #expect(floods.count == 1, "\(outputs)")
        #expect(hosts.count == 5, "\(outputs)")
        let flood = try #require(try floods.first.flatMap {
            try JSONSerialization.jsonObject(with: Data($0.dropFirst("flood\n".count).utf8)) as? [String: Any]
        })
        #expect(flood["kind"] as? String == "flood")
        #expect(flood["hosts"] as? Int == 6)
        #expect((flood["sample_hosts"] as? [String])?.count == 6)
        #expect(flood["flood_hosts"] as? Int == 5)
        #expect(flood["flood_window_seconds"] as? Int == 3600)
        let host = try #require(try hosts.first.flatMap {
            try JSONSerialization.jsonObject(with: Data($0.dropFirst("host\n".count).utf8)) as? [String: Any]
        })
        #expect(Set(host.keys) == ["kind", "host", "failures", "threshold", "window_seconds", "at"])
        #expect(log.contains("alert: flood: 6 hosts reached the threshold within 3600 s (more than 5)"), "\(log.suffix(800))")
    }
}
