import Foundation
import HTTPServerBridge
import Testing

/// Slow requests the server offloads (the collector's API reads) are answered on threads of their own, their
/// connections suspended: the pool goes on answering everything else, a full queue is told so at once, and a
/// shutdown does not wait for them past its grace.
@Suite("HTTP server offloaded requests", .serialized)
struct OffloadedReadsTests {
    /// A server with one pool thread (so one held-up thread would stop everything) that offloads `/slow`,
    /// which takes `slowness` seconds.
    private func server(slowness: TimeInterval, offloadThreads: Int = 1, queueLimit: Int = 8, started: Started = Started()) throws -> HTTPServer {
        var configuration = HTTPServerConfiguration(address: try ListenAddress(parsing: "127.0.0.1:0"), bodyLimit: 1024)
        configuration.threadPoolSize = 1
        configuration.offloadThreads = offloadThreads
        configuration.offloadQueueLimit = queueLimit
        let server = HTTPServer(configuration: configuration, offload: { $0.path == "/slow" }) { request in
            if request.path == "/slow" {
                started.count()
                Thread.sleep(forTimeInterval: slowness)
            }
            return HTTPResponse(status: 200, contentType: "text/plain", body: Array(request.path.utf8))
        }
        try server.start()
        return server
    }

    /// Starts `count` GETs of `path` at once, each on its own connection; the returned call waits for their
    /// responses (or failures), in the order they ended.
    private func concurrently(_ count: Int, _ path: String, port: UInt16) -> () -> [Result<LoopbackHTTPClient.Response, any Error>] {
        let results = ResultBox()
        let group = DispatchGroup()
        for _ in 0..<count {
            group.enter()
            Thread {
                let client = LoopbackHTTPClient(port: port)
                results.add(Result { try client.get(path) })
                group.leave()
            }.start()
        }
        return { group.wait(); return results.all }
    }

    @Test func slowReadsNeverHoldUpTheOtherRequests() throws {
        let server = try server(slowness: 1)
        defer { server.shutdown(grace: 5) }
        let slow = concurrently(3, "/slow", port: server.port)
        Thread.sleep(forTimeInterval: 0.2)
        let started = Date()
        let fast = try LoopbackHTTPClient(port: server.port).get("/fast")
        let took = Date().timeIntervalSince(started)
        #expect(fast.status == 200 && fast.text == "/fast")
        // Three slow reads take 3 s on the one offload thread; the one pool thread answered at once.
        #expect(took < 0.5, "the fast request waited \(took) s behind the slow ones")
        let answers = slow()
        #expect(answers.compactMap { try? $0.get().status } == [200, 200, 200])
        #expect(answers.allSatisfy { (try? $0.get().text) == "/slow" })
    }

    @Test func aFullQueueIsAnsweredBusyAtOnce() throws {
        let started = Started()
        let server = try server(slowness: 2, offloadThreads: 1, queueLimit: 1, started: started)
        defer { server.shutdown(grace: 5) }
        // One being answered, then one waiting: the queue of one is full.
        let running = concurrently(1, "/slow", port: server.port)
        let deadline = Date().addingTimeInterval(5)
        while started.value == 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        let waiting = concurrently(1, "/slow", port: server.port)
        Thread.sleep(forTimeInterval: 0.5)
        for _ in 0..<2 {
            let before = Date()
            let refused = try LoopbackHTTPClient(port: server.port).get("/slow")
            #expect(refused.status == 503 && refused.text.contains("\"server.busy\""), "\(refused.status) \(refused.text)")
            #expect(refused.headers["retry-after"] == "1")
            #expect(Date().timeIntervalSince(before) < 1, "refused at once, not after the reads ahead of it")
        }
        #expect((running() + waiting()).compactMap { try? $0.get().status } == [200, 200])
    }

    @Test func aShutdownAnswersWhatIsStillSuspended() throws {
        let server = try server(slowness: 8, offloadThreads: 1, queueLimit: 4)
        let slow = concurrently(2, "/slow", port: server.port)
        Thread.sleep(forTimeInterval: 0.3)
        let started = Date()
        let unanswered = server.shutdown(grace: 0.5)
        let took = Date().timeIntervalSince(started)
        #expect(unanswered == 2)
        #expect(took < 3, "the shutdown took \(took) s")
        let answers = slow()
        #expect(Date().timeIntervalSince(started) < 4, "the clients were answered within the grace, not after the 8 s reads")
        for answer in answers {
            if case .success(let response) = answer {
                #expect(response.status == 503 && response.text.contains("\"server.shutting_down\""))
            }
        }
    }
}

/// Results gathered from several threads.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<LoopbackHTTPClient.Response, any Error>] = []

    func add(_ result: Result<LoopbackHTTPClient.Response, any Error>) { lock.withLock { results.append(result) } }

    var all: [Result<LoopbackHTTPClient.Response, any Error>] { lock.withLock { results } }
}

/// How many slow requests the handler has begun.
private final class Started: @unchecked Sendable {
    private let lock = NSLock()
    private var started = 0
    func count() { lock.withLock { started += 1 } }
    var value: Int { lock.withLock { started } }
}
