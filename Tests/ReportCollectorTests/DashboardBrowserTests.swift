import Foundation
import ReportCollector
import Testing

/// The dashboard in a real browser: a `trustcheck collect` process is fed reports over HTTP, headless
/// Chromium loads its page, and the test reads what the page rendered (summary figures, the chart's
/// series, the suspects and rotation tables). A screenshot is kept in .build/test-artifacts/.
// Serialized: one Chromium at a time is enough load for a 2-core machine running the rest of the suite.
@Suite(.serialized, .enabled(if: DashboardBrowser.executable != nil, "Chromium not installed (apt-get install chromium)"))
struct DashboardBrowserTests {
    /// The package's .build/test-artifacts/ (this file is Tests/ReportCollectorTests/DashboardBrowserTests.swift).
    static let artifacts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/test-artifacts").path

    /// A host name as an attacker would send it: the page must show it as text, never run it.
    static let hostileHost = #"<img src=x onerror="document.title='pwned'">.example.com"#

    /// Reports: api.example.com from 4 installs (versions 2.1 ×3 with both pins, 2.0 ×1 without the next pin)
    /// plus one resend; login.example.com presenting another CA's chain from 2 installs (the suspect); the
    /// hostile host, also on the other chain; one malformed body.
    private func feed(_ port: UInt16) throws {
        let client = LoopbackHTTPClient(port: port)
        let intermediate = try SampleReports.pin("intermediate.pem")
        var bodies = try (1...3).map { try SampleReports.body(vendor: "install-\($0)", version: "2.1") }
        bodies.append(try SampleReports.body(vendor: "install-4", version: "2.0", pins: [intermediate]))
        bodies.append(bodies[0])
        bodies += try (5...6).map { try SampleReports.body(host: "login.example.com", chain: SampleReports.otherChain, vendor: "install-\($0)") }
        bodies.append(try SampleReports.body(host: Self.hostileHost, chain: SampleReports.otherChain, vendor: "install-7"))
        let statuses = try bodies.map { try client.post("/report", body: $0).status }
        #expect(statuses == [201, 201, 201, 201, 200, 201, 201, 201])
        #expect(try client.post("/report", body: Array("{".utf8)).status == 400)
    }

    /// Two reports for history.example.com received 3 and 1 hours ago (the receiver stamps its own clock, so
    /// the past is written through the store, then the collector opens that database): the chart spans four
    /// hourly buckets. Returns the hour-bucket starts (ms) of the reports.
    private func seedHistory(_ database: String) throws -> [Int64] {
        let store = try ReportStoreOpener.open(.sqlite(path: database))
        defer { store.close() }
        let now = Date()
        var starts: [Int64] = []
        for (hoursAgo, vendor) in [(3.0, "history-1"), (1.0, "history-2")] {
            let at = now.addingTimeInterval(-hoursAgo * 3600)
            _ = try store.store(try SampleReports.received(try SampleReports.body(host: "history.example.com", vendor: vendor), at: at))
            starts.append(Int64(at.timeIntervalSince1970 / 3600) * 3_600_000)
        }
        return starts
    }

