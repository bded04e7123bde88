/// What a handler answers: status, headers and body.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code (200, 201, 400, …).
    public var status: Int
    /// Extra headers, in order (Content-Length is added by the library).
    public var headers: [HTTPHeader]
    /// The body bytes.
    public var body: [UInt8]

    public init(status: Int, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response with `Content-Type: contentType` and `body`.
    public init(status: Int, contentType: String, body: [UInt8]) {
        self.init(status: status, headers: [HTTPHeader(name: "Content-Type", value: contentType)], body: body)
    }
}

/// One response header.
public struct HTTPHeader: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
