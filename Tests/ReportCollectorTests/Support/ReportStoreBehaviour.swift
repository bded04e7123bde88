import Foundation
import ReportCollector
import Testing

/// The semantics every `ReportStore` backend must have, as checks over a factory that opens a fresh, migrated
/// store each call (two calls: two connections to the same database). The SQLite tests run them; a
/// PostgreSQL suite runs the same with its own factory.
struct ReportStoreBehaviour {
    let open: () throws -> any ReportStore

    /// A report of each TrustKit format comes back as it went in, its absent fields absent.
    func storesEveryReportFormat() throws {
        let store = try open()
        defer { store.close() }
        let sent = [try SampleReports.received(try SampleReports.body()),
                    try SampleReports.received(try SampleReports.trustKitSample(), source: "192.0.2.1"),
                    try SampleReports.received(try SampleReports.androidSample(), source: "2001:db8::1")]
        for report in sent {
            guard case .stored = try store.store(report) else {
                Issue.record("\(report.body.format) was not stored as new")
                return
            }
        }
        let stored = try store.reports(since: nil)
        #expect(stored.map(\.body) == sent.map(\.body))
        #expect(stored.map(\.body.format) == [.iOS, .iOSLegacy, .android])
        #expect(stored[1].body.knownPinsExpirationDate == nil && stored[1].body.servedCertificateChain == nil)
        #expect(stored[2].body.appPlatformVersion == nil && stored[2].body.servedCertificateChain?.count == 2)
        #expect(stored.map(\.source) == ["127.0.0.1", "192.0.2.1", "2001:db8::1"])
        #expect(stored.map(\.certificates.count) == [2, 3, 3])
        // A resend of each is a duplicate of its row.
        for report in sent {
            guard case .duplicate = try store.store(report) else {
                Issue.record("a resend of \(report.body.format) was not a duplicate")
                return
            }
        }
    }

    /// Everything stored comes back: fields, chain, anchor verdict, raw body.
    func storesAndReadsBack() throws {
        let store = try open()
        defer { store.close() }
        let good = try SampleReports.received(try SampleReports.body())
        let other = try SampleReports.received(try SampleReports.body(host: "login.example.com", chain: SampleReports.otherChain,
                                                                       vendor: "vendor-2"),
                                               at: SampleReports.time.addingTimeInterval(1.5))
        let first = try store.store(good)
        let second = try store.store(other)
        guard case .stored(let goodID) = first, case .stored(let otherID) = second else {
            Issue.record("expected two new reports, got \(first) and \(second)")
            return
        }
        #expect(goodID != otherID)
        let reports = try store.reports(since: nil)
        #expect(reports.map(\.id) == [goodID, otherID])
        #expect(reports[0].body == good.body)
        #expect(reports[0].certificates == good.certificates)
        #expect(reports[0].certificates.count == 2)
        #expect(reports[0].anchorCheck == .chains)
        #expect(reports[0].receivedAt == good.receivedAt)
        #expect(reports[0].source == "127.0.0.1")
        #expect(reports[0].duplicateCount == 0)
        #expect(reports[1].body == other.body)
        #expect(reports[1].receivedAt == other.receivedAt)
        #expect(reports[1].anchorCheck.code == "does_not_chain")
        #expect(reports[1].anchorCheck == other.anchorCheck)
        #expect(try store.rawBody(reportID: goodID) == good.rawBody)
        #expect(try store.rawBody(reportID: otherID) == other.rawBody)
        #expect(try store.rawBody(reportID: otherID + 1000) == nil)
        let statistics = try store.statistics()
        #expect(statistics.storedReports == 2)
        #expect(statistics.duplicates == 0)
        #expect(statistics.firstReceived == good.receivedAt)
        #expect(statistics.lastReceived == other.receivedAt)
    }

    /// A resend (same install, identity and day) is counted on the first row, never stored twice; another
    /// install's identical failure is a new report.
    func deduplicatesAsTrustKitKeysReports() throws {
        let store = try open()
        defer { store.close() }
        let report = try SampleReports.received(try SampleReports.body())
        let id = try store.store(report).id
        // The same failure an hour later (another date-time, same UTC day) from the same install.
        let resend = try SampleReports.received(try SampleReports.body(date: SampleReports.time.addingTimeInterval(3600)))
        #expect(try store.store(resend) == .duplicate(id: id))
        #expect(try store.store(report) == .duplicate(id: id))
        let otherInstall = try SampleReports.received(try SampleReports.body(vendor: "vendor-9"))
        guard case .stored(let otherID) = try store.store(otherInstall) else {
            Issue.record("another install's report was not stored")
            return
        }
        #expect(otherID != id)
        let nextDay = try SampleReports.received(try SampleReports.body(date: SampleReports.time.addingTimeInterval(86_400)))
        #expect(try store.store(nextDay).id != id)
        let reports = try store.reports(since: nil)
        #expect(reports.count == 3)
        #expect(reports.first { $0.id == id }?.duplicateCount == 2)
        #expect(reports.first { $0.id == id }?.occurrences == 3)
        #expect(try store.statistics().duplicates == 2)
        #expect(try store.failureCount(hostname: "api.example.com", since: .distantPast) == 3)
    }

