import FoundationEssentials
import TrustCertificates

/// A minimal HTTP/1.1 GET over a `TLSConnection`, for diagnostics only (no redirects, no chunked
/// decoding, `Connection: close`): it sends the request and reads until the server closes, at most
/// `limit` bytes.
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

    /// GETs `path` from `host` on `connection`.
    public static func get(_ path: String = "/", host: String, on connection: TLSConnection, limit: Int = 1 << 20)
        async throws(TLSClientError) -> Response
    {
        let request = "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nUser-Agent: trustcheck\r\nAccept: */*\r\nConnection: close\r\n\r\n"
        try await connection.write(Array(request.utf8))
        var bytes: [UInt8] = []
        while true {
            let chunk = try await connection.read()
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
