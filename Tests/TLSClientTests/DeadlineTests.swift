import Foundation
import GnuTLSBridge
import Testing
import TestSupport
import TLSClient

/// The configuration's timeouts are deadlines: a server that sends a byte just before each read would
/// time out cannot hold the client past them, and a cancelled task gets its answer at once.
@Suite struct DeadlineTests {
    /// A configuration whose whole call, and every stage of it, is bounded by `seconds`.
    static func configuration(seconds: TimeInterval) throws -> TLSClientConfiguration {
        var configuration = try TLSFixtures.configuration()
        configuration.connectTimeout = seconds
        configuration.handshakeTimeout = seconds
        configuration.timeout = seconds
        return configuration
    }

    /// What became of work cancelled once it was under way.
    struct Cancellation: Sendable {
        let failure: TLSClientError?
        let wasUnderWay: Bool
        let cancelledAt: Date
        /// Seconds from the cancellation to the task's answer.
        let answered: TimeInterval
    }

    /// Runs `work` in a task and cancels it once `underWay` holds (polled every 20 ms, 50 s at most), the
    /// waiting and cancelling done from a high-priority task too. Behind the other suites' queued work on a
    /// busy cooperative pool, a default-priority task can wait tens of seconds to start or to resume: the
    /// work would start after a fixed wait had ended, or be cancelled after its deadline had passed.
    static func cancel(onceUnderWay underWay: @escaping @Sendable () -> Bool,
                       _ work: @escaping @Sendable () async -> TLSClientError?) async -> Cancellation
    {
        await Task(priority: .high) { () -> Cancellation in
            let task = Task(priority: .high) { await work() }
            let bound = Date().addingTimeInterval(50)
            while !underWay(), Date() < bound { try? await Task.sleep(for: .milliseconds(20)) }
            let wasUnderWay = underWay()
            let cancelled = Date()
            task.cancel()
            let failure = await task.value
            return Cancellation(failure: failure, wasUnderWay: wasUnderWay, cancelledAt: cancelled,
                                answered: Date().timeIntervalSince(cancelled))
        }.value
    }