    @Test func thePageRendersTheCollectorsAnalysis() async throws {
        let directory = try TemporaryDirectory("dashboard")
        defer { directory.remove() }
        let nextPin = try SampleReports.pin("root.pem")
        let database = directory.file("reports.db")
        let history = try seedHistory(database)
        let collector = try CollectorProcess(
            database: database, directory: directory,
            arguments: ["--rate-limit", "0", "--anchors", SampleReports.path("root.pem"), "--next-pin", "example.com=\(nextPin)"]
                + CollectorProcess.readTokenArguments(directory))
        defer { collector.stop() }
        try feed(collector.port)

        let browser = DashboardBrowser(directory: directory)
        let url = "http://127.0.0.1:\(collector.port)/#token=\(CollectorProcess.readToken)"
        let page = DashboardPage(html: try await browser.dumpDOM(url))
        try FileManager.default.createDirectory(atPath: Self.artifacts, withIntermediateDirectories: true)
        try page.html.write(toFile: Self.artifacts + "/dashboard.html", atomically: true, encoding: .utf8)

        #expect(page.state == "ready", "status: \(page.text(ofID: "status") ?? "none")")
        // The token reached the API and stays out of the page; no token form is shown.
        #expect(!page.html.contains(CollectorProcess.readToken))
        #expect(page.elements("form", where: "id", is: "token-form").first?["hidden"] != nil)
        // Summary.
        #expect(page.text(ofID: "summary-stored") == "9")
        #expect(page.text(ofID: "summary-duplicates") == "1")
        #expect(page.text(ofID: "summary-malformed") == "1")
        #expect(page.text(ofID: "summary-hosts") == "4")
        #expect(page.text(ofID: "summary-suspects") == "2")
        #expect(page.text(ofID: "summary-clock-skew") == "0")

        // The timeline: one SVG series per host with its total, and the hosts table.
        let series = page.elements("g", where: "class", is: "series")
        #expect(Dictionary(uniqueKeysWithValues: series.map { ($0["data-host"] ?? "", $0["data-total"] ?? "") })
                == ["api.example.com": "4", "login.example.com": "2", Self.hostileHost: "1", "history.example.com": "2"])
        let points = page.elements("circle", where: "class", is: "point")
        #expect(points.compactMap { $0["data-count"].flatMap(Int.init) }.reduce(0, +) == 9)
        // history.example.com: a point in each of its two buckets, its line through all four hourly buckets (zeros between).
        let historyPoints = page.elements("circle", where: "data-host-point", is: "history.example.com")
        #expect(historyPoints.map { $0["data-count"] } == ["1", "1"])
        #expect(historyPoints.compactMap { $0["data-start"].flatMap(Self.milliseconds) } == history)
        // As many line points as the API's range holds buckets (4, or 5 when the test straddles an hour).
        let timeline = try LoopbackHTTPClient(port: collector.port)
            .get("/api/timeline", headers: ["Authorization": "Bearer \(CollectorProcess.readToken)"]).json()
        let since = try #require((timeline["since"] as? String).flatMap(Self.milliseconds))
        let until = try #require((timeline["until"] as? String).flatMap(Self.milliseconds))
        let buckets = Int((until - since) / 3_600_000)
        #expect(since == history[0])
        #expect(buckets >= 4)
        let lines = page.elements("polyline", where: "data-host")
        #expect(lines.count == 4)
        #expect(lines.allSatisfy { $0["points"]?.split(separator: " ").count == buckets }, "\(lines.map(\.attributes))")
        let hosts = page.rows(ofTable: "timeline-hosts")
        #expect(hosts.map { $0.cells.first ?? "" } == ["api.example.com", "history.example.com", "login.example.com", Self.hostileHost])
        #expect(hosts.map { $0.cells.count > 1 ? $0.cells[1] : "" } == ["4", "2", "2", "1"])
        let versions = page.rows(ofTable: "timeline-versions").map { $0.cells }
        #expect(versions.contains(["api.example.com", "2.1", "IOS", "3"]))
        #expect(versions.contains(["api.example.com", "2.0", "IOS", "1"]))

        // Interception suspects: the other CA's chains, with their issuer and report counts.
        let suspects = page.rows(ofTable: "suspects")
        #expect(suspects.compactMap { $0["data-host"] }.sorted() == [Self.hostileHost, "login.example.com"].sorted())
        let login = try #require(suspects.first { $0["data-host"] == "login.example.com" })
        #expect(login["data-reports"] == "2")
        #expect(login.cells.count == 9)
        #expect(login.cells[1].contains("does not chain"))
        #expect(login.cells[2].contains("TLS Untrusted Root"))
        #expect(login.cells[5] == "2 latest report", "the count, and the link to the latest report")
        #expect(!suspects.contains { $0.cells.joined().contains("TLS Test Intermediate") })

        // Rotation readiness for example.com: 2.1 carries the next pin, 2.0 lacks it.
        let domain = page.elements("div", where: "class", is: "domain")
        #expect(domain.map { $0["data-domain"] } == ["example.com"])
        #expect(page.elements("code", where: "class", is: "pin next-pin").count == 1)
        let rotation = page.elements("tr", where: "class", is: "version")
        let readiness = Dictionary(uniqueKeysWithValues: rotation.map { ($0["data-version"] ?? "", $0["data-ready"] ?? "") })
        #expect(readiness["2.1"] == "true")
        #expect(readiness["2.0"] == "false")
        #expect(rotation.first { $0["data-version"] == "2.0" }?["data-reports"] == "1")
        #expect(page.html.contains("Versions that would fail after the rotation: 2.0 (IOS, 1 reports)"))
        // Every sample report is report-only: one Blocked and one Report-only cell per version.
        #expect(page.elements("td", where: "class", is: "number blocked").count == 2)
        #expect(page.elements("td", where: "class", is: "number report-only").count == 2)

        // The hostile host name is text: no <img> element was made of it, and its script never ran.
        #expect(!page.html.contains("<img"))
        #expect(page.html.contains("&lt;img src=x"))
        #expect(!page.html.contains("<title>pwned</title>"))

