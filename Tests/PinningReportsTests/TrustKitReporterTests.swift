import Foundation
import Pinning
import PinningReports
import PinningReportsURLSession
import Testing
import TestSupport

/// TrustKitReporter from a validation to the endpoints: TrustKit's report, its rate limiter, every
/// effective report URI.
@Suite struct TrustKitReporterTests {
    let spool = TemporarySpool()
    static let app = TrustKitAppInfo(bundleIdentifier: "com.example.pinned", version: "1.2.3", vendorIdentifier: "VENDOR",
                                     platform: .iOS, platformVersion: "17.0.0")

    func reporter() throws -> TrustKitReporter {
        TrustKitReporter(app: Self.app, spool: try spool.open(), transport: ReportFixtures.sender(),
                         rateLimiter: TrustKitReportRateLimiter(clock: { ReportFixtures.time }))
    }

    @Test func aPinFailureReachesEveryReportURIOnceADay() async throws {
        defer { spool.remove() }
        let first = try TestHTTPServer(), second = try TestHTTPServer()
        defer { first.stop(); second.stop() }
        let configuration = try ReportFixtures.configuration(reportURIs: [first.url.absoluteString, second.url.absoluteString])
        let validation = try ReportFixtures.validation(configuration)
        #expect(validation.evaluationResult == .failedNoMatchingPin)
        let reporter = try reporter()

        let (disposition, summary) = try await reporter.report(validation, at: ReportFixtures.time)
        guard case .spooled(let entries, let skipped) = disposition else {
            Issue.record("expected the report to be spooled, got \(disposition)")
            return
        }
        #expect(entries.map(\.destination) == [first.url, second.url] && skipped.isEmpty)
        #expect(summary?.delivered == 2)
        let expected = try #require(TrustKitPinFailureReport(validation: validation, app: Self.app, at: ReportFixtures.time)).jsonData()
        for server in [first, second] {
            #expect(server.requests.map(\.body) == [expected])
            #expect(server.requests.first?.headers["content-type"] == "application/json")
        }
        let json = try #require(try JSONSerialization.jsonObject(with: expected) as? [String: Any])
        #expect(json["hostname"] as? String == "www.example.com" && json["noted-hostname"] as? String == "example.com")

        // The same failure again within the window: dropped before the spool.
        let again = try await reporter.report(try ReportFixtures.validation(configuration), at: ReportFixtures.time + 60)
        #expect(again.0 == .rateLimited && again.1 == nil)
        #expect(first.requests.count == 1 && second.requests.count == 1)
        #expect(try spool.entryFiles().isEmpty)
    }

    @Test func successAndPoliciesWithoutURIsSendNothing() async throws {
        defer { spool.remove() }
        let reporter = try reporter()
        let pinned = try ReportFixtures.configuration(reportURIs: ["http://127.0.0.1:9/report"])
        let success = try ReportFixtures.validation(pinned, leaf: "leaf.pem", intermediates: ["intermediate.pem"])
        #expect(success.evaluationResult == .success)
        #expect(try reporter.record(success, at: ReportFixtures.time) == .notAFailure)
        let silent = try ReportFixtures.configuration(reportURIs: [])
        #expect(try reporter.record(try ReportFixtures.validation(silent), at: ReportFixtures.time) == .noReportURI)
        #expect(try spool.entryFiles().isEmpty)
    }

    @Test func theDefaultURIIsSpooledUnlessDisabledAndUnsendableURIsAreSkipped() throws {
        defer { spool.remove() }
        let reporter = try reporter()
        let configuration = try ReportFixtures.configuration(
            reportURIs: ["ftp://reports.example.com/pins", "https://reports.example.com/pins"], disableDefaultReportURI: false)
        // record only: nothing here may reach the network.
        let disposition = try reporter.record(try ReportFixtures.validation(configuration), at: ReportFixtures.time)
        guard case .spooled(let entries, let skipped) = disposition else {
            Issue.record("expected the report to be spooled, got \(disposition)")
            return
        }
        #expect(entries.map(\.destination.absoluteString)
            == ["https://reports.example.com/pins", "https://overmind.datatheorem.com/trustkit/report"])
        #expect(skipped == ["ftp://reports.example.com/pins"])
        #expect(try spool.entryFiles().count == 2)
    }
}
