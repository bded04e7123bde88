import Dispatch
import Foundation
import URLSessionCompat

/// Alamofire's `Session`: creates and manages `DataRequest`s over a `URLSession` (URLSessionCompat's) whose
/// delegate is a `SessionDelegate`, which hands every server-trust challenge to the `serverTrustManager`.
///
/// The subset of Alamofire's `Session` this module has: data requests (`request(_:method:parameters:encoding:headers:
/// interceptor:shouldAutomaticallyResume:requestModifier:)`, the `Encodable`-parameters form, and
/// `request(_:interceptor:shouldAutomaticallyResume:)`), interceptors (adapt and retry), redirect handlers and
/// server trust. No uploads, downloads, streams, event monitors or cached-response handlers.
open class Session: @unchecked Sendable {
    /// The shared `Session`, which `AF` refers to.
    public static let `default` = Session()

    /// When a request's `URLRequest` is made. Kept for the caller: here it is always made when the request
    /// resumes (`.lazy`).
    public enum RequestSetup: Sendable {
        /// Made when the request resumes.
        case lazy
        /// Made as soon as the request is created (Alamofire); here, like `.lazy`.
        case eager
    }

    /// The `URLSession` (URLSessionCompat's) the requests run on.
    public let session: URLSession
    /// The session's delegate, which routes `URLSession` events to the requests.
    public let delegate: SessionDelegate
    /// The serial queue the requests' work runs on.
    public let rootQueue: DispatchQueue
    /// Whether adding a response handler resumes a request. `true` by default.
    public let startRequestsImmediately: Bool
    /// Kept for the caller (see `RequestSetup`).
    public let requestSetup: RequestSetup
    /// Kept for the caller: `URLRequest`s are made on `rootQueue` here (Alamofire makes them on this queue).
    public let requestQueue: DispatchQueue
    /// The queue response serializers run on (targets `rootQueue` unless given).
    public let serializationQueue: DispatchQueue
    /// The interceptor of every request, combined with a request's own.
    public let interceptor: (any RequestInterceptor)?
    /// Decides the server trust of every request: nil means the default handling (the system's evaluation).
    public let serverTrustManager: ServerTrustManager?
    /// Decides the redirects of every request, unless a request has its own.
    public let redirectHandler: (any RedirectHandler)?

    struct MutableState {
        var activeRequests: Set<Request> = []
        var requestsByTask: [ObjectIdentifier: Request] = [:]
    }

    let mutableState = Protected(MutableState())

    /// A `Session` over an existing `URLSession`, whose delegate must be `delegate` and whose delegate queue's
    /// work should run on `rootQueue`.
    public init(session: URLSession,
                delegate: SessionDelegate,
                rootQueue: DispatchQueue,
                startRequestsImmediately: Bool = true,
                requestSetup: RequestSetup = .lazy,
                requestQueue: DispatchQueue? = nil,
                serializationQueue: DispatchQueue? = nil,
                interceptor: (any RequestInterceptor)? = nil,
                serverTrustManager: ServerTrustManager? = nil,
                redirectHandler: (any RedirectHandler)? = nil)
    {
        precondition(session.configuration.identifier == nil,
                     "Alamofire does not support background URLSessionConfigurations.")
        self.session = session
        self.delegate = delegate
        self.rootQueue = rootQueue
        self.startRequestsImmediately = startRequestsImmediately
        self.requestSetup = requestSetup
        self.requestQueue = requestQueue ?? DispatchQueue(label: "\(rootQueue.label).requestQueue", target: rootQueue)
        self.serializationQueue = serializationQueue ?? DispatchQueue(label: "\(rootQueue.label).serializationQueue", target: rootQueue)
        self.interceptor = interceptor
        self.serverTrustManager = serverTrustManager
        self.redirectHandler = redirectHandler
        delegate.stateProvider = self
    }

