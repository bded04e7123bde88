import Foundation
import ReportCollector
import Pinning
import Testing
import TrustEvaluation
import TrustCertificates

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


    /// A varied store — hosts, chains that chain, do not, or were not checked, devices with wrong clocks,
    /// known pins that vouch for another chain's key, versions, platforms, enforcement, resends — analysed by
    /// the database gives exactly what the in-memory reference gives, for several windows, and paging the
    /// suspects gives them all once, in order.
    func analysisMatchesTheReference() throws {
        let store = try open()
        defer { store.close() }
        let root = CertificateStore([try SampleReports.certificate("root.pem")])
        let checked = ReportChainInspector(anchors: root), unchecked = ReportChainInspector(anchors: nil)
        var random = SplitMix(seed: 26)
        let chains = [SampleReports.goodChain, SampleReports.otherChain, ["other-leaf.pem", "other-root.pem"], ["leaf.pem"]]
        let hosts = ["api.example.com", "login.example.com", "cdn.example.net", "pay.example.org", "api.example.com."]
        let versions = ["1.9", "1.10", "2.0", "10.0", "", "2.0 (45)"]
        let skewedTime = ISO8601DateFormatter().date(from: "2030-06-01T00:00:00Z")!
        var bodies: [(body: [UInt8], at: Date, inspector: ReportChainInspector)] = []
        for index in 0..<160 {
            let host = hosts[random.next(hosts.count)]
            let skewed = random.next(12) == 0
            var pins = [try SampleReports.pin("intermediate.pem"), try SampleReports.pin("root.pem")]
            // Some verified reports vouch for other-leaf's key through their known pins.
            if random.next(9) == 0 { pins.append(try SampleReports.pin("other-leaf.pem")) }
            var fields = try SampleReports.fields(
                host: host, noted: host.hasSuffix(".net") ? "example.net" : "example.com", chain: chains[random.next(chains.count)],
                pins: pins, vendor: "device-\(random.next(40))", version: versions[random.next(versions.count)],
                platform: random.next(3) == 0 ? "ANDROID" : "IOS", date: skewed ? skewedTime : SampleReports.time)
            if fields["app-platform"] as? String == "ANDROID" { fields["served-certificate-chain"] = fields["validated-certificate-chain"] }
            switch random.next(3) {
            case 0: fields["enforce-pinning"] = true
            case 1:
                // The older iOS format (no known-pins-expiration-date), which may leave enforcement out.
                fields.removeValue(forKey: "enforce-pinning")
                fields.removeValue(forKey: "known-pins-expiration-date")
                fields["app-platform"] = "IOS"
                fields.removeValue(forKey: "served-certificate-chain")
            default: break
            }
            let at = SampleReports.time.addingTimeInterval(TimeInterval(index * 600 + random.next(500)))
            bodies.append((try SampleReports.body(fields), at, random.next(10) == 0 ? unchecked : checked))
        }
        // The one report that vouches for other-root's key: the earliest, so retention takes it.
        let vouching = try SampleReports.fields(pins: [try SampleReports.pin("intermediate.pem"), try SampleReports.pin("other-root.pem")],
                                                vendor: "early")
        bodies.insert((try SampleReports.body(vouching), SampleReports.time.addingTimeInterval(-100), checked), at: 0)
        for (number, entry) in bodies.enumerated() {
            let decoded = try TrustKitReportDecoder.decode(entry.body)
            let inspected = try entry.inspector.inspect(decoded, receivedAt: entry.at)
            let report = ReceivedReport(body: decoded, rawBody: entry.body, receivedAt: entry.at, source: "::1",
                                        certificates: inspected.certificates, anchorCheck: inspected.anchorCheck)
            _ = try store.store(report)
            // Every seventh is sent again: a duplicate.
            if number % 7 == 0 { #expect(try store.store(report) != .stored(id: 0)) }
        }
        var upcoming = UpcomingPins()
        upcoming.add(try PublicKeyPin(parsing: try SampleReports.pin("leaf.pem")), for: "example.com")
        let kinds = Set(try store.reports(since: nil).map(\.anchorCheck.code))
        #expect(kinds == ["chains", "does_not_chain", "clock_skew", "not_checked"], "the store has every kind of report")

        for since in [nil, SampleReports.time.addingTimeInterval(30_000), SampleReports.time.addingTimeInterval(80_000),
                      SampleReports.time.addingTimeInterval(10_000_000)] as [Date?] {
            let reference = try ReferenceAnalysis(store: store, since: since)
            let analysis = ReportAnalysis(store: store, since: since, upcoming: upcoming)
            #expect(ReferenceAnalysis.line(try analysis.summary) == reference.summary, "summary since \(String(describing: since))")
            let everySuspect = try analysis.suspects(limit: 1000, offset: 0)
            #expect(ReferenceAnalysis.lines(everySuspect.suspects) == reference.suspects, "suspects since \(String(describing: since))")
            #expect(everySuspect.total == reference.suspects.count)
            var paged: [InterceptionSuspect] = []
            for offset in stride(from: 0, to: everySuspect.total + 3, by: 3) {
                let page = try analysis.suspects(limit: 3, offset: offset)
                #expect(page.suspects.count <= 3 && page.total == everySuspect.total && page.offset == offset)
                paged += page.suspects
            }
            #expect(paged == everySuspect.suspects, "pages of 3 give every suspect once, in order")
            for bucket in [3600.0, 60, 86_400] {
                #expect(ReferenceAnalysis.lines(try analysis.timeline(bucket: bucket)) == reference.timeline(bucket: bucket),
                        "timeline (\(bucket) s) since \(String(describing: since))")
            }
            let top = try analysis.timeline(bucket: 3600, limit: 2)
            #expect(top.hosts.map(\.host) == Array(try analysis.timeline(bucket: 3600).hosts.map(\.host).prefix(2)))
            #expect(top.hostsTotal == Set(reference.window.map(\.body.hostname)).count)
            #expect(Set(top.byVersion.map(\.host)).isSubset(of: top.hosts.map(\.host)))
            #expect(ReferenceAnalysis.lines(try analysis.rotation) == reference.rotation(upcoming: upcoming), "rotation")
            #expect(try analysis.rotation(limit: 1).domains.map(\.domain) == ["example.com"])
            #expect(try analysis.rotation(limit: 1).domainsTotal == 2)
        }
        #expect(try ReportAnalysis(store: store, since: nil).suspects.isEmpty == false, "the store has suspects to compare")

        // Retention takes the keys only deleted reports vouched for with them: other-root's key, known while
        // the early report was kept, is unknown once it is gone.
        let otherRoot = try SampleReports.pin("other-root.pem")
        let before = try ReportAnalysis(store: store, since: nil).suspects(limit: 1000, offset: 0).suspects
        #expect(!before.contains { $0.unknownPins.contains(otherRoot) })
        _ = try store.deleteReports(receivedBefore: SampleReports.time.addingTimeInterval(50_000), limit: 10_000)
        let kept = try ReferenceAnalysis(store: store, since: nil)
        #expect(kept.window.count < 160 && !kept.window.isEmpty)
        #expect(ReferenceAnalysis.lines(try ReportAnalysis(store: store, since: nil).suspects(limit: 1000, offset: 0).suspects) == kept.suspects,
                "suspects after retention")
        #expect(try ReportAnalysis(store: store, since: nil).suspects(limit: 1000, offset: 0).suspects.contains { $0.unknownPins.contains(otherRoot) })
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

/// A small deterministic generator (SplitMix64), so a varied store is the same store every run.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A number in 0..<bound.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
