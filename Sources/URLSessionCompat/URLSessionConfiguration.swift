import Foundation

/// Apple's URLSessionConfiguration: a session's timeouts and additional headers. A session keeps a copy of
/// the configuration it was made with, as Apple's does, so later changes to this object do not reach it.
open class URLSessionConfiguration: NSObject, NSCopying, @unchecked Sendable {
    /// A new default configuration (each read is a fresh object, as Apple's).
    open class var `default`: URLSessionConfiguration { URLSessionConfiguration() }
    /// A new ephemeral configuration: the same here, since nothing is stored on disk by any session.
    open class var ephemeral: URLSessionConfiguration { URLSessionConfiguration() }
    /// A background configuration; tasks run in the process like any other here.
    open class func background(withIdentifier identifier: String) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration()
        configuration.identifier = identifier
        return configuration
    }

    /// The background identifier, if any.
    open private(set) var identifier: String?
    /// Seconds a task may wait for the next bytes (connection, handshake, each read) before it fails with
    /// `URLError.timedOut` (-1001); a request's own `timeoutInterval` is used when it is shorter. Apple's default 60.
    open var timeoutIntervalForRequest: TimeInterval = 60
    /// Seconds a whole task (every redirect included) may take. Apple's default: 7 days.
    open var timeoutIntervalForResource: TimeInterval = 604_800
    /// Headers added to every request that does not set them itself.
    open var httpAdditionalHeaders: [AnyHashable: Any]?
    /// Kept for the caller: one connection per task here.
    open var httpMaximumConnectionsPerHost = 6
    /// Kept for the caller: there is no cache.
    open var requestCachePolicy: URLRequest.CachePolicy = .useProtocolCachePolicy
    /// Kept for the caller: there is no cache (assigning nil, as apps do to disable caching, is what happens anyway).
    open var urlCache: AnyObject?
    /// Kept for the caller: there are no cookies.
    open var httpCookieStorage: AnyObject?
    /// Kept for the caller: there are no stored credentials.
    open var urlCredentialStorage: AnyObject?
    /// Kept for the caller.
    open var httpShouldSetCookies = true
    /// Kept for the caller.
    open var httpShouldUsePipelining = false
    /// Kept for the caller.
    open var allowsCellularAccess = true
    /// Kept for the caller.
    open var allowsExpensiveNetworkAccess = true
    /// Kept for the caller.
    open var allowsConstrainedNetworkAccess = true
    /// Kept for the caller: a task fails at once when the host cannot be reached.
    open var waitsForConnectivity = false
    /// Kept for the caller.
    open var isDiscretionary = false
    /// Kept for the caller.
    open var sessionSendsLaunchEvents = false
    /// Kept for the caller.
    open var networkServiceType: URLRequest.NetworkServiceType = .default
    /// Kept for the caller.
    open var sharedContainerIdentifier: String?

    public override init() { super.init() }

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = URLSessionConfiguration()
        copy.identifier = identifier
        copy.timeoutIntervalForRequest = timeoutIntervalForRequest
        copy.timeoutIntervalForResource = timeoutIntervalForResource
        copy.httpAdditionalHeaders = httpAdditionalHeaders
        copy.httpMaximumConnectionsPerHost = httpMaximumConnectionsPerHost
        copy.requestCachePolicy = requestCachePolicy
        copy.urlCache = urlCache
        copy.httpCookieStorage = httpCookieStorage
        copy.urlCredentialStorage = urlCredentialStorage
        copy.httpShouldSetCookies = httpShouldSetCookies
        copy.httpShouldUsePipelining = httpShouldUsePipelining
        copy.allowsCellularAccess = allowsCellularAccess
        copy.allowsExpensiveNetworkAccess = allowsExpensiveNetworkAccess
        copy.allowsConstrainedNetworkAccess = allowsConstrainedNetworkAccess
        copy.waitsForConnectivity = waitsForConnectivity
        copy.isDiscretionary = isDiscretionary
        copy.sessionSendsLaunchEvents = sessionSendsLaunchEvents
        copy.networkServiceType = networkServiceType
        copy.sharedContainerIdentifier = sharedContainerIdentifier
        return copy
    }

    /// The additional headers as strings, for the request writer.
    var additionalHeaderFields: [(name: String, value: String)] {
        (httpAdditionalHeaders ?? [:]).compactMap { key, value in
            guard let name = key.base as? String else { return nil }
            return (name, "\(value)")
        }.sorted { $0.name < $1.name }
    }
}
