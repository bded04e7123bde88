/// A request whose headers have arrived and whose body is still coming in: libmicrohttpd calls the access
/// handler once for the headers, once per body chunk, then once more; this carries the state between calls.
final class PendingRequest {
    var request: HTTPRequest
    let bodyLimit: Int
    /// A response was already queued (for an over-long Content-Length): later calls only drain.
    var responded = false

    init(request: HTTPRequest, bodyLimit: Int) {
        self.request = request
        self.bodyLimit = bodyLimit
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
