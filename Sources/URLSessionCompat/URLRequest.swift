import Foundation

/// Apple's URLRequest: a URL, a method, headers, a body and a timeout. Header names are matched without
/// regard to case, as Apple's are.
public struct URLRequest: Hashable, Sendable, CustomStringConvertible {
    /// Apple's NSURLRequest.CachePolicy. Kept for the caller: this URLSession has no cache, so every policy loads
    /// from the server.
    public enum CachePolicy: UInt, Sendable, Hashable {
        case useProtocolCachePolicy = 0
        case reloadIgnoringLocalCacheData = 1
        case returnCacheDataElseLoad = 2
        case returnCacheDataDontLoad = 3
        case reloadIgnoringLocalAndRemoteCacheData = 4
        case reloadRevalidatingCacheData = 5
        public static var reloadIgnoringCacheData: CachePolicy { .reloadIgnoringLocalCacheData }
    }

    /// Apple's NSURLRequest.NetworkServiceType, kept for the caller.
    public enum NetworkServiceType: UInt, Sendable, Hashable {
        case `default` = 0
        case voip = 1
        case video = 2
        case background = 3
        case voice = 4
        case responsiveData = 6
        case avStreaming = 8
        case responsiveAV = 9
        case callSignaling = 11
    }

    /// The URL to load.
    public var url: URL?
    /// Kept for the caller (no cache here).
    public var cachePolicy: CachePolicy
    /// Seconds without progress after which the task fails with `URLError.timedOut` (-1001).
    public var timeoutInterval: TimeInterval
    /// The HTTP method; "GET" unless set. Setting nil restores "GET".
    public var httpMethod: String? {
        get { method }
        set { method = newValue ?? "GET" }
    }
    /// The request's own header fields (the session adds Host, Content-Length, and its configuration's
    /// `httpAdditionalHeaders` where the request has no value).
    public var allHTTPHeaderFields: [String: String]? {
        get { headers.isEmpty ? nil : Dictionary(headers.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 }) }
        set { headers = (newValue ?? [:]).sorted { $0.key < $1.key }.map { Header(name: $0.key, value: $0.value) } }
    }
    /// The body sent with the request.
    public var httpBody: Data?
    /// Kept for the caller (no cookies here).
    public var httpShouldHandleCookies = true
    /// Kept for the caller (HTTP/1.1, one connection per task, no pipelining).
    public var httpShouldUsePipelining = false
    /// Kept for the caller.
    public var mainDocumentURL: URL?
    /// Kept for the caller.
    public var allowsCellularAccess = true
    /// Kept for the caller.
    public var allowsExpensiveNetworkAccess = true
    /// Kept for the caller.
    public var allowsConstrainedNetworkAccess = true
    /// Kept for the caller.
    public var assumesHTTP3Capable = false
    /// Kept for the caller.
    public var networkServiceType: NetworkServiceType = .default

    private var method = "GET"
    private var headers: [Header] = []

    private struct Header: Hashable, Sendable {
        var name: String
        var value: String
    }

    /// A request for `url`; Apple's defaults.
    public init(url: URL, cachePolicy: CachePolicy = .useProtocolCachePolicy, timeoutInterval: TimeInterval = 60.0) {
        self.url = url
        self.cachePolicy = cachePolicy
        self.timeoutInterval = timeoutInterval
    }

    /// The value of a header field, its name matched without regard to case.
    public func value(forHTTPHeaderField field: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(field) == .orderedSame }?.value
    }

    /// Sets (or, with nil, removes) a header field, replacing any value it had under any case of its name.
    public mutating func setValue(_ value: String?, forHTTPHeaderField field: String) {
        if let index = headers.firstIndex(where: { $0.name.caseInsensitiveCompare(field) == .orderedSame }) {
            if let value { headers[index].value = value } else { headers.remove(at: index) }
        } else if let value {
            headers.append(Header(name: field, value: value))
        }
    }

    /// Appends a value to a header field, comma-separated, as Apple does.
    public mutating func addValue(_ value: String, forHTTPHeaderField field: String) {
        if let existing = self.value(forHTTPHeaderField: field) {
            setValue(existing + "," + value, forHTTPHeaderField: field)
        } else {
            setValue(value, forHTTPHeaderField: field)
        }
    }

    /// The header fields in the order they were set.
    var orderedHeaderFields: [(name: String, value: String)] { headers.map { ($0.name, $0.value) } }

    public var description: String { url?.absoluteString ?? "(no URL)" }
}
