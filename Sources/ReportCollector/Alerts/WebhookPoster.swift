import Dispatch
import Foundation
import FoundationNetworking
import Synchronization

/// POSTs alert JSON to a webhook, one request per call, waiting for the answer on the calling alert worker
/// for at most the action timeout. One URLSession for every request, whose completion handlers run on a
/// serial queue of its own: a worker waiting here never waits for a thread of Dispatch's global pool or of
/// Swift's cooperative pool, which a burst of blocked waiters could otherwise exhaust (every waiter then
/// waiting for a completion that has no thread to run on). ``cancelAll()`` ends every request at once.
final class WebhookPoster: Sendable {
    /// How long a cancelled request's completion is awaited before the worker moves on regardless.
    static let cancellationWait: TimeInterval = 1
    /// How often a waiting worker checks for the collector's stop.
    static let pollInterval: TimeInterval = 0.05

    let timeout: TimeInterval
    private let session: URLSession
    /// Where the completion handlers run; kept here, since the operation queue holds it unowned.
    private let callbackQueue = DispatchQueue(label: "trustcheck.alert-webhook")
    /// Set by ``cancelAll()``; tasks are created under it, since an invalidated session takes none.
    private let invalidated = Mutex(false)

    init(timeout: TimeInterval) {
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        // Both bounds: no byte for `timeout` seconds, or the whole exchange longer than it.
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.urlCache = nil
        configuration.httpCookieAcceptPolicy = .never
        let callbacks = OperationQueue()
        callbacks.name = "trustcheck.alert-webhook"
        callbacks.maxConcurrentOperationCount = 1
        callbacks.underlyingQueue = callbackQueue
        session = URLSession(configuration: configuration, delegate: nil, delegateQueue: callbacks)
    }

    /// nil on a 2xx answer, else what went wrong. Returns within the timeout (plus ``cancellationWait``),
    /// and at once after `shouldStop` turns true.
    func post(_ body: Data, to url: URL, shouldStop: () -> Bool) -> String? {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        let started: URLSessionDataTask? = invalidated.withLock { invalidated in
            guard !invalidated else { return nil }
            let task = session.dataTask(with: request) { _, response, error in
                if let error {
                    outcome.set(error.localizedDescription)
                } else if let status = (response as? HTTPURLResponse)?.statusCode, !(200..<300).contains(status) {
                    outcome.set("HTTP \(status)")
                }
                done.signal()
            }
            task.resume()
            return task
        }
        guard let task = started else { return Self.stopping }
        let deadline = Date().addingTimeInterval(timeout)
        while done.wait(timeout: .now() + Self.pollInterval) == .timedOut {
            let reason: String
            if shouldStop() {
                reason = Self.stopping
            } else if Date() >= deadline {
                reason = "no answer within \(Int(timeout)) s"
            } else {
                continue
            }
            task.cancel()
            _ = done.wait(timeout: .now() + Self.cancellationWait)
            return reason
        }
        return outcome.value
    }

    /// Cancels every request under way (their `post` calls return) and refuses new ones.
    func cancelAll() {
        invalidated.withLock { invalidated in
            guard !invalidated else { return }
            invalidated = true
            session.invalidateAndCancel()
        }
    }

    private static let stopping = "cancelled: the collector is stopping"

    /// The completion handler's verdict, read after `done` is signalled.
    private final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var text: String?
        func set(_ value: String) { lock.withLock { text = value } }
        var value: String? { lock.withLock { text } }
    }
}
