import Foundation
import PinningReports
import PinningReportsURLSession
import Testing
import TestSupport

/// ReportSpool delivering through ReportSender to real HTTP servers on 127.0.0.1 that accept, answer 500,
/// hang, or are not there at all.
@Suite struct ReportDeliveryTests {
    let spool = TemporarySpool()
    let now = ReportFixtures.time

    @Test func everyURIGetsOnePOSTWithTheJSONBody() async throws {
        defer { spool.remove() }
        let first = try TestHTTPServer(), second = try TestHTTPServer()
        defer { first.stop(); second.stop() }
        let reports = try spool.open()
        let body = ReportFixtures.body("one")
        let entries = try reports.enqueue(body, destinations: [first.url, second.url], now: now)
        #expect(entries.map(\.destination) == [first.url, second.url])
        #expect(try spool.entryFiles().count == 2, "written before any delivery is tried")

        let summary = await reports.deliverPending(using: ReportFixtures.sender(), now: now)
        #expect(summary.delivered == 2 && summary.failures.isEmpty)
        for server in [first, second] {
            let requests = server.requests
            #expect(requests.count == 1)
            #expect(requests.first?.method == "POST")
            #expect(requests.first?.path == "/report")
            #expect(requests.first?.headers["content-type"] == "application/json")
            #expect(requests.first?.body == body)
        }
        #expect(try spool.entryFiles().isEmpty)
        #expect(reports.counters().delivered == 2)
    }

    @Test func a500IsRetriedAfterItsBackOffThenDelivered() async throws {
        defer { spool.remove() }
        let server = try TestHTTPServer(mode: .status(500))
        defer { server.stop() }
        let reports = try spool.open(retryPolicy: ReportRetryPolicy(initialDelay: 60), jitter: { 1 })
        try reports.enqueue(ReportFixtures.body("retried"), destinations: [server.url], now: now)
        let sender = ReportFixtures.sender()

        let failed = await reports.deliverPending(using: sender, now: now)
        #expect(failed.retrying == 1 && failed.delivered == 0)
        #expect(failed.failures.map(\.kind) == [.serverError])
        #expect(failed.failures.first?.status == 500)
        #expect(failed.failures.first?.code == "report.serverError")
        let entry = try #require(reports.pendingEntries().first)
        #expect(entry.attempts == 1 && entry.rejections == 0)
        #expect(entry.nextAttemptAt == now + 60)
        #expect(entry.lastError == "report.serverError: HTTP 500 Internal Server Error")

        // Not due yet: nothing is sent.
        server.setMode(.accept)
        let early = await reports.deliverPending(using: sender, now: now + 59)
        #expect(early.notDue == 1 && server.requests.count == 1)

        let later = await reports.deliverPending(using: sender, now: now + 60)
        #expect(later.delivered == 1)
        #expect(server.requests.map(\.body) == [ReportFixtures.body("retried"), ReportFixtures.body("retried")])
        #expect(reports.pendingEntries().isEmpty)
    }

    @Test func aHangingEndpointCostsOneTimeoutAndItsReportsStaySpooled() async throws {
        defer { spool.remove() }
        let hanging = try TestHTTPServer(mode: .hang), working = try TestHTTPServer()
        defer { hanging.stop(); working.stop() }
        let reports = try spool.open()
        try reports.enqueue(ReportFixtures.body("a"), destinations: [hanging.url], now: now)
        try reports.enqueue(ReportFixtures.body("b"), destinations: [hanging.url, working.url], now: now + 1)

        let summary = await reports.deliverPending(using: ReportFixtures.impatientSender(), now: now + 2)
        // Timed on the server's threads: the run's own wall time also counts waiting for a free thread of
        // the test process's small cooperative pool, which other suites may hold.
        let waits = hanging.hangDurations
        #expect(waits.count == 1, "one request to the hanging endpoint, the other report deferred")
        #expect(waits.allSatisfy { $0 >= 0.9 && $0 < 3 }, "the client gave up after its 1 s timeout (waited \(waits) s)")
        #expect(hanging.requests(atLeast: 1, within: 10).count == 1)
        #expect(summary.failures.map(\.kind) == [.timedOut])
        #expect(summary.retrying == 1 && summary.deferred == 1 && summary.delivered == 1)
        #expect(working.requests.map(\.body) == [ReportFixtures.body("b")])
        let left = reports.pendingEntries()
        #expect(left.map(\.destination) == [hanging.url, hanging.url])
        #expect(left.map(\.attempts) == [1, 0])
    }

