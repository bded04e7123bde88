import AlamofireCompat
import Foundation
import Testing
import TestSupport

/// What a `responseJSON` handler saw, reduced to Sendable values.
struct JSONOutcome: Sendable, Equatable {
    var hello: String?
    var isNull = false
    var jsonFailed = false
    var status: Int?
}

/// `responseJSON` is deprecated, as upstream: its calls are deprecated members reached through a protocol, which keeps
/// the suite free of warnings while the calls stay Alamofire's.
protocol JSONCalls: Sendable {
    func load(_ session: Session, _ url: URL, method: HTTPMethod, _ done: @escaping @Sendable (JSONOutcome) -> Void)
}

private struct DeprecatedJSONCalls: JSONCalls {
    @available(*, deprecated)
    func load(_ session: Session, _ url: URL, method: HTTPMethod, _ done: @escaping @Sendable (JSONOutcome) -> Void) {
        session.request(url, method: method).responseJSON(queue: .global()) { response in
            var outcome = JSONOutcome(status: response.response?.statusCode)
            switch response.result {
            case .success(let json):
                outcome.hello = (json as? [String: Any])?["hello"] as? String
                outcome.isNull = json is NSNull
            case .failure(let error):
                if case .responseSerializationFailed(reason: .jsonSerializationFailed) = error { outcome.jsonFailed = true }
            }
            done(outcome)
        }
    }
}

@Suite("responseJSON", .serialized)
struct ResponseJSONTests {
    let calls: any JSONCalls = DeprecatedJSONCalls()

    func load(_ path: String, method: HTTPMethod = .get) async throws -> JSONOutcome? {
        let server = try LiveServers.server(\.valid)
        let session = Session(serverTrustManager: ServerTrustManager(evaluators: ["127.0.0.1": DefaultTrustEvaluator()]))
        let outcome = await waitForResponse { done in calls.load(session, server.url(path), method: method, done) }
        withExtendedLifetime((session, server)) {}
        return outcome
    }

    @Test func aJSONBodyIsParsedWithJSONSerialization() async throws {
        #expect(try await load("/json") == JSONOutcome(hello: "world", status: 200))
    }

    @Test func aBodyThatIsNotJSONFailsAsAlamofireFailsIt() async throws {
        #expect(try await load("/") == JSONOutcome(jsonFailed: true, status: 200))
    }

    @Test func anAllowedEmptyBodyIsNSNull() async throws {
        #expect(try await load("/json", method: .head) == JSONOutcome(isNull: true, status: 200))
    }
}
