import Foundation
import GnuTLSBridge
import TLSClient

/// Reads one HTTP/1.1 response from a TLS connection: the status line and header fields (interim 1xx
/// responses skipped), then the body as framed by Transfer-Encoding: chunked, Content-Length, or the end of
/// the stream. The header is bounded; the body is as long as the server's framing says.
struct HTTPResponseReader {
    /// Header bytes accepted before the response is called malformed (CFNetwork's limit is of this order).
    static let maximumHeaderBytes = 256 * 1024

    struct Head {
        let statusCode: Int
        let fields: [String: String]
        func field(_ name: String) -> String? {
            fields.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    enum Failure: Error {
        /// The stream ended before the response was whole.
        case truncated
        /// The bytes are not an HTTP/1.x response.
        case malformed(String)
        /// The connection failed.
        case connection(TLSClientError)
    }

    private let connection: TLSConnection
    private let timeout: TimeInterval
    private var buffer: [UInt8] = []
    private var ended = false
    /// Called with the count of every body byte read.
    private let onBody: (Int) -> Void

    init(connection: TLSConnection, timeout: TimeInterval, onBody: @escaping (Int) -> Void) {
        self.connection = connection
        self.timeout = timeout
        self.onBody = onBody
    }

    /// The response head, skipping 1xx.
    mutating func readHead() async throws(Failure) -> Head {
        while true {
            let head = try await readOneHead()
            if (100..<200).contains(head.statusCode) && head.statusCode != 101 { continue }
            return head
        }
    }

    /// The body of a response to `method` with `head`.
    mutating func readBody(of head: Head, method: String) async throws(Failure) -> Data {
        if method.uppercased() == "HEAD" || head.statusCode == 204 || head.statusCode == 304 { return Data() }
        if let encoding = head.field("Transfer-Encoding"), encoding.lowercased().contains("chunked") {
            return try await readChunked()
        }
        if let lengthField = head.field("Content-Length") {
            guard let length = Int(lengthField.trimmingCharacters(in: .whitespaces)), length >= 0 else {
                throw .malformed("Content-Length \"\(lengthField)\" is not a length")
            }
            let body = try await take(length)
            onBody(body.count)
            return Data(body)
        }
        while !ended { try await fill() }
        let body = buffer
        buffer.removeAll()
        onBody(body.count)
        return Data(body)
    }

    private mutating func readOneHead() async throws(Failure) -> Head {
        let end: Int
        while true {
            if let found = Self.headerEnd(in: buffer) { end = found; break }
            guard buffer.count <= Self.maximumHeaderBytes else {
                throw .malformed("the header is larger than \(Self.maximumHeaderBytes) bytes")
            }
            if ended { throw .truncated }
            try await fill()
        }
        let text = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeFirst(end + 4)
        var lines = text.components(separatedBy: "\r\n")
        let status = lines.removeFirst().split(separator: " ", maxSplits: 2)
        guard status.count >= 2, status[0].hasPrefix("HTTP/1."), let code = Int(status[1]), (100...999).contains(code) else {
            throw .malformed("the status line is not HTTP/1.x")
        }
        var fields: [String: String] = [:]
        var order: [String] = []
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw .malformed("a header line has no colon") }
            let name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
            let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            if let existing = order.first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
                fields[existing] = fields[existing]! + ", " + value
            } else {
                order.append(name)
                fields[name] = value
            }
        }
        return Head(statusCode: code, fields: fields)
    }

    private mutating func readChunked() async throws(Failure) -> Data {
        var body: [UInt8] = []
        while true {
            let line = try await readLine()
            let sizeText = line.split(separator: ";", maxSplits: 1).first.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
            guard let size = Int(sizeText, radix: 16), size >= 0 else { throw .malformed("a chunk size is not hexadecimal") }
            if size == 0 {
                // Trailer fields, up to the empty line.
                while try await !readLine().isEmpty {}
                return Data(body)
            }
            let chunk = try await take(size)
            onBody(chunk.count)
            body += chunk
            guard try await readLine().isEmpty else { throw .malformed("a chunk is longer than its size") }
        }
    }

    private mutating func readLine() async throws(Failure) -> String {
        while true {
            if let index = Self.lineEnd(in: buffer) {
                let line = String(decoding: buffer[..<index], as: UTF8.self)
                buffer.removeFirst(index + 2)
                return line
            }
            guard buffer.count <= Self.maximumHeaderBytes else { throw .malformed("a chunk line is too long") }
            if ended { throw .truncated }
            try await fill()
        }
    }

    private mutating func take(_ count: Int) async throws(Failure) -> [UInt8] {
        while buffer.count < count {
            if ended { throw .truncated }
            try await fill()
        }
        let taken = Array(buffer[..<count])
        buffer.removeFirst(count)
        return taken
    }

    private mutating func fill() async throws(Failure) {
        do {
            let bytes = try await connection.read(timeout: timeout)
            if bytes.isEmpty { ended = true } else { buffer += bytes }
        } catch {
            // A server closing without close_notify ends an until-close body, as browsers and CFNetwork treat it.
            if case .io(let failure) = error, !failure.isTimeout, !failure.cancelled,
               failure.gnutls.name == "GNUTLS_E_PREMATURE_TERMINATION" {
                ended = true
                return
            }
            throw .connection(error)
        }
    }

    private static func headerEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    private static func lineEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 2 else { return nil }
        for index in 0...(bytes.count - 2) where bytes[index] == 13 && bytes[index + 1] == 10 { return index }
        return nil
    }
}
