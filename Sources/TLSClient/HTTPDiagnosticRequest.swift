import FoundationEssentials
import GnuTLSBridge
import TrustCertificates

/// A minimal HTTP/1.1 GET over a `TLSConnection`, for diagnostics only (no redirects, no chunked
/// decoding, `Connection: close`): it sends the request and reads until the server closes, at most
/// `limit` bytes, all within one deadline.
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

    private static func exchange(_ path: String, host: String, on connection: TLSConnection, limit: Int, deadline: Deadline,
                                 cancellation: CancellationSignal) throws(TLSClientError) -> Response
    {
        let request = "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nUser-Agent: trustcheck\r\nAccept: */*\r\nConnection: close\r\n\r\n"
        try connection.write(Array(request.utf8), deadline: deadline, cancellation: cancellation)
        var bytes: [UInt8] = []
        while true {
            let chunk = try connection.read(maximum: 16384, deadline: deadline, cancellation: cancellation)
            if chunk.isEmpty { break }
            bytes += chunk
            guard bytes.count <= limit else { throw .malformedHTTPResponse("longer than \(limit) bytes") }
        }
        return try parse(bytes)
    }

    static func parse(_ bytes: [UInt8]) throws(TLSClientError) -> Response {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else {
            throw .malformedHTTPResponse("no end of headers in \(bytes.count) bytes")
        }
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
        return Response(statusCode: code, statusLine: status, headers: headers, body: Array(bytes[(end + 4)...]))
    }
}