    @Test func aServerThatTricklesItsHandshakeIsCutOffAtTheDeadline() throws {
        // A byte every 0.2 s: a per-read timeout of 1 s would never fire while 64 bytes last (13 s).
        let server = try TrickleServer(interval: 0.2)
        defer { server.stop() }
        let configuration = try Self.configuration(seconds: 1)
        // Timed on this thread (connectBlocking): the async wrapper's resumption can wait behind other
        // suites' synchronous tests on the cooperative pool, which would measure the pool, not the bound.
        let start = Date()
        do throws(TLSClientError) {
            _ = try TLSClient.connectBlocking(host: "127.0.0.1", port: server.port, configuration: configuration)
            Issue.record("connected to a server that never finishes its ServerHello")
        } catch {
            #expect(error.code == "tls.timeout")
            #expect(error.errorDescription?.contains("handshake") == true, "\(error.errorDescription ?? "")")
        }
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed >= 0.9 && elapsed < 1.6, "connect took \(elapsed) s against a 1 s deadline")
        #expect(server.sent >= 3, "the server was not trickling: \(server.sent) bytes sent")
    }

    @Test func theWholeCallIsBoundedEvenWhenEachStageHasMoreTime() throws {
        let server = try TrickleServer(interval: 0.2)
        defer { server.stop() }
        var configuration = try TLSFixtures.configuration()
        configuration.connectTimeout = 5
        configuration.handshakeTimeout = 5
        configuration.timeout = 0.8
        let start = Date()
        do throws(TLSClientError) {
            _ = try TLSClient.connectBlocking(host: "127.0.0.1", port: server.port, configuration: configuration)
            Issue.record("connected to a server that never finishes its ServerHello")
        } catch {
            #expect(error.code == "tls.timeout")
        }
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed >= 0.7 && elapsed < 1.4, "connect took \(elapsed) s against a 0.8 s deadline")
    }

    @Test func cancellingTheCallingTaskEndsTheHandshakeAtOnce() async throws {
        let server = try TrickleServer(interval: 0.2)
        defer { server.stop() }
        let configuration = try Self.configuration(seconds: 10)
        let port = server.port
        // Once the handshake is under way (the server has sent bytes).
        let outcome = await Self.cancel(onceUnderWay: { server.sent >= 2 }) { () -> TLSClientError? in
            do throws(TLSClientError) {
                _ = try await TLSClient.connect(host: "127.0.0.1", port: port, configuration: configuration)
                return nil
            } catch {
                return error
            }
        }
        #expect(outcome.wasUnderWay, "the connect never got under way")
        let failure = outcome.failure, cancelled = outcome.cancelledAt, answered = outcome.answered
        #expect(failure?.code == "tls.cancelled", "\(String(describing: failure))")
        // The socket closes when the work ends, on its own thread: the server sees that at once. The task's
        // answer also waits for the cooperative pool, which other (synchronous) tests may be holding, so
        // it gets a looser bound; without cancellation the call would run 10 s.
        for _ in 0..<50 where server.clientClosedAt == nil { try await Task.sleep(for: .milliseconds(10)) }
        let closed = try #require(server.clientClosedAt, "the client never closed its socket").timeIntervalSince(cancelled)
        #expect(closed < 0.1, "the cancelled connect closed its socket after \(closed) s")
        #expect(answered < 3, "the cancelled connect answered after \(answered) s")
        print("DeadlineTests: cancelled connect closed its socket after \(Int(closed * 1000)) ms, answered after \(Int(answered * 1000)) ms")
    }

    @Test func anHTTPExchangeWithATricklingServerEndsAtItsDeadline() throws {
        let response = Array("HTTP/1.1 200 OK\r\nContent-Length: 100\r\nConnection: close\r\n\r\n".utf8)
            + [UInt8](repeating: 0x61, count: 100)
        let server = try TLSFixtures.server(behaviour: .trickle(response, interval: 0.2))
        defer { server.stop() }
        // On this thread, connect and exchange alike (see above): the server paces its answer from the
        // request on, so what is timed is the exchange's deadline, not how long a task waited to run.
        let connection = try TLSClient.connectBlocking(host: "127.0.0.1", port: server.port,
                                                       configuration: try Self.configuration(seconds: 5))
        let start = Date()
        do throws(TLSClientError) {
            _ = try HTTPDiagnosticRequest.getBlocking(host: "localhost", on: connection, timeout: 1)
            Issue.record("read a whole answer that takes 33 s to arrive")
        } catch {
            #expect(error.code == "tls.timeout")
            #expect(error.errorDescription?.contains("read/write timed out") == true, "\(error.errorDescription ?? "")")
        }
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed >= 0.9 && elapsed < 1.6, "the exchange took \(elapsed) s against a 1 s deadline")
        #expect(server.answerBytesSent >= 3, "the server was not trickling: \(server.answerBytesSent) bytes sent")
    }

    @Test func cancellingTheCallingTaskEndsAnHTTPExchangeAtOnce() async throws {
        let response = Array("HTTP/1.1 200 OK\r\nContent-Length: 100\r\nConnection: close\r\n\r\n".utf8)
            + [UInt8](repeating: 0x61, count: 100)
        let server = try TLSFixtures.server(behaviour: .trickle(response, interval: 0.2))
        defer { server.stop() }
        // 30 s, less than the whole answer takes (33 s): without the cancellation the exchange ends at its
        // deadline with "tls.timeout", however late this task runs, and that fails the test.
        let connection = try await TLSClient.connect(host: "127.0.0.1", port: server.port,
                                                     configuration: try Self.configuration(seconds: 30))
        // Once the exchange is under way (the server has the request and is answering): a fixed sleep could
        // end before the task has even sent the request.
        let outcome = await Self.cancel(onceUnderWay: { server.answerBytesSent >= 2 }) { () -> TLSClientError? in
            do throws(TLSClientError) {
                _ = try await HTTPDiagnosticRequest.get(host: "localhost", on: connection)
                return nil
            } catch {
                return error
            }
        }
        #expect(outcome.wasUnderWay, "the server was not answering: \(server.answerBytesSent) bytes sent")
        let failure = outcome.failure, elapsed = outcome.answered
        #expect(failure?.code == "tls.cancelled", "\(String(describing: failure))")
        // The task's answer waits for the cooperative pool too (see above); without cancellation: 30 s.
        #expect(elapsed < 5, "the cancelled exchange answered after \(elapsed) s")
        print("DeadlineTests: cancelled HTTP exchange answered after \(Int(elapsed * 1000)) ms")
    }

    @Test func aTCPConnectThatHangsEndsAtTheDeadline() throws {
        let listener = try FullBacklogListener()
        let configuration = try Self.configuration(seconds: 0.8)
        let start = Date()
        do throws(TLSClientError) {
            _ = try TLSClient.connectBlocking(host: "127.0.0.1", port: listener.port, configuration: configuration)
            Issue.record("connected through a full accept queue")
        } catch {
            #expect(error.code == "tcp.timeout", "\(error)")
        }
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed >= 0.7 && elapsed < 1.4, "the TCP connect took \(elapsed) s against a 0.8 s deadline")
        withExtendedLifetime(listener) {}
    }

    @Test func cancellingTheCallingTaskEndsATCPConnectAtOnce() async throws {
        let listener = try FullBacklogListener()
        let configuration = try Self.configuration(seconds: 10)
        let port = listener.port
        // Nothing shows the SYN waiting: 300 ms after the task is made.
        let settled = Date().addingTimeInterval(0.3)
        let outcome = await Self.cancel(onceUnderWay: { Date() >= settled }) { () -> TLSClientError? in
            do throws(TLSClientError) {
                _ = try await TLSClient.connect(host: "127.0.0.1", port: port, configuration: configuration)
                return nil
            } catch {
                return error
            }
        }
        let failure = outcome.failure, elapsed = outcome.answered
        #expect(failure?.code == "tcp.cancelled", "\(String(describing: failure))")
        // The task's answer waits for the cooperative pool too (see above); without cancellation: 10 s.
        #expect(elapsed < 3, "the cancelled TCP connect answered after \(elapsed) s")
        withExtendedLifetime(listener) {}
    }
}

