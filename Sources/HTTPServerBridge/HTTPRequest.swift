/// One HTTP request as libmicrohttpd parsed it, copied out of the library's buffers.
public struct HTTPRequest: Sendable {
    /// `GET`, `POST`, …
    public var method: String
    /// The path, percent-decoded, without the query string (`/api/timeline`).
    public var path: String
    /// Query arguments, percent-decoded; a repeated name keeps every value in order.
    public var query: [(name: String, value: String)]
    /// Request headers with lower-cased names; a repeated field's values joined by ", " in order.
    public var headers: [String: String]
    /// The body; empty when `bodyExceededLimit`.
    public var body: [UInt8]
    /// The body was (or, by its Content-Length, would have been) longer than the server's limit, so it was
    /// not kept.
    public var bodyExceededLimit: Bool
    /// The peer's numeric address (`127.0.0.1`, `::1`).
    public var clientAddress: String

    public init(method: String, path: String, query: [(name: String, value: String)] = [], headers: [String: String] = [:],
                body: [UInt8] = [], bodyExceededLimit: Bool = false, clientAddress: String = "127.0.0.1")
    {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.bodyExceededLimit = bodyExceededLimit
        self.clientAddress = clientAddress
    }

    /// The first value of query argument `name`.
    public func queryValue(_ name: String) -> String? { query.first { $0.name == name }?.value }

    /// Every value of query argument `name`.
    public func queryValues(_ name: String) -> [String] { query.filter { $0.name == name }.map(\.value) }

    /// The header `name` (any case).
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}
