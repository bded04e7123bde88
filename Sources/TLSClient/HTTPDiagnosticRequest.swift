import FoundationEssentials
import GnuTLSBridge
import TrustCertificates

/// A minimal HTTP/1.1 GET over a `TLSConnection`, for diagnostics only (no redirects, no chunked
/// decoding, `Connection: close`): it sends the request and reads until the answer is whole (its
/// Content-Length) or the server closes, at most `limit` bytes, all within one deadline. A server that
/// closes before its answer is whole has not answered: that is "http.truncated", never a response.
public enum HTTPDiagnosticRequest {
    /// The status line, the headers as sent and the raw body.
    public struct Response: Sendable, Equatable {
        public let statusCode: Int
        public let statusLine: String
        public let headers: [(name: String, value: String)]
        public let body: [UInt8]

        public static func == (a: Response, b: Response) -> Bool {
            a.statusLine == b.statusLine && a.body == b.body && a.headers.map(\.name) == b.headers.map(\.name)
                && a.headers.map(\.value) == b.headers.map(\.value)
        }
    }

    /// GETs `path` from `host` on `connection`. The whole exchange (the request and every read of the
    /// answer) ends within `timeout` seconds (nil: the connection's `operationTimeout`), however the
    /// server paces its answer, and at once when the calling task is cancelled ("tls.timeout",
    /// "tls.cancelled").
    public static func get(_ path: String = "/", host: String, on connection: TLSConnection, limit: Int = 1 << 20,
                           timeout: TimeInterval? = nil) async throws(TLSClientError) -> Response
    {
        let deadline = Deadline(after: timeout ?? connection.operationTimeout)
        let result = await BlockingCall.cancellable { cancellation -> Result<Response, TLSClientError> in
            do throws(TLSClientError) {
                return .success(try exchange(path, host: host, on: connection, limit: limit, deadline: deadline,
                                             cancellation: cancellation))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// `get` on the calling thread, for callers on threads of their own (as `TLSClient.connectBlocking`):
    /// nothing waits for a Swift concurrency thread between the exchange and its answer.
    public static func getBlocking(_ path: String = "/", host: String, on connection: TLSConnection, limit: Int = 1 << 20,
                                   timeout: TimeInterval? = nil) throws(TLSClientError) -> Response
    {
        try exchange(path, host: host, on: connection, limit: limit,
                     deadline: Deadline(after: timeout ?? connection.operationTimeout), cancellation: nil)
    }

    private static func exchange(_ path: String, host: String, on connection: TLSConnection, limit: Int, deadline: Deadline,
                                 cancellation: CancellationSignal?) throws(TLSClientError) -> Response
    {
        let request = "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nUser-Agent: trustcheck\r\nAccept: */*\r\nConnection: close\r\n\r\n"
        try connection.write(Array(request.utf8), deadline: deadline, cancellation: cancellation)
        var bytes: [UInt8] = []
        while true {
            let chunk = try connection.read(maximum: 16384, deadline: deadline, cancellation: cancellation)
            if chunk.isEmpty { break }
            bytes += chunk
            guard bytes.count <= limit else { throw .malformedHTTPResponse("longer than \(limit) bytes") }
            // Whole by its Content-Length: done, without waiting for a close the server may be slow to send.
            if let expected = try expectedLength(bytes), bytes.count >= expected { break }
        }
        return try parse(bytes)
    }

    /// The whole answer's length in bytes (headers and body), once the headers are in and declare a
    /// Content-Length (or a status that has no body); nil until then, or when only the close ends it.
    private static func expectedLength(_ bytes: [UInt8]) throws(TLSClientError) -> Int? {
        guard let end = headerEnd(bytes) else { return nil }
        let response = try parse(bytes, end: end, complete: false)
        return try bodyLength(response).map { end + 4 + $0 }
    }

    /// The body length the answer declares: 0 for a status without a body, the Content-Length otherwise,
    /// nil when there is none (the body then ends at the close).
    private static func bodyLength(_ response: Response) throws(TLSClientError) -> Int? {
        if (100..<200).contains(response.statusCode) || response.statusCode == 204 || response.statusCode == 304 { return 0 }
        let values = response.headers.filter { $0.name.lowercased() == "content-length" }.map(\.value)
        guard let value = values.first else { return nil }
        guard let length = Int(value), length >= 0, values.allSatisfy({ $0 == value }) else {
            throw .malformedHTTPResponse("bad Content-Length \"\(values.joined(separator: ", ").prefix(80))\"")
        }
        return length
    }

    private static func headerEnd(_ bytes: [UInt8]) -> Int? {
        let separator: [UInt8] = [13, 10, 13, 10]
        return (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator })
    }

    /// The answer in `bytes`, everything the server sent before it closed (or its declared length).
    static func parse(_ bytes: [UInt8]) throws(TLSClientError) -> Response {
        guard let end = headerEnd(bytes) else {
            throw .truncatedHTTPResponse(bytes.isEmpty ? "the server closed the connection without answering"
                : "the server closed the connection after \(bytes.count) bytes, before the end of the headers")
        }
        return try parse(bytes, end: end, complete: true)
    }

    /// The answer whose headers end at `end`; when `complete` (the server has closed or the length is
    /// reached), a body shorter than its Content-Length is an error and a longer one is cut to it.
    private static func parse(_ bytes: [UInt8], end: Int, complete: Bool) throws(TLSClientError) -> Response {
        let head = String(decoding: bytes[..<end], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let status = lines[0]
        let parts = status.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let code = Int(parts[1]) else {
            throw .malformedHTTPResponse("bad status line \"\(status.prefix(80))\"")
        }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(after: colon)...].trimmingWhitespace(newlines: false)))
        }
        let response = Response(statusCode: code, statusLine: status, headers: headers, body: Array(bytes[(end + 4)...]))
        guard complete, let declared = try bodyLength(response) else { return response }
        guard response.body.count >= declared else {
            throw .truncatedHTTPResponse("the server closed the connection after \(response.body.count) of the \(declared) body bytes its headers declare")
        }
        return Response(statusCode: code, statusLine: status, headers: headers, body: Array(response.body.prefix(declared)))
    }
}
