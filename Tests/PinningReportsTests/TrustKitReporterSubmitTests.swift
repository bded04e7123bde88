import Foundation
import Pinning
import PinningReports
import PinningReportsURLSession
import Testing
import TestSupport

/// TrustKitReporter as a `PinFailureReporting`: what `submit` answers in TrustKit's order of checks, the
/// delivery it starts on its own, and `flush` waiting for it.
@Suite struct TrustKitReporterSubmitTests {
    let spool = TemporarySpool()

    func reporter(transport: any ReportTransport = ReportFixtures.sender(), inBackground: Bool) throws -> TrustKitReporter {
        TrustKitReporter(app: TrustKitReporterTests.app, spool: try spool.open(), transport: transport,
                         deliversInBackground: inBackground, rateLimiter: TrustKitReportRateLimiter(clock: { ReportFixtures.time }))
    }

    /// TrustKit's report of the rogue chain for `host`, and its policy's effective report URIs.
    static func failure(reportURIs: [String], host: String = "www.example.com") throws -> (TrustKitPinFailureReport, [URL]) {
        let validation = try ReportFixtures.validation(ReportFixtures.configuration(reportURIs: reportURIs), host: host)
        let report = try #require(TrustKitPinFailureReport(validation: validation, app: TrustKitReporterTests.app, at: ReportFixtures.time))
        return (report, try #require(validation.match?.policy.effectiveReportURIs))
    }

    @Test func noDestinationIsNoReportURIAndNothingIsSpooled() throws {
        defer { spool.remove() }
        let reporter = try reporter(inBackground: false)
        let (report, uris) = try Self.failure(reportURIs: [])
        #expect(uris.isEmpty)
        #expect(reporter.submit(report, to: uris) == .noReportURI)
        #expect(try spool.entryFiles().isEmpty)
    }

    @Test func eachDeliverableURIGetsOneEntryAndTheSameReportAgainIsRateLimited() throws {
        defer { spool.remove() }
        let reporter = try reporter(inBackground: false)
        let (report, uris) = try Self.failure(reportURIs: ["http://127.0.0.1:9/a", "ftp://reports.example.com/pins", "https://reports.example.com/pins"])
        let status = reporter.submit(report, to: uris)
        #expect(status == .queued(destinations: [URL(string: "http://127.0.0.1:9/a")!, URL(string: "https://reports.example.com/pins")!],
                                  skipped: ["ftp://reports.example.com/pins"]))
        let entries = reporter.spool.pendingEntries()
        // One enqueue: the same creation time, so the spool's order between them is its entries' random names.
        #expect(entries.map(\.destination.absoluteString).sorted() == ["http://127.0.0.1:9/a", "https://reports.example.com/pins"])
        #expect(entries.allSatisfy { $0.body == report.jsonData() && $0.createdAt == ReportFixtures.time && $0.attempts == 0 })

        #expect(reporter.submit(report, to: uris) == .rateLimited)
        #expect(try spool.entryFiles().count == 2, "the duplicate is dropped before the spool")
    }

    @Test func aSpoolThatCannotTakeTheReportIsUnsavedWithTheReason() throws {
        defer { spool.remove() }
        let reporter = try reporter(inBackground: true)
        try FileManager.default.removeItem(atPath: spool.directory)
        let (report, uris) = try Self.failure(reportURIs: ["http://127.0.0.1:9/report"])
        #expect(reporter.submit(report, to: uris) == .unsaved(problem: spool.directory + "/spool.lock: No such file or directory"))
    }

    @Test func aSubmittedReportLeavesOnItsOwn() async throws {
        defer { spool.remove() }
        let server = try TestHTTPServer()
        defer { server.stop() }
        let reporter = try reporter(inBackground: true)
        let (report, uris) = try Self.failure(reportURIs: [server.url.absoluteString])
        #expect(reporter.submit(report, to: uris) == .queued(destinations: [server.url], skipped: []))

        // No flush: the run submit started delivers it. The run and this wait share the test process's small
        // cooperative pool with every other suite, which can hold it for a minute on a busy 2-core machine, so
        // the wait allows far more than a delivery takes; it ends as soon as the report arrives.
        let deadline = Date().addingTimeInterval(180)
        while server.requests.isEmpty && Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(server.requests.map(\.body) == [report.jsonData()])
        let flushed = await reporter.flush(timeout: 180)
        #expect(flushed != nil)
        #expect(try spool.entryFiles().isEmpty)
        #expect(server.requests.count == 1, "delivered once")
    }

    @Test func flushWaitsForTheRunningDeliveryAndReportsIt() async throws {
        defer { spool.remove() }
        let hanging = try TestHTTPServer(mode: .hang)
        defer { hanging.stop() }
        let reporter = try reporter(transport: ReportFixtures.impatientSender(), inBackground: true)
        let (report, uris) = try Self.failure(reportURIs: [hanging.url.absoluteString])
        #expect(reporter.submit(report, to: uris) == .queued(destinations: [hanging.url], skipped: []))

        // The background run is (or is about to be) waiting on the hanging endpoint; flush waits for it to
        // time out (1 s) and runs once more, which finds the entry backing off.
        let summary = try #require(await reporter.flush(timeout: 30))
        #expect(summary.failures.map(\.kind) == [.timedOut])
        #expect(summary.retrying == 1 && summary.delivered == 0 && summary.notDue == 1)
        #expect(hanging.requests.count == 1, "one run at a time: the flush did not start a second attempt alongside")
        let entry = try #require(reporter.spool.pendingEntries().first)
        #expect(entry.attempts == 1 && entry.lastError?.hasPrefix("report.timedOut") == true)
    }

    @Test func flushStopsWaitingAtItsTimeoutAndTheRunGoesOn() async throws {
        defer { spool.remove() }
        let transport = GatedTransport()
        let reporter = try reporter(transport: transport, inBackground: true)
        let (report, uris) = try Self.failure(reportURIs: ["https://reports.example.com/pins"])
        _ = reporter.submit(report, to: uris)

        // The send cannot finish until the gate opens, so only the timeout can end this wait.
        let started = ContinuousClock.now
        #expect(await reporter.flush(timeout: 0.2) == nil)
        #expect(ContinuousClock.now - started >= .milliseconds(200))
        #expect(try transport.sent.isEmpty && spool.entryFiles().count == 1, "still spooled while it is being sent")

        transport.open()
        let summary = try #require(await reporter.flush(timeout: 30))
        #expect(summary.delivered == 1)
        #expect(transport.sent == [URL(string: "https://reports.example.com/pins")!])
        #expect(try spool.entryFiles().isEmpty)
    }

    @Test func aBurstOfReportsIsDeliveredByOneRunAtATime() async throws {
        defer { spool.remove() }
        let transport = SlowTransport(delay: 0.05)
        let reporter = try reporter(transport: transport, inBackground: true)
        var reports: [TrustKitPinFailureReport] = []
        for index in 0..<5 {
            let (report, uris) = try Self.failure(reportURIs: ["https://reports.example.com/pins"], host: "h\(index).example.com")
            #expect(reporter.submit(report, to: uris) == .queued(destinations: uris, skipped: []))
            reports.append(report)
        }
        _ = try #require(await reporter.flush(timeout: 30))
        #expect(transport.maximumConcurrency == 1)
        #expect(Set(transport.bodies) == Set(reports.map { $0.jsonData() }) && transport.bodies.count == 5, "each once")
        #expect(try spool.entryFiles().isEmpty)
    }
}
