import AlamofireCompat
import Foundation
import Testing
import TestSupport

// Requests written as Alamofire's documentation writes them (Usage.md), against the valid live server.

/// A session that pins the live root for 127.0.0.1, as an app configures its one session.
private func pinnedSession() throws -> Session {
    let evaluators: [String: any ServerTrustEvaluating] = [
        "127.0.0.1": PinnedCertificatesTrustEvaluator(certificates: [try LiveServers.liveRoot()]),
    ]
    return Session(serverTrustManager: ServerTrustManager(evaluators: evaluators))
}

@Suite("Requests", .serialized)
struct RequestTests {
    @Test func responseDecodableOfJSON() async throws {
        let server = try LiveServers.server(\.valid)
        let session = try pinnedSession()
        let response = await waitForResponse { (done: @escaping @Sendable (AFDataResponse<Greeting>) -> Void) in
            session.request(server.url("/json")).responseDecodable(of: Greeting.self, queue: .global()) { response in done(response) }
        }
        #expect(response?.value == Greeting(hello: "world", path: "/json"))
        #expect(response?.response?.statusCode == 200)
        #expect(response?.response?.headers["Content-Type"] == "application/json")
        #expect(response?.request?.url == server.url("/json"))
        #expect(response?.metrics != nil)
        withExtendedLifetime(session) {}
    }

    @Test func responseHandlersRunOnTheMainQueueByDefault() async throws {
        let server = try LiveServers.server(\.valid)
        let session = try pinnedSession()
        // On Linux the main queue is drained by a worker thread once the main thread is parked, so the queue is
        // recognised by a queue-specific value rather than Thread.isMainThread.
        let key = DispatchSpecificKey<String>()
        DispatchQueue.main.setSpecific(key: key, value: "main")
        let onMain = await waitForResponse { (done: @escaping @Sendable (Bool?) -> Void) in
            session.request(server.url()).responseString { response in
                done(response.value == "hello" ? DispatchQueue.getSpecific(key: key) == "main" : nil)
            }
        }
        #expect(onMain == true)
        withExtendedLifetime(session) {}
    }

    @Test func parametersHeadersAndMethodReachTheServer() async throws {
        struct Echo: Decodable, Sendable {
            let method: String
            let path: String
            let headers: [String: String]
            let body: String
        }
        let server = try LiveServers.server(\.valid)
        let session = try pinnedSession()
        let headers: HTTPHeaders = [.authorization(bearerToken: "token"), .accept("application/json")]
        let get = try await session.request(server.url("/echo"), parameters: ["q": "a b", "n": 1], headers: headers)
            .serializingDecodable(Echo.self).value
        #expect(get.method == "GET")
        #expect(get.path == "/echo?n=1&q=a%20b")
        #expect(get.headers["Authorization"] == "Bearer token")
        #expect(get.headers["User-Agent"]?.contains("Alamofire/5.12.0") == true)

        let post = try await session.request(server.url("/echo"), method: .post, parameters: ["name": "x"], encoding: JSONEncoding.default)
            .serializingDecodable(Echo.self).value
        #expect(post.method == "POST")
        #expect(Data(base64Encoded: post.body) == Data(#"{"name":"x"}"#.utf8))
        #expect(post.headers["Content-Type"] == "application/json")

        struct Login: Encodable, Sendable { let user: String }
        let form = try await session.request(server.url("/echo"), method: .put, parameters: Login(user: "me"))
            .serializingDecodable(Echo.self).value
        #expect(form.method == "PUT")
        #expect(Data(base64Encoded: form.body) == Data("user=me".utf8))
        withExtendedLifetime(session) {}
    }

