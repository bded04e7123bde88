import Foundation
import HTTPServerBridge
import ReportCollector
import Testing
import TrustCertificates
import TrustEvaluation

/// `GET /api/reports/ID`: one stored report, behind the read token, and the suspects' link to it.
@Suite struct ReportViewTests {
    private static let authorization = ["Authorization": "Bearer \(CollectorProcess.readToken)"]

    private func withServer(_ body: (LoopbackHTTPClient) throws -> Void) throws {
        let directory = try TemporaryDirectory("report-view")
        defer { directory.remove() }
        var configuration = CollectorConfiguration(listen: try ListenAddress(parsing: "127.0.0.1:0"))
        configuration.inspector = ReportChainInspector(anchors: CertificateStore([try SampleReports.certificate("root.pem")]))
        configuration.readAuthorization = try ReadAuthorization(token: CollectorProcess.readToken)
        configuration.rateLimit = nil
        let server = CollectorServer(configuration: configuration,
                                     store: try ReportStoreOpener.open(.sqlite(path: directory.file("reports.db"))))
        try server.start()
        defer { server.stop() }
        try body(LoopbackHTTPClient(port: server.port))
    }

    private func storedID(_ response: LoopbackHTTPClient.Response) throws -> Int64 {
        #expect(response.status == 201, "\(response.text)")
        return try #require((try response.json()["id"] as? NSNumber)?.int64Value)
    }

    @Test func aStoredReportIsReadByItsID() throws {
        try withServer { client in
            let body = try SampleReports.body(host: "login.example.com", chain: SampleReports.otherChain, vendor: "viewer")
            let id = try storedID(try client.post("/report", body: body))
            #expect(try client.post("/report", body: body).status == 200, "a resend")
            let answer = try client.get("/api/reports/\(id)", headers: Self.authorization)
            #expect(answer.status == 200, "\(answer.text)")
            let report = try answer.json()
            #expect((report["id"] as? NSNumber)?.int64Value == id)
            #expect(report["hostname"] as? String == "login.example.com")
            #expect(report["app_vendor_id"] as? String == "viewer")
            #expect(report["anchor_check"] as? String == "does_not_chain")
            #expect((report["anchor_reason"] as? String)?.isEmpty == false)
            #expect(report["duplicates"] as? Int == 1)
            #expect(report["format"] as? String == "ios")
            #expect(report["validation_result_name"] as? String != nil)
            #expect(report["raw_body"] as? String == String(decoding: body, as: UTF8.self), "the body as posted")
            let certificates = try #require(report["certificates"] as? [[String: Any]])
            #expect(certificates.map { $0["spki_pin"] as? String } == [try SampleReports.pin("other-leaf.pem")])
            #expect(report.keys.contains("served_certificate_chain") && report["served_certificate_chain"] is NSNull)

            // The suspect points at it.
            let suspects = try client.get("/api/suspects", headers: Self.authorization).json()["suspects"] as? [[String: Any]]
            #expect((suspects?.first?["latest_report_id"] as? NSNumber)?.int64Value == id)
        }
    }

    @Test func unknownAndMalformedIDsAreNotFoundAndTheTokenIsNeeded() throws {
        try withServer { client in
            let id = try storedID(try client.post("/report", body: try SampleReports.body(vendor: "a")))
            for (path, code) in [("/api/reports/\(id + 1000)", "report.not_found"), ("/api/reports/abc", "report.bad_id"),
                                 ("/api/reports/-1", "report.bad_id"), ("/api/reports/", "report.bad_id"),
                                 ("/api/reports/99999999999999999999", "report.bad_id")]
            {
                let answer = try client.get(path, headers: Self.authorization)
                #expect(answer.status == 404, "\(path)")
                #expect((try answer.json()["error"] as? [String: Any])?["code"] as? String == code, "\(path): \(answer.text)")
            }
            #expect(try client.get("/api/reports/\(id)").status == 401)
        }
    }
}