    /// A `Session` with a new `URLSession` for `configuration`, as Alamofire's designated convenience initializer
    /// (without its `cachedResponseHandler` and `eventMonitors` parameters).
    ///
    /// - Parameters:
    ///   - configuration:            `URLSessionConfiguration.af.default` (Alamofire's default headers) by default.
    ///   - delegate:                 The `SessionDelegate`; a new one by default.
    ///   - rootQueue:                The serial queue of the session's work.
    ///   - startRequestsImmediately: Whether adding a response handler resumes a request. `true` by default.
    ///   - requestSetup:             Kept for the caller.
    ///   - requestQueue:             Kept for the caller (requests are made on `rootQueue`).
    ///   - serializationQueue:       The queue response serializers run on.
    ///   - interceptor:              The interceptor of every request.
    ///   - serverTrustManager:       Decides the server trust of every request; nil: the system's evaluation.
    ///   - redirectHandler:          Decides every redirect; nil: redirects are followed.
    public convenience init(configuration: URLSessionConfiguration = URLSessionConfiguration.af.default,
                            delegate: SessionDelegate = SessionDelegate(),
                            rootQueue: DispatchQueue = DispatchQueue(label: "org.alamofire.session.rootQueue"),
                            startRequestsImmediately: Bool = true,
                            requestSetup: RequestSetup = .lazy,
                            requestQueue: DispatchQueue? = nil,
                            serializationQueue: DispatchQueue? = nil,
                            interceptor: (any RequestInterceptor)? = nil,
                            serverTrustManager: ServerTrustManager? = nil,
                            redirectHandler: (any RedirectHandler)? = nil)
    {
        precondition(configuration.identifier == nil, "Alamofire does not support background URLSessionConfigurations.")
        let serialRootQueue = (rootQueue === DispatchQueue.main) ? rootQueue : DispatchQueue(label: rootQueue.label, target: rootQueue)
        let delegateQueue = OperationQueue()
        delegateQueue.maxConcurrentOperationCount = 1
        delegateQueue.name = "\(serialRootQueue.label).sessionDelegate"
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: delegateQueue)
        self.init(session: session, delegate: delegate, rootQueue: serialRootQueue,
                  startRequestsImmediately: startRequestsImmediately, requestSetup: requestSetup, requestQueue: requestQueue,
                  serializationQueue: serializationQueue, interceptor: interceptor, serverTrustManager: serverTrustManager,
                  redirectHandler: redirectHandler)
    }

    deinit {
        let requests = mutableState.read(\.activeRequests)
        for request in requests where !request.isFinished {
            request.finish(error: .sessionDeinitialized)
        }
        session.invalidateAndCancel()
    }

    // MARK: All requests

    /// Calls `action` on `rootQueue` with the requests that have not finished.
    @preconcurrency
    public func withAllRequests(perform action: @escaping @Sendable (Set<Request>) -> Void) {
        rootQueue.async { action(self.mutableState.read(\.activeRequests)) }
    }

    /// Cancels every request that has not finished, then calls `completion` on `queue`.
    @preconcurrency
    public func cancelAllRequests(completingOnQueue queue: DispatchQueue = .main, completion: (@Sendable () -> Void)? = nil) {
        withAllRequests { requests in
            requests.forEach { $0.cancel() }
            queue.async { completion?() }
        }
    }

    // MARK: DataRequest

    /// A closure that changes the `URLRequest` after it is made from the URL, method and headers, before the
    /// parameters are encoded.
    public typealias RequestModifier = @Sendable (inout URLRequest) throws -> Void

    struct RequestConvertible: URLRequestConvertible {
        let url: any URLConvertible
        let method: HTTPMethod
        let parameters: Parameters?
        let encoding: any ParameterEncoding
        let headers: HTTPHeaders?
        let requestModifier: RequestModifier?

        func asURLRequest() throws -> URLRequest {
            var request = try URLRequest(url: url, method: method, headers: headers)
            try requestModifier?(&request)
            return try encoding.encode(request, with: parameters)
        }
    }

    /// A `DataRequest` for `convertible` with `method`, `parameters` encoded by `encoding`, and `headers`.
    open func request(_ convertible: any URLConvertible,
                      method: HTTPMethod = .get,
                      parameters: Parameters? = nil,
                      encoding: any ParameterEncoding = URLEncoding.default,
                      headers: HTTPHeaders? = nil,
                      interceptor: (any RequestInterceptor)? = nil,
                      shouldAutomaticallyResume: Bool? = nil,
                      requestModifier: RequestModifier? = nil) -> DataRequest
    {
        let convertible = RequestConvertible(url: convertible, method: method, parameters: parameters, encoding: encoding,
                                             headers: headers, requestModifier: requestModifier)
        return request(convertible, interceptor: interceptor, shouldAutomaticallyResume: shouldAutomaticallyResume)
    }

    struct RequestEncodableConvertible<Parameters: Encodable & Sendable>: URLRequestConvertible {
        let url: any URLConvertible
        let method: HTTPMethod
        let parameters: Parameters?
        let encoder: any ParameterEncoder
        let headers: HTTPHeaders?
        let requestModifier: RequestModifier?

        func asURLRequest() throws -> URLRequest {
            var request = try URLRequest(url: url, method: method, headers: headers)
            try requestModifier?(&request)
            return try parameters.map { try encoder.encode($0, into: request) } ?? request
        }
    }

    /// A `DataRequest` for `convertible` with `Encodable` `parameters` encoded by `encoder`.
    open func request<Parameters: Encodable & Sendable>(_ convertible: any URLConvertible,
                                                        method: HTTPMethod = .get,
                                                        parameters: Parameters? = nil,
                                                        encoder: any ParameterEncoder = URLEncodedFormParameterEncoder.default,
                                                        headers: HTTPHeaders? = nil,
                                                        interceptor: (any RequestInterceptor)? = nil,
                                                        shouldAutomaticallyResume: Bool? = nil,
                                                        requestModifier: RequestModifier? = nil) -> DataRequest
    {
        let convertible = RequestEncodableConvertible(url: convertible, method: method, parameters: parameters, encoder: encoder,
                                                      headers: headers, requestModifier: requestModifier)
        return request(convertible, interceptor: interceptor, shouldAutomaticallyResume: shouldAutomaticallyResume)
    }

    /// A `DataRequest` for the `URLRequest` `convertible` makes.
    open func request(_ convertible: any URLRequestConvertible,
                      interceptor: (any RequestInterceptor)? = nil,
                      shouldAutomaticallyResume: Bool? = nil) -> DataRequest
    {
        let request = DataRequest(convertible: convertible, underlyingQueue: rootQueue, serializationQueue: serializationQueue,
                                  interceptor: interceptor, shouldAutomaticallyResume: shouldAutomaticallyResume, session: self)
        mutableState.write { _ = $0.activeRequests.insert(request) }
        return request
    }

    // MARK: Internals

    func register(_ task: URLSessionTask, for request: Request) {
        mutableState.write { $0.requestsByTask[ObjectIdentifier(task)] = request }
    }

    func request(for task: URLSessionTask) -> Request? {
        mutableState.read { $0.requestsByTask[ObjectIdentifier(task)] }
    }

    func cleanup(after request: Request) {
        mutableState.write { state in
            state.activeRequests.remove(request)
            for task in request.tasks { state.requestsByTask[ObjectIdentifier(task)] = nil }
        }
    }

    /// The request's interceptor and the session's, the request's adapting first.
    func adapter(for request: Request) -> (any RequestAdapter)? {
        switch (request.interceptor, interceptor) {
        case let (requestInterceptor?, sessionInterceptor?):
            Interceptor(adapters: [requestInterceptor, sessionInterceptor])
        case let (requestInterceptor?, nil): requestInterceptor
        case let (nil, sessionInterceptor?): sessionInterceptor
        case (nil, nil): nil
        }
    }

    /// The request's interceptor and the session's, the request's asked first.
    func retrier(for request: Request) -> (any RequestRetrier)? {
        switch (request.interceptor, interceptor) {
        case let (requestInterceptor?, sessionInterceptor?):
            Interceptor(retriers: [requestInterceptor, sessionInterceptor])
        case let (requestInterceptor?, nil): requestInterceptor
        case let (nil, sessionInterceptor?): sessionInterceptor
        case (nil, nil): nil
        }
    }
}
