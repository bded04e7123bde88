import Foundation

/// Apple's HTTPURLResponse: the status and header fields of an HTTP response.
open class HTTPURLResponse: URLResponse, @unchecked Sendable {
    /// The HTTP status code.
    open private(set) var statusCode: Int
    /// The header fields as received (a repeated field's values joined with ", ").
    open private(set) var allHeaderFields: [AnyHashable: Any]
    private let fields: [String: String]

    /// Apple's initialiser; nil for a status code outside 0...999.
    public init?(url: URL, statusCode: Int, httpVersion HTTPVersion: String?, headerFields: [String: String]?) {
        guard (0...999).contains(statusCode) else { return nil }
        self.statusCode = statusCode
        fields = headerFields ?? [:]
        allHeaderFields = fields
        let contentType = Self.field("Content-Type", in: fields).map(ContentType.init(parsing:))
        let length = Self.field("Content-Length", in: fields).flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? -1
        super.init(url: url, mimeType: contentType?.mimeType, expectedContentLength: length,
                   textEncodingName: contentType?.charset)
    }

    /// A header field's value, its name matched without regard to case.
    open func value(forHTTPHeaderField field: String) -> String? { Self.field(field, in: fields) }

    /// Apple's localized reason phrase for a status code, in English.
    open class func localizedString(forStatusCode statusCode: Int) -> String {
        HTTPStatusPhrase.phrase(for: statusCode)
    }

    private static func field(_ name: String, in fields: [String: String]) -> String? {
        fields.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// A Content-Type's MIME type and charset.
struct ContentType {
    let mimeType: String?
    let charset: String?

    init(parsing value: String) {
        let parts = value.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        mimeType = parts.first.map { $0.lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
        charset = parts.dropFirst().lazy.compactMap { part -> String? in
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "charset" else { return nil }
            return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
        }.first
    }
}
