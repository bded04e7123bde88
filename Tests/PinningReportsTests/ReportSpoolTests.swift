import Foundation
import PinningReports
import PinningReportsURLSession
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The spool on its own: bounds, refusals at enqueue, unreadable files, sharing, and crashes.
@Suite struct ReportSpoolTests {
    let spool = TemporarySpool()
    let now = ReportFixtures.time
    let destination = URL(string: "http://127.0.0.1:9/report")!

    @Test func theOldestEntriesGoWhenThereAreTooManyAndTheDropsAreCounted() throws {
        defer { spool.remove() }
        let reports = try spool.open(limits: ReportSpoolLimits(maximumEntries: 3))
        for index in 0..<5 {
            try reports.enqueue(ReportFixtures.body("\(index)"), destinations: [destination], now: now + Double(index))
        }
        #expect(reports.pendingEntries().map(\.body) == (2..<5).map { ReportFixtures.body("\($0)") })
        #expect(reports.counters().droppedForSpace == 2)
        let reopened = try spool.open(limits: ReportSpoolLimits(maximumEntries: 3))
        try reopened.enqueue(ReportFixtures.body("5"), destinations: [destination], now: now + 5)
        #expect(reopened.counters().droppedForSpace == 3, "the count survives a new instance and adds up")
    }

