import Foundation
import Pinning
import ReportCollector
import Testing
import TrustCertificates
import TrustEvaluation

/// Answers that reports cannot game or mislead: a forged report cannot make an interception look known, a
/// device with a wrong clock is not an interception, versions sort as versions, and rotation readiness
/// covers every stored report with the blocked / report-only split.
@Suite struct ReportAnswersTests {
    private func withStore(_ body: (any ReportStore) throws -> Void) throws {
        let directory = try TemporaryDirectory("answers")
        defer { directory.remove() }
        let store = try ReportStoreOpener.open(.sqlite(path: directory.file("reports.db")))
        defer { store.close() }
        try body(store)
    }

    /// The interception chain (other-leaf under an untrusted root) claimed as a known pin by forged reports.
    private func forgedFields(chain: [String], vendor: String) throws -> [String: Any] {
        var fields = try SampleReports.fields(chain: chain, vendor: vendor)
        fields["known-pins"] = try [SampleReports.pin("other-leaf.pem")].map { "pin-sha256=\"\($0)\"" }
        return fields
    }

    @Test func aForgedReportCannotMakeAnInterceptionsKeyKnown() throws {
        try withStore { store in
            _ = try store.store(try SampleReports.received(try SampleReports.body(chain: SampleReports.otherChain, vendor: "victim")))
            // The forger's own report carries the interception chain and claims its key as a pin: it does not
            // chain to the anchors, so its claim counts for nothing.
            _ = try store.store(try SampleReports.received(try SampleReports.body(try forgedFields(chain: SampleReports.otherChain, vendor: "forger"))))
            let suspects = try ReportAnalysis(store: store, since: nil).suspects
            #expect(suspects.count == 1)
            #expect(suspects.first?.reasons == ["does_not_chain", "unknown_keys"])
            #expect(suspects.first?.unknownPins == [try SampleReports.pin("other-leaf.pem")])
            #expect(suspects.first?.reports == 2)
        }
    }

    @Test func withoutAnchorsAForgedClaimStillDoesNotEraseTheSuspect() throws {
        // With no anchors nothing is verified: a forged report's claim of the interception key as a pin must
        // not erase the suspect, so unchecked reports vouch for nothing.
        try withStore { store in
            for (fields, vendor) in [(try SampleReports.fields(chain: SampleReports.otherChain, vendor: "victim"), "victim"),
                                     (try forgedFields(chain: SampleReports.otherChain, vendor: "forger"), "forger")]
            {
                let body = try SampleReports.body(fields)
                let decoded = try TrustKitReportDecoder.decode(body)
                let inspected = try ReportChainInspector(anchors: nil).inspect(decoded)
                _ = try store.store(ReceivedReport(body: decoded, rawBody: body, receivedAt: SampleReports.time, source: vendor,
                                                   certificates: inspected.certificates, anchorCheck: inspected.anchorCheck))
            }
            let suspects = try ReportAnalysis(store: store, since: nil).suspects
            #expect(suspects.map(\.reasons) == [["unknown_keys"]])
            #expect(suspects.first?.reports == 2)
        }
    }

    @Test func aVerifiedReportStillVouchesForItsKeys() throws {
        // A good chain is known through its own verified report, so a rotation is not a suspect.
        try withStore { store in
            _ = try store.store(try SampleReports.received(try SampleReports.body(vendor: "a")))
            #expect(try ReportAnalysis(store: store, since: nil).suspects.isEmpty)
        }
    }

