import Foundation
import HTTPServerBridge
import ReportCollector
import Testing

/// `--retain DAYS`: the retention deletes in batches until nothing is older than the cutoff, runs when the
/// collector starts, and stops with it.
@Suite struct ReportRetentionTests {
    private func store(_ directory: TemporaryDirectory, days: Int) throws -> any ReportStore {
        let store = try ReportStoreOpener.open(.sqlite(path: directory.file("reports.db")))
        for day in 0..<days {
            _ = try store.store(try SampleReports.received(try SampleReports.body(vendor: "day-\(day)"),
                                                           at: SampleReports.time.addingTimeInterval(TimeInterval(day) * 86_400)))
        }
        return store
    }

    @Test func deletesEveryOldReportBatchByBatch() throws {
        let directory = try TemporaryDirectory("retention")
        defer { directory.remove() }
        let store = try store(directory, days: 10)
        defer { store.close() }
        // "Now" is day 9: keeping 3 days puts the cutoff at day 6, which is kept (received at, not before, it).
        let now = SampleReports.time.addingTimeInterval(9 * 86_400)
        let retention = ReportRetention(days: 3, store: store, batchSize: 2, clock: { now })
        #expect(retention.cutoff == SampleReports.time.addingTimeInterval(6 * 86_400))
        #expect(try retention.runOnce() == 6)
        #expect(try store.reports(since: nil).map(\.body.appVendorID) == ["day-6", "day-7", "day-8", "day-9"])
        #expect(try retention.runOnce() == 0)
    }

    @Test func theCollectorRunsItAtStartAndStopsIt() throws {
        let directory = try TemporaryDirectory("retention-collector")
        defer { directory.remove() }
        // The collector's retention uses the real clock, so the reports are laid out back from now.
        let store = try ReportStoreOpener.open(.sqlite(path: directory.file("reports.db")))
        let now = Date()
        for (index, age) in [40.0, 31.0, 29.0, 1.0].enumerated() {
            let at = now.addingTimeInterval(-age * 86_400)
            _ = try store.store(try SampleReports.received(try SampleReports.body(vendor: "age-\(index)", date: at), at: at))
        }
        var configuration = CollectorConfiguration(listen: try .init(parsing: "127.0.0.1:0"))
        configuration.retainDays = 30
        let server = CollectorServer(configuration: configuration, store: store)
        try server.start()
        let deadline = Date().addingTimeInterval(30)
        while try store.statistics().storedReports > 2 && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(try store.reports(since: nil).map(\.body.appVendorID) == ["age-2", "age-3"])
        let started = Date()
        server.stop()
        #expect(Date().timeIntervalSince(started) < 10, "stop waits for the retention's hourly sleep no longer than a batch")
    }
}
