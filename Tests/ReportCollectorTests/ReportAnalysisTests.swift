import Foundation
import Pinning
import ReportCollector
import Testing
import TrustCertificates

@Suite struct ReportAnalysisTests {
    /// A store with: 3 reports of the good chain for api.example.com (versions 2.0 ×1, 2.1 ×2), and 2 of the
    /// unexpected chain (other-leaf under "TLS Untrusted Root") for login.example.com, version 2.1.
    private func withStore(_ body: (any ReportStore) throws -> Void) throws {
        let directory = try TemporaryDirectory("analysis")
        defer { directory.remove() }
        let store = try ReportStoreOpener.open(.sqlite(path: directory.file("reports.db")))
        defer { store.close() }
        let t0 = SampleReports.time
        let reports: [(String, [String], String, String, TimeInterval)] = [
            ("api.example.com", SampleReports.goodChain, "a", "2.0", 0),
            ("api.example.com", SampleReports.goodChain, "b", "2.1", 60),
            ("api.example.com", SampleReports.goodChain, "c", "2.1", 3700),
            ("login.example.com", SampleReports.otherChain, "d", "2.1", 3800),
            ("login.example.com", SampleReports.otherChain, "e", "2.1", 3900),
        ]
        for (host, chain, vendor, version, offset) in reports {
            var fields = try SampleReports.fields(host: host, chain: chain, vendor: vendor, version: version)
            if version == "2.1" {
                // 2.1 ships the next key's pin (other-leaf's key stands in for it) beside the current ones.
                fields["known-pins"] = try [SampleReports.pin("intermediate.pem"), SampleReports.pin("root.pem"),
                                            SampleReports.pin("leaf.pem")].map { "pin-sha256=\"\($0)\"" }
            }
            _ = try store.store(try SampleReports.received(try SampleReports.body(fields), at: t0.addingTimeInterval(offset)))
        }
        try body(store)
    }

    @Test func theChainThatDoesNotChainToTheAnchorsIsTheSuspectWithItsIssuer() throws {
        try withStore { store in
            let suspects = try ReportAnalysis(store: store, since: nil).suspects
            #expect(suspects.count == 1)
            let suspect = try #require(suspects.first)
            #expect(suspect.host == "login.example.com")
            #expect(suspect.notedHostname == "example.com")
            #expect(suspect.reasons == ["does_not_chain", "unknown_keys"])
            #expect(suspect.issuers == ["CN=TLS Untrusted Root,O=TrustCheck TLS tests"])
            #expect(suspect.leafSubject == "CN=localhost,O=TrustCheck TLS tests")
            #expect(suspect.leafSHA256 == Hex.encode(try SampleReports.certificate("other-leaf.pem").sha256))
            #expect(suspect.unknownPins == [try SampleReports.pin("other-leaf.pem")])
            #expect(suspect.reports == 2)
            #expect(suspect.appVersions == ["2.1"])
            #expect(suspect.firstSeen == SampleReports.time.addingTimeInterval(3800))
            #expect(suspect.lastSeen == SampleReports.time.addingTimeInterval(3900))
            #expect(suspect.anchorReason?.isEmpty == false)
        }
    }

    @Test func withoutAnchorsNoReportVouchesForAKey() throws {
        let directory = try TemporaryDirectory("analysis-unanchored")
        defer { directory.remove() }
        let store = try ReportStoreOpener.open(.sqlite(path: directory.file("reports.db")))
        defer { store.close() }
        for (chain, vendor) in [(SampleReports.goodChain, "a"), (SampleReports.otherChain, "b")] {
            let body = try SampleReports.body(chain: chain, vendor: vendor)
            let decoded = try TrustKitReportDecoder.decode(body)
            let inspected = try ReportChainInspector(anchors: nil).inspect(decoded)
            #expect(inspected.anchorCheck == .notChecked)
            _ = try store.store(ReceivedReport(body: decoded, rawBody: body, receivedAt: SampleReports.time, source: "::1",
                                               certificates: inspected.certificates, anchorCheck: inspected.anchorCheck))
        }
        let suspects = try ReportAnalysis(store: store, since: nil).suspects
        // Nothing was checked, so the known pins the reports claim vouch for nothing: both chains are of
        // unknown keys (the collector always checks; only a library caller can leave the anchors out).
        #expect(suspects.map(\.reasons) == [["unknown_keys"], ["unknown_keys"]])
    }

