import Foundation
import Testing
import TestSupport
import URLSessionCompat

/// HTTP over the trusted connection: methods, headers, bodies, framing, redirects, timeouts, cancellation,
/// and the data delegate's events.
@Suite("HTTP/1.1 exchanges")
struct TransportTests {
    @Test("POST sends the body and headers; configuration headers are added where the request has none")
    func postEcho() async throws {
        let server = try LiveServers.server(\.valid)
        let configuration = URLSessionConfiguration.default
        configuration.httpAdditionalHeaders = ["X-From-Configuration": "yes", "X-Both": "configuration"]
        let session = URLSession(configuration: configuration)
        var request = URLRequest(url: server.url("/echo?a=1&b=two"))
        request.httpMethod = "POST"
        request.httpBody = Data("{\"k\":1}".utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("request", forHTTPHeaderField: "x-both")
        let (data, _) = try await session.data(for: request)
        let echo = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let headers = try #require(echo["headers"] as? [String: String])
        #expect(echo["method"] as? String == "POST")
        #expect(echo["path"] as? String == "/echo?a=1&b=two")
        #expect(echo["body"] as? String == Data("{\"k\":1}".utf8).base64EncodedString())
        #expect(headers["Content-Type"] == "application/json")
        #expect(headers["X-From-Configuration"] == "yes")
        #expect(headers["x-both"] == "request")
        #expect(headers["Host"] == "127.0.0.1:\(server.port)")
        #expect(headers["Content-Length"] == "7")
    }

    @Test("Chunked and until-close bodies are read whole")
    func framing() async throws {
        let server = try LiveServers.server(\.valid)
        #expect(await URLSession.shared.load(server.url("/chunked")).text == "chunk one,chunk two")
        #expect(await URLSession.shared.load(server.url("/close")).text == "until close")
    }

    @Test("Status codes are delivered, not errors")
    func statusCodes() async throws {
        let server = try LiveServers.server(\.valid)
        let loaded = await URLSession.shared.load(server.url("/status/503"))
        #expect(loaded.error == nil)
        #expect(loaded.status == 503)
        #expect(loaded.text == "status 503")
        #expect(HTTPURLResponse.localizedString(forStatusCode: 503) == "service unavailable")
    }

    @Test("Redirects are followed; the response is the last one's; 303 turns a POST into a GET")
    func redirects() async throws {
        let server = try LiveServers.server(\.valid)
        let (data, response) = try await URLSession.shared.data(from: server.url("/redirect/3"))
        #expect(String(decoding: data, as: UTF8.self) == "redirected")
        #expect(response.url == server.url("/redirect/0"))
        var post = URLRequest(url: server.url("/see-other"))
        post.httpMethod = "POST"
        post.httpBody = Data("x".utf8)
        let (echoData, _) = try await URLSession.shared.data(for: post)
        let echo = try JSONSerialization.jsonObject(with: echoData) as? [String: Any]
        #expect(echo?["method"] as? String == "GET")
        var temporary = URLRequest(url: server.url("/temporary"))
        temporary.httpMethod = "PUT"
        temporary.httpBody = Data("kept".utf8)
        let (kept, _) = try await URLSession.shared.data(for: temporary)
        let keptEcho = try JSONSerialization.jsonObject(with: kept) as? [String: Any]
        #expect(keptEcho?["method"] as? String == "PUT")
        #expect(keptEcho?["body"] as? String == Data("kept".utf8).base64EncodedString())
    }

    @Test("A redirect loop fails with -1007")
    func redirectLoop() async throws {
        let server = try LiveServers.server(\.valid)
        await expectURLError(.httpTooManyRedirects) { _ = try await URLSession.shared.data(from: server.url("/loop")) }
    }

    @Test("A redirect to a server the system does not trust is refused there (-1202)")
    func redirectToUntrusted() async throws {
        let server = try LiveServers.server(\.valid)
        let mitm = try LiveServers.server(\.mitm)
        let target = mitm.url("/").absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let loaded = await URLSession.shared.load(server.url("/redirect-to?url=\(target)"))
        #expect(loaded.urlError?.code == .serverCertificateUntrusted)
        #expect(loaded.urlError?.failingURL == mitm.url("/"))
    }

    @Test("A delegate that refuses a redirect gets the redirect response itself")
    func refusedRedirect() async throws {
        final class NoRedirects: NSObject, URLSessionTaskDelegate {
            func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                            newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
                completionHandler(nil)
            }
        }
        let server = try LiveServers.server(\.valid)
        let session = URLSession(configuration: .default, delegate: NoRedirects(), delegateQueue: nil)
        let loaded = await session.load(server.url("/redirect/2"))
        #expect(loaded.status == 302)
        #expect((loaded.response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Location") == "/redirect/1")
    }

