import Foundation

/// The HTTP/1.1 bytes of a request: its own header fields, the configuration's additional ones where the
/// request has none of that name, Host, and defaults for User-Agent, Accept and Content-Length.
enum HTTPRequestWriter {
    static let userAgent = "TrustCheck-URLSessionCompat"

    static func bytes(of request: URLRequest, url: URL, additionalHeaders: [(name: String, value: String)]) -> [UInt8] {
        var fields = request.orderedHeaderFields.filter { !isManaged($0.name) }
        for field in additionalHeaders where request.value(forHTTPHeaderField: field.name) == nil && !isManaged(field.name) {
            fields.append(field)
        }
        func has(_ name: String) -> Bool { fields.contains { $0.name.caseInsensitiveCompare(name) == .orderedSame } }
        if !has("User-Agent") { fields.append(("User-Agent", userAgent)) }
        if !has("Accept") { fields.append(("Accept", "*/*")) }
        let method = request.httpMethod ?? "GET"
        let body = request.httpBody ?? Data()
        if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method.uppercased()) {
            fields.append(("Content-Length", String(body.count)))
        }
        fields.append(("Connection", "close"))
        var head = "\(method) \(target(of: url)) HTTP/1.1\r\nHost: \(hostField(of: url))\r\n"
        for field in fields {
            head += "\(field.name): \(field.value.replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\n", with: ""))\r\n"
        }
        head += "\r\n"
        return Array(head.utf8) + Array(body)
    }

    /// Fields the session writes itself (a request's own values for them are ignored, as Apple's).
    private static func isManaged(_ name: String) -> Bool {
        ["host", "content-length", "connection", "transfer-encoding"].contains(name.lowercased())
    }

    /// The request target: path (at least "/") and query, percent-encoded as the URL holds them.
    static func target(of url: URL) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        var path = components?.percentEncodedPath ?? "/"
        if path.isEmpty { path = "/" }
        if let query = components?.percentEncodedQuery { path += "?" + query }
        return path
    }

    /// Host, bracketed when an IPv6 literal, with the port when it is not 443.
    static func hostField(of url: URL) -> String {
        let host = url.host ?? ""
        let name = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        if let port = url.port, port != 443 { return "\(name):\(port)" }
        return name
    }
}
