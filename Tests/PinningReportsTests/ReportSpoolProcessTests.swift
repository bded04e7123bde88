import Foundation
import PinningReports
import PinningReportsURLSession
import Testing
import TestSupport

/// Two processes on one spool: this one and a child (a swift-testing exit test) enqueue and deliver at
/// the same time.
@Suite struct ReportSpoolProcessTests {
    let spool = TemporarySpool()

    @Test func aChildProcessAndThisOneShareTheSpoolAndEachReportGoesOutOnce() async throws {
        defer { spool.remove() }
        let server = try TestHTTPServer()
        defer { server.stop() }
        let reports = try spool.open()
        let directory = spool.directory, url = server.url.absoluteString
        async let child = #expect(processExitsWith: .success) { [directory = directory as String, url = url as String] in
            let reports = try ReportSpool(directory: directory)
            let sender = ReportSender(requestTimeout: 20, resourceTimeout: 30)
            for index in 0..<10 {
                try reports.enqueue(Data(#"{"report":"child-\#(index)"}"#.utf8), destinations: [URL(string: url)!])
                let summary = await reports.deliverPending(using: sender)
                if !summary.failures.isEmpty { exit(1) }
            }
        }
        let sender = ReportFixtures.sender()
        for index in 0..<10 {
            try reports.enqueue(ReportFixtures.body("parent-\(index)"), destinations: [server.url])
            _ = await reports.deliverPending(using: sender)
        }
        _ = await child
        _ = await reports.deliverPending(using: sender)

        let bodies = server.requests.map { String(decoding: $0.body, as: UTF8.self) }
        let expected = ["child", "parent"].flatMap { who in (0..<10).map { #"{"report":"\#(who)-\#($0)"}"# } }
        #expect(bodies.count == 20)
        #expect(Set(bodies) == Set(expected))
        #expect(reports.counters().delivered == 20)
        #expect(try spool.entryFiles().isEmpty)
    }
}