    @Test func aDeviceWithAWrongClockIsClockSkewNotASuspect() throws {
        // The fixtures are valid 2026-01-01 .. 2027-01-01; the device's clock says 2030.
        let deviceTime = ISO8601DateFormatter().date(from: "2030-06-01T00:00:00Z")!
        let body = try SampleReports.body(vendor: "skewed", date: deviceTime)
        let decoded = try TrustKitReportDecoder.decode(body)
        let inspector = ReportChainInspector(anchors: CertificateStore([try SampleReports.certificate("root.pem")]))
        let atDeviceTimeOnly = try inspector.inspect(decoded)
        #expect(atDeviceTimeOnly.anchorCheck.code == "does_not_chain")
        let inspected = try inspector.inspect(decoded, receivedAt: SampleReports.time)
        guard case .clockSkew(let reason) = inspected.anchorCheck else {
            Issue.record("expected clock skew, got \(inspected.anchorCheck)")
            return
        }
        #expect(reason.hasPrefix("the device's clock was 3 years ahead of the collector's; at the collector's time the chain chains"), "\(reason)")
        try withStore { store in
            _ = try store.store(ReceivedReport(body: decoded, rawBody: body, receivedAt: SampleReports.time, source: "::1",
                                               certificates: inspected.certificates, anchorCheck: inspected.anchorCheck))
            // Read back from the database as clock skew, and not a suspect.
            let stored = try store.reports(since: nil)
            #expect(stored.first?.anchorCheck == inspected.anchorCheck)
            let analysis = ReportAnalysis(store: store, since: nil)
            #expect(try analysis.suspects.isEmpty)
            #expect(try analysis.summary.clockSkew == 1)
            let json = try #require(try JSONSerialization.jsonObject(with: CollectorJSON.encode(try analysis.summary)) as? [String: Any])
            #expect(json["clock_skew"] as? Int == 1)
        }
    }

    @Test func aChainBadAtBothTimesIsStillDoesNotChain() throws {
        let body = try SampleReports.body(chain: SampleReports.otherChain, vendor: "x",
                                          date: ISO8601DateFormatter().date(from: "2030-06-01T00:00:00Z")!)
        let inspector = ReportChainInspector(anchors: CertificateStore([try SampleReports.certificate("root.pem")]))
        let inspected = try inspector.inspect(try TrustKitReportDecoder.decode(body), receivedAt: SampleReports.time)
        #expect(inspected.anchorCheck.code == "does_not_chain")
    }

    @Test func clockSkewIsSaidInItsLargestUnit() {
        let now = SampleReports.time
        #expect(ClockSkew(deviceTime: now.addingTimeInterval(-2 * 86_400 - 5), receivedAt: now).description == "2 days behind")
        #expect(ClockSkew(deviceTime: now.addingTimeInterval(3_600), receivedAt: now).description == "1 hour ahead of")
        #expect(ClockSkew(deviceTime: now.addingTimeInterval(-40), receivedAt: now).description == "40 seconds behind")
    }

    @Test(arguments: [
        (["10.0", "2.0", "1.10", "1.9", "1.2.1", "1.2"], ["1.2", "1.2.1", "1.9", "1.10", "2.0", "10.0"]),
        (["1.0b", "1.0", "1.0.0", "0.9"], ["0.9", "1.0", "1.0.0", "1.0b"]),
        (["", "3", "2.0 (45)", "2.0 (123)"], ["", "2.0 (45)", "2.0 (123)", "3"]),
    ])
    func appVersionsSortAsVersions(_ input: [String], _ expected: [String]) {
        #expect(input.sorted(by: AppVersionOrder.areInIncreasingOrder) == expected)
    }

    @Test func rotationReadinessSortsVersionsSplitsEnforcementAndCoversEveryReport() throws {
        try withStore { store in
            let rows: [(version: String, enforce: Bool, offset: TimeInterval)] = [
                ("10.0", true, 0), ("2.0", false, 0), ("2.0", true, 86_400 * 3), ("9.1", true, 86_400 * 3),
            ]
            for (index, row) in rows.enumerated() {
                var fields = try SampleReports.fields(vendor: "v\(index)", version: row.version,
                                                      date: SampleReports.time.addingTimeInterval(row.offset))
                fields["enforce-pinning"] = row.enforce
                _ = try store.store(try SampleReports.received(try SampleReports.body(fields), at: SampleReports.time.addingTimeInterval(row.offset)))
            }
            // The window covers the last two reports only; rotation readiness still sees all four.
            let analysis = ReportAnalysis(store: store, since: SampleReports.time.addingTimeInterval(86_400))
            #expect(try analysis.summary.storedReports == 2)
            let versions = try #require(try analysis.rotation.domains.first?.versions)
            #expect(versions.map { "\($0.appVersion) \($0.reports) \($0.blocked)/\($0.reportOnly)" } == ["2.0 2 1/1", "9.1 1 1/0", "10.0 1 1/0"])
            let json = try #require(try JSONSerialization.jsonObject(with: CollectorJSON.encode(try analysis.rotation)) as? [String: Any])
            let first = try #require(((json["domains"] as? [[String: Any]])?.first?["versions"] as? [[String: Any]])?.first)
            #expect(first["blocked"] as? Int == 1)
            #expect(first["report_only"] as? Int == 1)
        }
    }
}