    @Test func validateFailsOnAServerError() async throws {
        let server = try LiveServers.server(\.valid)
        let session = try pinnedSession()
        let response = await session.request(server.url("/status/500")).validate().serializingString().response
        #expect(response.error?.responseCode == 500)
        #expect(response.error?.isResponseValidationError == true)
        #expect(response.error?.localizedDescription == "Response status code was unacceptable: 500.")
        #expect(response.data == Data("status 500".utf8))
        #expect(response.response?.statusCode == 500)

        // Without validate() a 500 is a response like any other.
        #expect(try await session.request(server.url("/status/500")).serializingString().value == "status 500")
        // validate(statusCode:) and validate(contentType:)
        #expect(try await session.request(server.url("/status/500")).validate(statusCode: 200..<600).serializingString().value
            == "status 500")
        let wrongType = await session.request(server.url("/json")).validate(contentType: ["text/html"]).serializingData().response
        guard case let .responseValidationFailed(.unacceptableContentType(acceptable, actual))? = wrongType.error else {
            Issue.record("expected unacceptableContentType, got \(String(describing: wrongType.error))")
            return
        }
        #expect(acceptable == ["text/html"])
        #expect(actual == "application/json")
        // validate() uses the request's Accept header.
        let accepted = await session.request(server.url("/json"), headers: [.accept("application/json")]).validate().serializingData().response
        #expect(accepted.error == nil)
        let refused = await session.request(server.url("/"), headers: [.accept("application/json")]).validate().serializingData().response
        #expect(refused.error?.isResponseValidationError == true)
        withExtendedLifetime(session) {}
    }

    @Test func cancellingARequest() async throws {
        let server = try LiveServers.server(\.valid)
        let session = try pinnedSession()
        let request = session.request(server.url("/slow?seconds=10"))
        let task = request.serializingData()
        try await Task.sleep(nanoseconds: 300_000_000)
        request.cancel()
        let response = await task.response
        #expect(response.error?.isExplicitlyCancelledError == true, "\(String(describing: response.error))")
        #expect(response.error?.localizedDescription == "Request explicitly cancelled.")
        #expect(request.isCancelled)

        // Cancelled before it ever started.
        let early = session.request(server.url("/"))
        early.cancel()
        #expect(await early.serializingString().response.error?.isExplicitlyCancelledError == true)
        withExtendedLifetime(session) {}
    }

    @Test func cancellingTheAwaitingTaskCancelsTheRequest() async throws {
        let server = try LiveServers.server(\.valid)
        let session = try pinnedSession()
        let request = session.request(server.url("/slow?seconds=10"))
        let waiter = Task { await request.serializingString().response }
        try await Task.sleep(nanoseconds: 300_000_000)
        waiter.cancel()
        #expect(await waiter.value.error?.isExplicitlyCancelledError == true)
        withExtendedLifetime(session) {}
    }

    @Test func asyncSerializingData() async throws {
        let server = try LiveServers.server(\.valid)
        let session = try pinnedSession()
        let data = try await session.request(server.url()).serializingData().value
        #expect(data == Data("hello".utf8))
        let result = await session.request(server.url("/json")).serializingDecodable(Greeting.self).result
        #expect(try result.get().hello == "world")

        // The MITM server: the value throws the evaluation's AFError.
        let mitm = try LiveServers.server(\.mitm)
        do {
            _ = try await session.request(mitm.url()).serializingData().value
            Issue.record("the MITM server was trusted")
        } catch let error as AFError {
            #expect(error.isServerTrustEvaluationError)
            #expect(isUnknownIssuer(trustEvaluationStatus(error)))
        }
        withExtendedLifetime(session) {}
    }

    @Test func theGlobalAFSessionUsesTheDefaultHandling() async throws {
        let server = try LiveServers.server(\.valid)
        #expect(try await AF.request(server.url()).serializingString().value == "hello")
        let mitm = try LiveServers.server(\.mitm)
        let response = await AF.request(mitm.url()).serializingString().response
        #expect((response.error?.underlyingError as? URLError)?.code == .serverCertificateUntrusted)
    }

    @Test func invalidURLsAndRequestErrors() async throws {
        let response = await AF.request("http://[::1").serializingData().response
        guard case .invalidURL? = response.error else {
            Issue.record("expected invalidURL, got \(String(describing: response.error))")
            return
        }
        #expect(response.error?.isInvalidURLError == true)

        struct Unbuildable: URLRequestConvertible {
            struct Failure: Error {}
            func asURLRequest() throws -> URLRequest { throw Failure() }
        }
        let failed = await AF.request(Unbuildable()).serializingData().response
        guard case let .createURLRequestFailed(error)? = failed.error else {
            Issue.record("expected createURLRequestFailed, got \(String(describing: failed.error))")
            return
        }
        #expect(error is Unbuildable.Failure)

        // A cleartext URL fails as App Transport Security's default does.
        let cleartext = await AF.request("http://127.0.0.1:1/").serializingData().response
        #expect((cleartext.error?.underlyingError as? URLError)?.code == .appTransportSecurityRequiresSecureConnection)
    }

    @Test func requestsOutlivingTheirSessionFail() async throws {
        let server = try LiveServers.server(\.valid)
        var session: Session? = try pinnedSession()
        let request = session!.request(server.url("/slow?seconds=5"))
        let task = request.serializingData()
        try await Task.sleep(nanoseconds: 300_000_000)
        session = nil
        let response = await task.response
        #expect(response.error?.isSessionDeinitializedError == true, "\(String(describing: response.error))")
    }

    @Test func anAdapterAndARetrier() async throws {
        final class Counter: @unchecked Sendable {
            private let lock = NSLock()
            private var count = 0
            func next() -> Int { lock.withLock { count += 1; return count } }
        }
        let server = try LiveServers.server(\.valid)
        let session = try pinnedSession()
        let counter = Counter()
        // First attempt asks for /status/503; the retrier retries once, and the adapter then asks for /json.
        let interceptor = Interceptor(adaptHandler: { request, _, completion in
            var request = request
            if counter.next() > 1 { request.url = server.url("/json") }
            completion(.success(request))
        }, retryHandler: { request, _, _, completion in
            completion(request.retryCount < 1 ? .retry : .doNotRetry)
        })
        let response = await session.request(server.url("/status/503"), interceptor: interceptor).validate()
            .serializingDecodable(Greeting.self).response
        #expect(response.value?.hello == "world", "\(String(describing: response.error))")
        withExtendedLifetime(session) {}
    }
}

