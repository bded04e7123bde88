import Foundation
import HTTPServerBridge
import ReportCollector
import Testing

@Suite struct FailureRateAlertTests {
    /// Stores `count` distinct reports for `host` and tells the alert after each, as the receiver does.
    private func feed(_ store: any ReportStore, _ alert: FailureRateAlert, host: String, count: Int, from: Int = 0,
                      at time: Date = SampleReports.time) throws
    {
        for index in from..<(from + count) {
            _ = try store.store(try SampleReports.received(try SampleReports.body(host: host, vendor: "\(host)-\(index)"), at: time))
            alert.reportStored(hostname: host)
        }
    }

    @Test func theCommandRunsOnceWhenTheThresholdIsCrossedAndAgainAfterTheRateFalls() throws {
        let directory = try TemporaryDirectory("alert")
        defer { directory.remove() }
        let store = try ReportStoreOpener.open(.sqlite(path: directory.file("reports.db")))
        defer { store.close() }
        let log = directory.file("alerts.log")
        let clock = TestClock()
        let alert = FailureRateAlert(
            configuration: AlertConfiguration(threshold: 3, window: 600,
                                              command: "{ cat; echo \" $TRUSTCHECK_ALERT_HOST $TRUSTCHECK_ALERT_FAILURES\"; } >> '\(log)'"),
            store: store, clock: clock.now)
        try feed(store, alert, host: "quiet.example.com", count: 2)
        try feed(store, alert, host: "api.example.com", count: 2)
        #expect(alert.waitForActions(timeout: 10))
        #expect(!FileManager.default.fileExists(atPath: log), "fired below the threshold")
        try feed(store, alert, host: "api.example.com", count: 4, from: 2)
        #expect(alert.waitForActions(timeout: 10))
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1)
        let line = String(try #require(lines.first))
        #expect(line.hasSuffix(" api.example.com 3"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(line.dropLast(" api.example.com 3".count).utf8)) as? [String: Any])
        #expect(json["host"] as? String == "api.example.com")
        #expect(json["failures"] as? Int == 3)
        #expect(json["threshold"] as? Int == 3)
        #expect(json["window_seconds"] as? Int == 600)
        // An hour later the window holds one new report: below the threshold, so the alert re-arms, and the
        // next burst fires it once more.
        clock.advance(3600)
        let later = SampleReports.time.addingTimeInterval(3600)
        try feed(store, alert, host: "api.example.com", count: 1, from: 10, at: later)
        #expect(alert.waitForActions(timeout: 10))
        #expect(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").count == 1)
        try feed(store, alert, host: "api.example.com", count: 3, from: 11, at: later)
        #expect(alert.waitForActions(timeout: 10))
        let after = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(after.count == 2)
        #expect(after.last?.hasSuffix(" api.example.com 3") == true)
    }

    @Test func theWebhookReceivesTheAlertJSON() throws {
        let directory = try TemporaryDirectory("alert-webhook")
        defer { directory.remove() }
        let store = try ReportStoreOpener.open(.sqlite(path: directory.file("reports.db")))
        defer { store.close() }
        let logged = WebhookBodies()
        let bodies = WebhookBodies()
        let hook = HTTPServer(configuration: HTTPServerConfiguration(address: try ListenAddress(parsing: "127.0.0.1:0"), bodyLimit: 4096)) { request in
            bodies.add(request)
            return HTTPResponse(status: 204)
        }
        try hook.start()
        defer { hook.shutdown(grace: 1) }
        let alert = FailureRateAlert(
            configuration: AlertConfiguration(threshold: 2, window: 600, webhook: URL(string: "http://127.0.0.1:\(hook.port)/hook")!),
            store: store, clock: TestClock().now, log: { logged.note($0) })
        try feed(store, alert, host: "api.example.com", count: 5)
        #expect(alert.waitForActions(timeout: 20))
        #expect(logged.notes.filter { $0.contains("failed") }.isEmpty, "\(logged.notes)")
        let requests = bodies.all
        #expect(requests.count == 1)
        #expect(requests.first?.method == "POST")
        #expect(requests.first?.path == "/hook")
        #expect(requests.first?.header("content-type") == "application/json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(requests.first?.body ?? [])) as? [String: Any])
        #expect(json["host"] as? String == "api.example.com")
        #expect(json["failures"] as? Int == 2)
    }
}

final class WebhookBodies: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [HTTPRequest] = []
    private var lines: [String] = []
    func add(_ request: HTTPRequest) { lock.withLock { requests.append(request) } }
    func note(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [HTTPRequest] { lock.withLock { requests } }
    var notes: [String] { lock.withLock { lines } }
}