    @Test func theTimelineCountsPerHostPerBucketAndPerVersion() throws {
        try withStore { store in
            let timeline = try ReportAnalysis(store: store, since: nil).timeline(bucket: 3600)
            #expect(timeline.bucketSeconds == 3600)
            #expect(timeline.hosts.map(\.host) == ["api.example.com", "login.example.com"])
            let api = try #require(timeline.hosts.first)
            #expect(api.total == 3)
            #expect(api.points.map(\.count) == [2, 1])
            #expect(api.points.map(\.start) == [SampleReports.time, SampleReports.time.addingTimeInterval(3600)])
            #expect(timeline.hosts[1].points.map(\.count) == [2])
            #expect(timeline.byVersion.map { "\($0.host) \($0.appVersion) \($0.platform) \($0.count)" }
                    == ["api.example.com 2.1 IOS 2", "api.example.com 2.0 IOS 1", "login.example.com 2.1 IOS 2"])
            #expect(timeline.since == SampleReports.time)
            #expect(timeline.until == SampleReports.time.addingTimeInterval(7200))
            let later = try ReportAnalysis(store: store, since: SampleReports.time.addingTimeInterval(3700)).timeline()
            #expect(later.hosts.map(\.total) == [2, 1])
        }
    }

    @Test func rotationReadinessNamesTheVersionsWithoutTheNextPin() throws {
        try withStore { store in
            var upcoming = UpcomingPins()
            upcoming.add(try PublicKeyPin(parsing: try SampleReports.pin("leaf.pem")), for: "example.com")
            let rotation = try ReportAnalysis(store: store, since: nil, upcoming: upcoming).rotation
            let domain = try #require(rotation.domains.first)
            #expect(rotation.domains.count == 1)
            #expect(domain.domain == "example.com")
            #expect(domain.nextPins == [try SampleReports.pin("leaf.pem")])
            #expect(domain.versions.map { "\($0.appVersion) \($0.reports) \($0.hasNextPin == true)" } == ["2.0 1 false", "2.1 4 true"])
            // The sample reports are report-only (`enforce-pinning` false).
            #expect(domain.versions.map { "\($0.blocked)/\($0.reportOnly)" } == ["0/1", "0/4"])
            #expect(domain.versionsLackingNextPin.map(\.appVersion) == ["2.0"])
            #expect(domain.versionsLackingNextPin.first?.reports == 1)
            // The intermediate's pin is on the three good chains; root.pem's key is never in a reported chain
            // (TrustKit reports the evaluated chain, here without its anchor), nor is the next key's yet (leaf
            // is: it was the stand-in).
            let matched = Dictionary(uniqueKeysWithValues: domain.knownPins.map { ($0.pin, $0.matchedReports) })
            #expect(matched[try SampleReports.pin("intermediate.pem")] == 3)
            #expect(matched[try SampleReports.pin("root.pem")] == 0)
            #expect(matched[try SampleReports.pin("leaf.pem")] == 3)
            #expect(domain.unmatchedPins == [try SampleReports.pin("root.pem")])
            #expect(domain.knownPins.first { $0.pin == (try? SampleReports.pin("leaf.pem")) }?.appVersions == ["2.1"])
        }
    }

    @Test func withoutANextPinHasNextPinIsNull() throws {
        try withStore { store in
            let rotation = try ReportAnalysis(store: store, since: nil).rotation
            #expect(rotation.domains.first?.versions.allSatisfy { $0.hasNextPin == nil } == true)
            let json = try #require(try JSONSerialization.jsonObject(with: CollectorJSON.encode(rotation)) as? [String: Any])
            let version = try #require(((json["domains"] as? [[String: Any]])?.first?["versions"] as? [[String: Any]])?.first)
            #expect(version["has_next_pin"] is NSNull)
            #expect(version["app_version"] as? String == "2.0")
        }
    }

    @Test func theSummaryCountsTheWindow() throws {
        try withStore { store in
            _ = try store.store(try SampleReports.received(try SampleReports.body(vendor: "a", version: "2.0"), at: SampleReports.time))
            try store.recordMalformed(MalformedReport(reason: "body.not_json", source: "::1", receivedAt: SampleReports.time))
            let summary = try ReportAnalysis(store: store, since: nil).summary
            #expect(summary.storedReports == 5)
            #expect(summary.duplicates == 1)
            #expect(summary.malformed == 1)
            #expect(summary.hosts == 2)
            #expect(summary.suspects == 1)
            let json = try #require(try JSONSerialization.jsonObject(with: CollectorJSON.encode(summary)) as? [String: Any])
            #expect(json["since"] is NSNull)
            #expect(json["first_received"] as? String == "2026-12-01T00:00:00Z")
            #expect(json["malformed_by_reason"] as? [String: Int] == ["body.not_json": 1])
        }
    }
}