        // A suspect links to its latest report, and the page shows that report alone.
        let link = try #require(page.elements("a", where: "class", is: "report-link").first?["href"])
        #expect(link.hasPrefix("/?report="))
        let reportPage = DashboardPage(html: try await browser.dumpDOM(
            "http://127.0.0.1:\(collector.port)\(link)#token=\(CollectorProcess.readToken)"))
        #expect(reportPage.state == "ready", "status: \(reportPage.text(ofID: "status") ?? "none")")
        #expect(reportPage.text(ofID: "report-title")?.hasPrefix("Report ") == true)
        #expect(reportPage.text(ofID: "report-anchor-check")?.hasPrefix("does not chain") == true)
        #expect(reportPage.rows(ofTable: "report-chain").count == 1)
        #expect(reportPage.text(ofID: "report-body")?.contains("validated-certificate-chain") == true)
        #expect(reportPage.elements("section", where: "id", is: "suspects-section").first?["hidden"] != nil)

        try await browser.screenshot(url, to: Self.artifacts + "/dashboard.png")
        let png = try Data(contentsOf: URL(fileURLWithPath: Self.artifacts + "/dashboard.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(png.count > 10_000)
    }

    static func milliseconds(_ rfc3339: String) -> Int64? {
        ISO8601DateFormatter().date(from: rfc3339).map { Int64($0.timeIntervalSince1970 * 1000) }
    }

    /// The page at `path` (followed by `#token=FRAGMENT` when `fragment` is given) of a collector with one report
    /// (`reported`) or none, and the read token unless `withReadToken` is false.
    private func pageOfACollector(_ path: String, fragment: String? = CollectorProcess.readToken, withReadToken: Bool = true,
                                  reported: Bool = false) async throws -> DashboardPage
    {
        let directory = try TemporaryDirectory("dashboard-empty")
        defer { directory.remove() }
        let collector = try CollectorProcess(database: directory.file("reports.db"), directory: directory,
                                             arguments: ["--rate-limit", "0"] + (withReadToken ? CollectorProcess.readTokenArguments(directory) : []))
        defer { collector.stop() }
        if reported {
            #expect(try LoopbackHTTPClient(port: collector.port).post("/report", body: try SampleReports.body(host: "login.example.com",
                                                                                                      chain: SampleReports.otherChain)).status == 201)
        }
        let url = "http://127.0.0.1:\(collector.port)\(path)" + (fragment.map { "#token=\($0)" } ?? "")
        return DashboardPage(html: try await DashboardBrowser(directory: directory).dumpDOM(url))
    }

    /// Without the read token the page shows no data: it says the token is needed and offers its form.
    @Test func withoutTheReadTokenThePageAsksForItAndShowsNoData() async throws {
        let page = try await pageOfACollector("/", fragment: nil, reported: true)
        #expect(page.state == "locked")
        #expect(page.text(ofID: "status") == "This collector's analysis needs its read token: enter it below.")
        #expect(page.elements("form", where: "id", is: "token-form").first?["hidden"] == nil)
        #expect(page.text(ofID: "summary-stored") == nil)
        #expect(page.rows(ofTable: "suspects").isEmpty)
        #expect(!page.html.contains("login.example.com"))
    }

    @Test func aWrongReadTokenIsSaidToBeWrong() async throws {
        let page = try await pageOfACollector("/", fragment: "not-the-read-token-0123456789", reported: true)
        #expect(page.state == "locked")
        #expect(page.text(ofID: "status") == "The read token is wrong: enter this collector's read token to see its analysis.")
        #expect(!page.html.contains("login.example.com"))
    }

    /// A collector started without --read-token-file: the page says how to open its API.
    @Test func aClosedAPIIsExplained() async throws {
        let page = try await pageOfACollector("/", fragment: nil, withReadToken: false, reported: true)
        #expect(page.state == "error")
        #expect(page.text(ofID: "status")?.contains("this collector's API is closed: start trustcheck collect with --read-token-file FILE") == true,
                "\(page.text(ofID: "status") ?? "no status")")
        #expect(!page.html.contains("login.example.com"))
    }

    @Test func aBadSinceShowsTheCollectorsReasonInsteadOfData() async throws {
        let page = try await pageOfACollector("/?since=yesterday")
        #expect(page.state == "error")
        #expect(page.text(ofID: "status")?.contains("since 'yesterday' is not a time") == true)
        #expect(page.rows(ofTable: "suspects").isEmpty)
    }

    @Test func anEmptyCollectorSaysSo() async throws {
        let page = try await pageOfACollector("/")
        #expect(page.state == "ready")
        #expect(page.text(ofID: "summary-stored") == "0")
        #expect(page.elements("g", where: "class", is: "series").isEmpty)
        #expect(page.html.contains("No reports in this period."))
        #expect(page.rows(ofTable: "suspects").map(\.cells) == [["No suspect chains: every reported chain chains to the anchors with known keys."]])
    }
}
