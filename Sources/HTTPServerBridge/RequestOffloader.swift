import CMicroHTTPD
import Foundation

/// The threads that answer the requests an `HTTPServer` offloads (`HTTPServerConfiguration.offloadThreads`),
/// with their bounded queue: the connection of each is suspended until its answer is ready, so libmicrohttpd's
/// own threads go on serving every other connection meanwhile.
///
/// `@unchecked Sendable`: `waiting`, `suspended` and `stopped` are only touched with `condition` held; a
/// connection pointer is only used to resume it, once (`PendingRequest.finish(with:)` decides who).
final class RequestOffloader: @unchecked Sendable {
    private struct Job {
        let pending: PendingRequest
        let connection: OpaquePointer
    }

    private let condition = NSCondition()
    private var waiting: [Job] = []
    /// Every job whose connection is suspended: waiting or being answered.
    private var suspended: [ObjectIdentifier: Job] = [:]
    private var stopped = false
    private let queueLimit: Int
    private let handler: HTTPServer.Handler

    init(threads: Int, queueLimit: Int, handler: @escaping HTTPServer.Handler) {
        self.queueLimit = queueLimit
        self.handler = handler
        for _ in 0..<max(1, threads) { Thread { [self] in work() }.start() }
    }

    /// Queues the request of `connection`, which the caller has just suspended. When the queue is full or
    /// stopping, answers `refusal` instead and resumes the connection at once.
    func submit(_ pending: PendingRequest, connection: OpaquePointer, refusal: HTTPResponse) {
        let job = Job(pending: pending, connection: connection)
        let accepted = condition.withLock { () -> Bool in
            guard !stopped, waiting.count < queueLimit else { return false }
            waiting.append(job)
            suspended[ObjectIdentifier(pending)] = job
            condition.signal()
            return true
        }
        if !accepted { resume(job, with: refusal) }
    }

    /// Answers every request still suspended with `response` and resumes its connection (libmicrohttpd must
    /// not be stopped with a connection suspended); the threads end once their current request is answered.
    func stop(answering response: HTTPResponse) {
        condition.withLock {
            stopped = true
            waiting = []
            condition.broadcast()
            for job in suspended.values { resume(job, with: response) }
            suspended = [:]
        }
    }

    private func work() {
        while true {
            condition.lock()
            while waiting.isEmpty && !stopped { condition.wait() }
            guard !waiting.isEmpty else {
                condition.unlock()
                return
            }
            let job = waiting.removeFirst()
            condition.unlock()
            let response = handler(job.pending.request)
            // Resumed while still listed, under the lock `stop` takes: once `stop` returns (and the daemon
            // stops), no thread of ours touches a connection again.
            condition.withLock {
                resume(job, with: response)
                _ = suspended.removeValue(forKey: ObjectIdentifier(job.pending))
            }
        }
    }

    private func resume(_ job: Job, with response: HTTPResponse) {
        if job.pending.finish(with: response) { MHD_resume_connection(job.connection) }
    }
}