    @Test func aRefusedConnectionKeepsTheReportUntilTheServerIsBack() async throws {
        defer { spool.remove() }
        let reserved = try ReservedPort()
        let reports = try spool.open(retryPolicy: ReportRetryPolicy(initialDelay: 10))
        try reports.enqueue(ReportFixtures.body("refused"), destinations: [reserved.url], now: now)
        let sender = ReportFixtures.sender()

        let refused = await reports.deliverPending(using: sender, now: now)
        #expect(refused.failures.map(\.kind) == [.connectionFailed])
        #expect(refused.retrying == 1)
        #expect(reports.pendingEntries().map(\.attempts) == [1])

        let server = try TestHTTPServer(takingOver: reserved)
        defer { server.stop() }
        let delivered = await reports.deliverPending(using: sender, now: now + 10)
        #expect(delivered.delivered == 1)
        #expect(server.requests.map(\.body) == [ReportFixtures.body("refused")])
    }

    @Test func refusalsDropAnEntryAfterTheAllowedNumberAndAreCounted() async throws {
        defer { spool.remove() }
        let server = try TestHTTPServer(mode: .status(404))
        defer { server.stop() }
        let reports = try spool.open(retryPolicy: ReportRetryPolicy(initialDelay: 1, maximumRejections: 2))
        try reports.enqueue(ReportFixtures.body("refused"), destinations: [server.url], now: now)
        let sender = ReportFixtures.sender()

        let first = await reports.deliverPending(using: sender, now: now)
        #expect(first.failures.map(\.kind) == [.rejected] && first.retrying == 1)
        #expect(reports.pendingEntries().map(\.rejections) == [1])
        let second = await reports.deliverPending(using: sender, now: now + 60)
        #expect(second.droppedAsRejected == 1 && second.retrying == 0)
        #expect(reports.pendingEntries().isEmpty)
        #expect(try spool.open().counters().droppedAsRejected == 1, "kept on disk for the next instance")
    }

    @Test func tooManyRequestsIsRetriedNotRefused() async throws {
        defer { spool.remove() }
        let server = try TestHTTPServer(mode: .status(429))
        defer { server.stop() }
        let reports = try spool.open(retryPolicy: ReportRetryPolicy(initialDelay: 1, maximumRejections: 1))
        try reports.enqueue(ReportFixtures.body("busy"), destinations: [server.url], now: now)
        let summary = await reports.deliverPending(using: ReportFixtures.sender(), now: now)
        #expect(summary.failures.map(\.kind) == [.retryLater] && summary.retrying == 1)
        #expect(reports.pendingEntries().map(\.rejections) == [0])
    }

    @Test func noAttemptStartsAfterTheDeadlineAndTheEntriesLeftAreUntouched() async throws {
        defer { spool.remove() }
        let reports = try spool.open()
        let first = URL(string: "https://one.example.com/report")!, second = URL(string: "https://two.example.com/report")!
        try reports.enqueue(ReportFixtures.body("first"), destinations: [first], now: now)
        try reports.enqueue(ReportFixtures.body("second"), destinations: [second], now: now + 1)
        let transport = SlowTransport(delay: 0.3)

        let summary = await reports.deliverPending(using: transport, now: now + 2, until: .now + .milliseconds(100))
        #expect(summary.delivered == 1 && summary.outOfTime == 1 && summary.failures.isEmpty)
        #expect(transport.sent == [first], "the attempt under way when the deadline passed ran to its end")
        let left = try #require(reports.pendingEntries().first)
        #expect(left.destination == second && left.attempts == 0 && left.nextAttemptAt == now + 1)

        let already = await reports.deliverPending(using: transport, now: now + 2, until: .now)
        #expect(already.outOfTime == 1 && transport.sent == [first])
    }

    @Test func destinationsThatFailedInAnEarlierPassAreDeferredFromTheStart() async throws {
        defer { spool.remove() }
        let reports = try spool.open()
        let failing = URL(string: "https://down.example.com/report")!, working = URL(string: "https://up.example.com/report")!
        try reports.enqueue(ReportFixtures.body("a"), destinations: [failing, working], now: now)
        let transport = SlowTransport(delay: 0)
        let summary = await reports.deliverPending(using: transport, now: now, deferring: [failing])
        #expect(summary.deferred == 1 && summary.delivered == 1)
        #expect(transport.sent == [working])
        #expect(reports.pendingEntries().map(\.attempts) == [0])
    }
}