    @Test("A slow server: -1001 at the request's timeout")
    func timeout() async throws {
        let server = try LiveServers.server(\.valid)
        var request = URLRequest(url: server.url("/slow?seconds=5"))
        request.timeoutInterval = 1
        // The server answers after 5 s: only the timeout can make it -1001.
        await expectURLError(.timedOut) { _ = try await URLSession.shared.data(for: request) }
    }

    @Test("cancel(): the task completes with -999 and its state is completed")
    func cancel() async throws {
        let server = try LiveServers.server(\.valid)
        let done = AsyncStream<Loaded>.makeStream()
        let task = URLSession.shared.dataTask(with: server.url("/slow?seconds=5")) { data, response, error in
            done.continuation.yield(Loaded(data: data, response: response, error: error))
        }
        #expect(task.state == .suspended)
        task.resume()
        #expect(task.state == .running)
        try await Task.sleep(for: .milliseconds(300))
        task.cancel()
        var iterator = done.stream.makeAsyncIterator()
        let loaded = await iterator.next()
        #expect(loaded?.urlError?.code == .cancelled)
        #expect(task.state == .completed)
        #expect((task.error as? URLError)?.code == .cancelled)
    }

    @Test("Cancelling the Swift task of data(from:) cancels the load")
    func asyncCancellation() async throws {
        let server = try LiveServers.server(\.valid)
        let load = Task { try await URLSession.shared.data(from: server.url("/slow?seconds=5")) }
        try await Task.sleep(for: .milliseconds(300))
        load.cancel()
        await expectURLError(.cancelled) { _ = try await load.value }
    }

    @Test("The data delegate receives the response, the body and the completion, in that order")
    func dataDelegate() async throws {
        final class Recorder: NSObject, URLSessionDataDelegate, @unchecked Sendable {
            let lock = NSLock()
            var events: [String] = []
            var body = Data()
            let finished: AsyncStream<Void>.Continuation
            init(finished: AsyncStream<Void>.Continuation) { self.finished = finished }
            func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
                lock.withLock { events.append("response \((response as? HTTPURLResponse)?.statusCode ?? 0)") }
                completionHandler(.allow)
            }
            func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
                lock.withLock { events.append("data"); body.append(data) }
            }
            func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
                lock.withLock { events.append(error == nil ? "complete" : "failed") }
                finished.yield()
            }
        }
        let finished = AsyncStream<Void>.makeStream()
        let recorder = Recorder(finished: finished.continuation)
        let session = URLSession(configuration: .default, delegate: recorder, delegateQueue: nil)
        let server = try LiveServers.server(\.valid)
        let task = session.dataTask(with: server.url("/json"))
        task.resume()
        var iterator = finished.stream.makeAsyncIterator()
        await iterator.next()
        #expect(recorder.lock.withLock { recorder.events } == ["response 200", "data", "complete"])
        #expect(try JSONSerialization.jsonObject(with: recorder.lock.withLock { recorder.body }) as? [String: String] != nil)
        #expect(task.countOfBytesReceived == Int64(recorder.lock.withLock { recorder.body.count }))
    }

    @Test("finishTasksAndInvalidate: the delegate hears of it; later tasks fail at once")
    func invalidation() async throws {
        final class Invalidated: NSObject, URLSessionDelegate, @unchecked Sendable {
            let done: AsyncStream<Void>.Continuation
            init(done: AsyncStream<Void>.Continuation) { self.done = done }
            func urlSession(_ session: URLSession, didBecomeInvalidWithError error: Error?) { done.yield() }
        }
        let stream = AsyncStream<Void>.makeStream()
        let session = URLSession(configuration: .default, delegate: Invalidated(done: stream.continuation), delegateQueue: nil)
        let server = try LiveServers.server(\.valid)
        #expect(await session.load(server.url()).status == 200)
        session.finishTasksAndInvalidate()
        var iterator = stream.stream.makeAsyncIterator()
        await iterator.next()
        #expect(session.delegate == nil)
        #expect(await session.load(server.url()).urlError?.code == .cancelled)
    }

    @Test("URLRequest matches header names without regard to case and joins added values")
    func requestHeaders() {
        var request = URLRequest(url: URL(string: "https://example.com/")!)
        #expect(request.httpMethod == "GET")
        request.setValue("a", forHTTPHeaderField: "X-Thing")
        request.addValue("b", forHTTPHeaderField: "x-thing")
        #expect(request.value(forHTTPHeaderField: "X-THING") == "a,b")
        request.setValue(nil, forHTTPHeaderField: "x-Thing")
        #expect(request.allHTTPHeaderFields == nil)
        #expect(request.timeoutInterval == 60)
    }
}
