import Foundation

/// A request whose headers have arrived and whose body is still coming in: libmicrohttpd calls the access
/// handler once for the headers, once per body chunk, then once more; this carries the state between calls.
final class PendingRequest {
    var request: HTTPRequest
    let bodyLimit: Int
    /// A response was already queued (for an over-long Content-Length), or is being made on an offload
    /// thread: later calls only drain, or send it.
    var responded = false
    /// The answer made on an offload thread, set before the connection is resumed; `answerLock` guards it.
    private var answer: HTTPResponse?
    /// Set once the connection was resumed (by the offload thread, or by a shutdown that gave up on it).
    private var resumed = false
    private let answerLock = NSLock()

    init(request: HTTPRequest, bodyLimit: Int) {
        self.request = request
        self.bodyLimit = bodyLimit
    }

    /// Sets the answer of an offloaded request, unless it was already resumed; returns whether the caller is
    /// the one to resume the connection.
    func finish(with response: HTTPResponse) -> Bool {
        answerLock.withLock {
            guard !resumed else { return false }
            answer = response
            resumed = true
            return true
        }
    }

    /// The offloaded request's answer, once, when it is ready.
    func takeAnswer() -> HTTPResponse? {
        answerLock.withLock {
            defer { answer = nil }
            return answer
        }
    }

    /// Keeps `chunk` unless the body would pass the limit; then drops the body and remembers why.
    func append(_ chunk: UnsafeRawBufferPointer) {
        guard !request.bodyExceededLimit else { return }
        if request.body.count + chunk.count > bodyLimit {
            request.bodyExceededLimit = true
            request.body = []
        } else {
            request.body.append(contentsOf: chunk)
        }
    }
}
