import Foundation
import HTTPServerBridge
import ReportCollector
import Testing
import TrustCertificates
import TrustEvaluation

/// The receiver on request values (no network): every answer, and what reaches the store.
@Suite struct ReportReceiverTests {
    private struct Fixture {
        let directory: TemporaryDirectory
        let store: any ReportStore
        let receiver: ReportReceiver

        init(authorization: ReportAuthorization = ReportAuthorization(), rateLimiter: SourceRateLimiter? = nil,
             bodyLimit: Int = ReportReceiver.defaultBodyLimit) throws
        {
            directory = try TemporaryDirectory("receiver")
            store = try ReportStoreOpener.open(.sqlite(path: directory.file("reports.db")))
            receiver = ReportReceiver(store: store,
                                      inspector: ReportChainInspector(anchors: CertificateStore([try SampleReports.certificate("root.pem")])),
                                      authorization: authorization, rateLimiter: rateLimiter, bodyLimit: bodyLimit)
        }

        func post(_ body: [UInt8], contentType: String? = "application/json", query: [(name: String, value: String)] = [],
                  headers: [String: String] = [:], tooLarge: Bool = false, source: String = "127.0.0.1") -> HTTPResponse
        {
            var allHeaders = headers
            if let contentType { allHeaders["content-type"] = contentType }
            return receiver.receive(HTTPRequest(method: "POST", path: "/report", query: query, headers: allHeaders,
                                                body: tooLarge ? [] : body, bodyExceededLimit: tooLarge, clientAddress: source))
        }

        func close() {
            store.close()
            directory.remove()
        }
    }

    private func json(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    private func errorCode(_ response: HTTPResponse) throws -> String? {
        (try json(response)["error"] as? [String: Any])?["code"] as? String
    }

    @Test func aReportIsStoredThenItsResendIsADuplicate() throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        let body = try SampleReports.body()
        let first = fixture.post(body)
        #expect(first.status == 201)
        #expect(try json(first)["status"] as? String == "stored")
        let id = try #require(try json(first)["id"] as? Int)
        let again = fixture.post(body)
        #expect(again.status == 200)
        #expect(try json(again)["status"] as? String == "duplicate")
        #expect(try json(again)["id"] as? Int == id)
        let stored = try fixture.store.reports(since: nil)
        #expect(stored.count == 1)
        #expect(try fixture.store.rawBody(reportID: Int64(id)) == body)
        #expect(stored.first?.anchorCheck == .chains)
    }

    @Test func contentTypeWithParametersIsAcceptedOthersAre415() throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        #expect(fixture.post(try SampleReports.body(vendor: "a"), contentType: "Application/JSON; charset=utf-8").status == 201)
        let refused = fixture.post(try SampleReports.body(vendor: "b"), contentType: "text/plain")
        #expect(refused.status == 415)
        #expect(try errorCode(refused) == "body.content_type")
        #expect(fixture.post(try SampleReports.body(vendor: "c"), contentType: nil).status == 415)
        #expect(try fixture.store.statistics().malformedByReason == ["body.content_type": 2])
    }

    @Test func malformedBodiesAre400CountedAndNeverStored() throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        var fields = try SampleReports.fields()
        fields["port"] = "443"
        var badChain = try SampleReports.fields()
        badChain["validated-certificate-chain"] = ["-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----"]
        let cases: [([UInt8], String)] = [
            (Array("{not json".utf8), "body.not_json"), (try SampleReports.body(fields), "field.wrong_type"),
            (try SampleReports.body(badChain), "chain.unparsable"),
        ]
        for (body, code) in cases {
            let response = fixture.post(body)
            #expect(response.status == 400)
            #expect(try errorCode(response) == code)
            let message = try #require((try json(response)["error"] as? [String: Any])?["message"] as? String)
            #expect(!message.isEmpty)
        }
        #expect(try fixture.store.reports(since: nil).isEmpty)
        let statistics = try fixture.store.statistics()
        #expect(statistics.malformedByReason == ["body.not_json": 1, "field.wrong_type": 1, "chain.unparsable": 1])
        #expect(statistics.storedReports == 0)
    }

    @Test func anOverLongBodyIs413AndCounted() throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        let response = fixture.post([], tooLarge: true)
        #expect(response.status == 413)
        #expect(try errorCode(response) == "body.too_large")
        #expect((try json(response)["error"] as? [String: Any])?["message"] as? String == "the body is larger than this collector's 64 KiB limit")
        #expect(try fixture.store.statistics().malformedByReason == ["body.too_large": 1])
    }

    @Test func theSharedSecretIsRequiredFromQueryOrHeader() throws {
        let fixture = try Fixture(authorization: ReportAuthorization(sharedSecret: "s3cret"))
        defer { fixture.close() }
        let missing = fixture.post(try SampleReports.body(vendor: "a"))
        #expect(missing.status == 401)
        #expect(try errorCode(missing) == "auth.missing_secret")
        let wrong = fixture.post(try SampleReports.body(vendor: "a"), query: [("secret", "s3cre")])
        #expect(wrong.status == 403)
        #expect(try errorCode(wrong) == "auth.wrong_secret")
        #expect(fixture.post(try SampleReports.body(vendor: "a"), query: [("secret", "s3cret")]).status == 201)
        #expect(fixture.post(try SampleReports.body(vendor: "b"), headers: ["x-trustcheck-secret": "s3cret"]).status == 201)
        // Refused senders are not malformed bodies: nothing is counted for them.
        #expect(try fixture.store.statistics().malformed == 0)
        #expect(try fixture.store.statistics().storedReports == 2)
    }

    @Test func onlyAllowListedBundlesAreAccepted() throws {
        let fixture = try Fixture(authorization: ReportAuthorization(allowedBundleIDs: ["com.other.app"]))
        defer { fixture.close() }
        let refused = fixture.post(try SampleReports.body())
        #expect(refused.status == 403)
        #expect(try errorCode(refused) == "auth.bundle_not_allowed")
        var fields = try SampleReports.fields()
        fields["app-bundle-id"] = "com.other.app"
        #expect(fixture.post(try SampleReports.body(fields)).status == 201)
    }

    @Test func eachSourceIsRateLimitedOnItsOwn() throws {
        let clock = TestClock()
        let fixture = try Fixture(rateLimiter: SourceRateLimiter(reportsPerSecond: 1, burst: 3, clock: clock.now))
        defer { fixture.close() }
        let statuses = try (0..<5).map { fixture.post(try SampleReports.body(vendor: "v\($0)"), source: "10.0.0.1").status }
        #expect(statuses == [201, 201, 201, 429, 429])
        #expect(fixture.post(try SampleReports.body(vendor: "other"), source: "10.0.0.2").status == 201)
        clock.advance(1)
        #expect(fixture.post(try SampleReports.body(vendor: "v9"), source: "10.0.0.1").status == 201)
        #expect(fixture.post(try SampleReports.body(vendor: "v10"), source: "10.0.0.1").status == 429)
    }

    @Test func aStoreFailureIs503AndNotAnAcknowledgement() throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        fixture.store.close()
        let response = fixture.post(try SampleReports.body())
        #expect(response.status == 503)
        #expect(try errorCode(response) == "store.closed")
    }
}

/// A clock the test moves by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = SampleReports.time

    var now: @Sendable () -> Date { { [self] in lock.withLock { current } } }

    func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
}