    @Test func theOldestEntriesGoWhenTheyTakeTooManyBytes() throws {
        defer { spool.remove() }
        let body = Data(repeating: UInt8(ascii: "x"), count: 3000)
        // Every entry of this body takes the same bytes on disk; measure one in a spool of its own.
        let probe = TemporarySpool()
        defer { probe.remove() }
        try probe.open().enqueue(body, destinations: [destination], now: now)
        let entrySize = try #require(try FileManager.default.attributesOfItem(
            atPath: probe.entriesDirectory + "/" + probe.entryFiles()[0])[.size] as? Int)

        let reports = try spool.open(limits: ReportSpoolLimits(maximumEntries: 100, maximumBytes: entrySize * 2 + entrySize / 2))
        for index in 0..<4 {
            try reports.enqueue(body, destinations: [destination], now: now + Double(index))
        }
        #expect(reports.pendingEntries().map(\.createdAt) == [now + 2, now + 3])
        #expect(reports.counters().droppedForSpace == 2)
    }

    @Test func aReportThatCannotFitOrGoAnywhereIsRefusedAndNothingIsWritten() throws {
        defer { spool.remove() }
        let reports = try spool.open(limits: ReportSpoolLimits(maximumBytes: 1000))
        let tooLarge = #expect(throws: ReportSpoolError.self) {
            try reports.enqueue(Data(count: 1000), destinations: [destination], now: now)
        }
        #expect(tooLarge?.kind == .reportTooLarge)
        #expect(tooLarge?.code == "spool.reportTooLarge")
        let unsupported = #expect(throws: ReportSpoolError.self) {
            try reports.enqueue(ReportFixtures.body("x"), destinations: [destination, URL(string: "mailto:pins@example.com")!], now: now)
        }
        #expect(unsupported?.kind == .unsupportedDestination)
        #expect(unsupported?.localizedDescription == "mailto:pins@example.com: only http and https URLs with a host can receive reports")
        let none = #expect(throws: ReportSpoolError.self) { try reports.enqueue(ReportFixtures.body("x"), destinations: [], now: now) }
        #expect(none?.kind == .noDestination)
        #expect(try spool.entryFiles().isEmpty)
    }

    @Test func aFileInTheSpotOfTheSpoolDirectoryIsRefused() throws {
        defer { spool.remove() }
        try Data().write(to: URL(fileURLWithPath: spool.directory))
        let error = #expect(throws: ReportSpoolError.self) { try spool.open() }
        #expect(error?.kind == .unusableDirectory)
        #expect(error?.problem == "Not a directory")
    }

    @Test func anUnreadableEntryIsRemovedAndCounted() async throws {
        defer { spool.remove() }
        let reports = try spool.open()
        try Data("not an entry".utf8).write(to: URL(fileURLWithPath: spool.entriesDirectory + "/000000000000000-junk.report"))
        let summary = await reports.deliverPending(using: ReportFixtures.sender(), now: now)
        #expect(summary.droppedUnreadable == 1)
        #expect(try spool.entryFiles().isEmpty)
        #expect(reports.counters().droppedUnreadable == 1)
    }

    @Test func aTemporaryFileOfADeadWriterIsCleanedUp() throws {
        defer { spool.remove() }
        let reports = try spool.open()
        // pid 2^31-2 cannot exist (Linux's pid_max is at most 2^22); the live process's own temporary stays.
        let orphan = ".000000000000001-x.report.2147483646.7.tmp", live = ".000000000000001-y.report.\(getpid()).7.tmp"
        for name in [orphan, live] {
            try Data("half".utf8).write(to: URL(fileURLWithPath: spool.entriesDirectory + "/" + name))
        }
        try reports.enqueue(ReportFixtures.body("x"), destinations: [destination], now: now)
        let files = try spool.entryFiles()
        #expect(!files.contains(orphan) && files.contains(live) && files.count == 2)
    }

    @Test func aSpooledReportSurvivesASenderThatNeverRan() async throws {
        defer { spool.remove() }
        let server = try TestHTTPServer()
        defer { server.stop() }
        do {
            // The process spools, then dies before any delivery: the instance and its sender just go away.
            let crashed = try spool.open()
            let sender = ReportFixtures.sender()
            try crashed.enqueue(ReportFixtures.body("survivor"), destinations: [server.url], now: now)
            sender.shutdown()
        }
        let restarted = try spool.open()
        let summary = await restarted.deliverPending(using: ReportFixtures.sender(), now: now)
        #expect(summary.delivered == 1)
        #expect(server.requests.map(\.body) == [ReportFixtures.body("survivor")])
    }

    @Test func aClaimHeldByAnotherProcessIsSkippedAndEndsWhenThatProcessIsKilled() async throws {
        defer { spool.remove() }
        let server = try TestHTTPServer()
        defer { server.stop() }
        let reports = try spool.open()
        let entry = try #require(reports.enqueue(ReportFixtures.body("claimed"), destinations: [server.url], now: now).first)

        // Another process claims the entry the way a sender does (flock LOCK_EX on its file) and is then
        // killed mid-delivery. One process: the shell takes the lock on its own descriptor 9 and becomes
        // `sleep`, so killing it ends the only holder.
        let path = spool.entriesDirectory + "/" + entry.name
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/bin/sh")
        holder.arguments = ["-c", #"exec 9<"$0" && flock --exclusive 9 && exec sleep 300"#, path]
        try holder.run()
        defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL); holder.waitUntilExit() } }
        #expect(try await Self.waitUntilLockedElsewhere(path), "the other process took its claim within 30 s")
        #expect(holder.isRunning)

        let sender = ReportFixtures.sender()
        let busy = await reports.deliverPending(using: sender, now: now)
        #expect(busy.busy == 1 && busy.delivered == 0, "a claimed entry is left to its claimant")
        #expect(server.requests.isEmpty)

        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        let summary = await reports.deliverPending(using: sender, now: now)
        #expect(summary.delivered == 1 && summary.busy == 0)
        #expect(server.requests.map(\.body) == [ReportFixtures.body("claimed")])
    }

    /// Whether another open file holds an exclusive flock on `path`, polled until a 30 s deadline (and once
    /// after it, in case this task was kept waiting that long).
    static func waitUntilLockedElsewhere(_ path: String) async throws -> Bool {
        func lockedElsewhere() -> Bool {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            return flock(descriptor, LOCK_EX | LOCK_NB) != 0
        }
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if lockedElsewhere() { return true }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        return lockedElsewhere()
    }

    @Test func twoInstancesSharingTheDirectoryDeliverEachReportExactlyOnce() async throws {
        defer { spool.remove() }
        let server = try TestHTTPServer()
        defer { server.stop() }
        let instances = [try spool.open(), try spool.open()]
        let now = self.now
        await withTaskGroup(of: Void.self) { group in
            for (number, reports) in instances.enumerated() {
                group.addTask {
                    let sender = ReportFixtures.sender()
                    for index in 0..<10 {
                        _ = try? reports.enqueue(ReportFixtures.body("\(number)-\(index)"), destinations: [server.url], now: now)
                        _ = await reports.deliverPending(using: sender, now: now)
                    }
                }
            }
        }
        _ = await instances[0].deliverPending(using: ReportFixtures.sender(), now: now)
        let bodies = server.requests.map { String(decoding: $0.body, as: UTF8.self) }
        #expect(bodies.count == 20)
        #expect(Set(bodies) == Set((0..<2).flatMap { number in (0..<10).map { #"{"report":"\#(number)-\#($0)"}"# } }))
        #expect(instances[1].counters().delivered == 20)
        #expect(try spool.entryFiles().isEmpty)
    }

    @Test func backOffDoublesUpToItsCapWithEqualJitter() {
        let policy = ReportRetryPolicy(initialDelay: 60, maximumDelay: 3600)
        #expect([1, 2, 3, 4, 5, 6, 7, 50].map { policy.delay(afterAttempts: $0, jitter: 1) } == [60, 120, 240, 480, 960, 1920, 3600, 3600])
        #expect(policy.delay(afterAttempts: 3, jitter: 0) == 120, "jitter takes off at most half")
        #expect(policy.delay(afterAttempts: 3, jitter: 0.5) == 180)
        #expect(policy.delay(afterAttempts: 3, jitter: 7) == 240, "jitter is clamped to 0…1")
    }

    @Test func responseStatusesAreClassifiedByRFC9110() {
        let url = URL(string: "https://reports.example.com/pins")!
        #expect(ReportDeliveryError(destination: url, status: 200) == nil)
        #expect(ReportDeliveryError(destination: url, status: 204) == nil)
        let kinds = [408, 429, 400, 404, 500, 503, 302, 101].map { ReportDeliveryError(destination: url, status: $0)?.kind }
        #expect(kinds == [.retryLater, .retryLater, .rejected, .rejected, .serverError, .serverError, .unexpectedResponse, .unexpectedResponse])
        let rejected = ReportDeliveryError(destination: url, status: 403)
        #expect(rejected?.isPermanent == true && ReportDeliveryError(destination: url, status: 503)?.isPermanent == false)
        #expect(rejected?.localizedDescription == "https://reports.example.com/pins: report not delivered: HTTP 403 Forbidden")
    }
}