@Suite("AFError")
struct AFErrorTests {
    @Test func descriptionsAndAccessorsAreAlamofires() {
        let cancelled: any Error = AFError.explicitlyCancelled
        #expect(cancelled.asAFError?.isExplicitlyCancelledError == true)
        #expect((URLError(.cancelled) as any Error).asAFError == nil)
        #expect(AFError.sessionDeinitialized.localizedDescription.hasPrefix("Session was invalidated without error"))
        #expect(AFError.invalidURL(url: "bad url").localizedDescription == "URL is not valid: bad url")
        let taskFailed = AFError.sessionTaskFailed(error: URLError(.timedOut))
        #expect((taskFailed.underlyingError as? URLError)?.code == .timedOut)
        #expect(taskFailed.localizedDescription.hasPrefix("URLSessionTask failed with error: "))
        let decoding = AFError.responseSerializationFailed(reason: .inputDataNilOrZeroLength)
        #expect(decoding.errorDescription == "Response could not be serialized, input data was nil or zero length.")
        #expect(AFError.serverTrustEvaluationFailed(reason: .revocationPolicyCreationFailed).localizedDescription
            == "Server trust evaluation failed due to reason: Attempting to create a revocation policy failed.")
        #expect(AFError.serverTrustEvaluationFailed(reason: .noRequiredEvaluator(host: "h")).isServerTrustEvaluationError)
        #expect(!AFError.explicitlyCancelled.isServerTrustEvaluationError)
    }
}

@Suite("Documentation snippets", .serialized)
struct DocumentationSnippetTests {
    /// AdvancedUsage.md's ServerTrustManager set-up, unchanged but for the hosts.
    @Test func advancedUsageServerTrustManager() async throws {
        let server = try LiveServers.server(\.valid)
        let root = try LiveServers.liveRoot()
        let evaluators: [String: ServerTrustEvaluating] = [
            // By default, certificates included in the app bundle are pinned automatically.
            "cert.example.com": PinnedCertificatesTrustEvaluator(certificates: [root]),
            // By default, public keys from certificates included in the app bundle are used automatically.
            "keys.example.com": PublicKeysTrustEvaluator(keys: [root.af.publicKey!]),
            "127.0.0.1": PinnedCertificatesTrustEvaluator(certificates: [root]),
        ]
        let manager = ServerTrustManager(evaluators: evaluators)
        let session = Session(serverTrustManager: manager)
        let response = await session.request(server.url("/json")).validate().serializingDecodable(Greeting.self).response
        debugPrint(response)
        #expect(response.value?.hello == "world")
        #expect(response.debugDescription.contains("[Status Code]: 200"))
        #expect(response.debugDescription.contains("[Request]: GET \(server.url("/json"))"))
        withExtendedLifetime(session) {}
    }
}