    /// Malformed bodies are counted by reason.
    func countsMalformedBodies() throws {
        let store = try open()
        defer { store.close() }
        for reason in ["body.not_json", "field.missing", "body.not_json"] {
            try store.recordMalformed(MalformedReport(reason: reason, source: "127.0.0.1", receivedAt: SampleReports.time))
        }
        let statistics = try store.statistics()
        #expect(statistics.malformedByReason == ["body.not_json": 2, "field.missing": 1])
        #expect(statistics.malformed == 3)
        #expect(statistics.storedReports == 0)
        #expect(try store.reports(since: nil).isEmpty)
    }

    /// `since` and `failureCount` use the receive time.
    func selectsByReceiveTime() throws {
        let store = try open()
        defer { store.close() }
        let early = SampleReports.time, late = SampleReports.time.addingTimeInterval(600)
        _ = try store.store(try SampleReports.received(try SampleReports.body(vendor: "a"), at: early))
        _ = try store.store(try SampleReports.received(try SampleReports.body(vendor: "b"), at: late))
        _ = try store.store(try SampleReports.received(try SampleReports.body(host: "other.example.com", vendor: "c"), at: late))
        #expect(try store.reports(since: late).map(\.body.appVendorID) == ["b", "c"])
        #expect(try store.reports(since: late.addingTimeInterval(0.001)).isEmpty)
        #expect(try store.failureCount(hostname: "api.example.com", since: early) == 2)
        #expect(try store.failureCount(hostname: "api.example.com", since: late) == 1)
        #expect(try store.failureCount(hostname: "nobody.example.com", since: early) == 0)
    }

    /// Migrating again (a restart, a second collector) changes nothing and keeps the data.
    func migratesIdempotently() throws {
        let store = try open()
        _ = try store.store(try SampleReports.received(try SampleReports.body()))
        try store.migrate()
        store.close()
        let again = try open()
        defer { again.close() }
        try again.migrate()
        #expect(try again.reports(since: nil).count == 1)
    }

    /// Two connections storing the same reports at once: each report stored exactly once, the rest duplicates.
    func concurrentWritersNeitherLoseNorDuplicate() throws {
        let stores = [try open(), try open()]
        defer { stores.forEach { $0.close() } }
        let reports = try (0..<40).map { try SampleReports.received(try SampleReports.body(vendor: "install-\($0)")) }
        let outcomes = Outcomes()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            let store = stores[worker % 2]
            for report in reports {
                do { outcomes.add(try store.store(report)) } catch { outcomes.fail(error) }
            }
        }
        #expect(outcomes.errors.isEmpty, "\(outcomes.errors)")
        #expect(outcomes.stored == 40)
        #expect(outcomes.duplicates == 40 * 7)
        #expect(try stores[0].reports(since: nil).count == 40)
        #expect(try stores[1].statistics().duplicates == 40 * 7)
    }

    /// Retention deletes the oldest reports received before the cutoff, at most `limit` at a time, with
    /// their chains and bodies, and leaves the rest whole.
    func deletesReportsByAge() throws {
        let store = try open()
        defer { store.close() }
        var ids: [Int64] = []
        for day in 0..<5 {
            let received = try SampleReports.received(try SampleReports.body(vendor: "day-\(day)"),
                                                      at: SampleReports.time.addingTimeInterval(TimeInterval(day) * 86_400))
            guard case .stored(let id) = try store.store(received) else {
                Issue.record("day \(day) not stored")
                return
            }
            ids.append(id)
        }
        let cutoff = SampleReports.time.addingTimeInterval(3 * 86_400)
        #expect(try store.deleteReports(receivedBefore: cutoff, limit: 2) == 2)
        #expect(try store.reports(since: nil).map(\.id) == Array(ids[2...]))
        #expect(try store.deleteReports(receivedBefore: cutoff, limit: 2) == 1)
        #expect(try store.deleteReports(receivedBefore: cutoff, limit: 2) == 0)
        let left = try store.reports(since: nil)
        #expect(left.map(\.id) == Array(ids[3...]))
        #expect(left.allSatisfy { $0.certificates.count == 2 })
        #expect(try store.rawBody(reportID: ids[0]) == nil)
        #expect(try store.rawBody(reportID: ids[3]) != nil)
        #expect(try store.statistics().storedReports == 2)
    }

    /// A closed store refuses further calls with `store.closed`.
    func closedStoreRefuses() throws {
        let store = try open()
        store.close()
        #expect(throws: ReportStoreError.self) { try store.reports(since: nil) }
        do {
            _ = try store.statistics()
        } catch {
            #expect(error.code == "store.closed")
        }
    }

}

/// Outcomes gathered from several threads.
final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [StoreOutcome] = []
    private var failures: [String] = []

    func add(_ outcome: StoreOutcome) { lock.withLock { outcomes.append(outcome) } }
    func fail(_ error: any Error) { lock.withLock { failures.append("\(error)") } }

    var stored: Int { lock.withLock { outcomes.filter { if case .stored = $0 { return true } else { return false } }.count } }
    var duplicates: Int { lock.withLock { outcomes.filter { if case .duplicate = $0 { return true } else { return false } }.count } }
    var errors: [String] { lock.withLock { failures } }
}
