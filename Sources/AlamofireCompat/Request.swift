import Dispatch
import Foundation
import URLSessionCompat

/// Apple's URLSessionTaskMetrics, reduced to what a `DataResponse` reports here: when the request's tasks ran and
/// how many redirects they followed. There are no per-transaction metrics.
public final class URLSessionTaskMetrics: Sendable {
    /// From the first task's start to the last task's completion.
    public let taskInterval: DateInterval
    /// Redirects followed by the last task.
    public let redirectCount: Int

    init(taskInterval: DateInterval, redirectCount: Int) {
        self.taskInterval = taskInterval
        self.redirectCount = redirectCount
    }
}

/// Alamofire's `Request`: the common state of a request made by a `Session` — its `URLRequest`s, its
/// `URLSessionTask`s (one per attempt: the first and each retry), its state, and the error it ended with.
/// `DataRequest` is the only kind here.
public class Request: @unchecked Sendable {
    /// The state of a `Request`, as Alamofire's.
    public enum State: Sendable {
        /// Created; nothing has been sent yet.
        case initialized
        /// `resume()` was called (or a response handler resumed it).
        case resumed
        /// `suspend()` was called.
        case suspended
        /// `cancel()` was called: the request finishes with `AFError.explicitlyCancelled`.
        case cancelled
        /// The request completed and its response handlers have been given its result.
        case finished

        func canTransitionTo(_ state: State) -> Bool {
            switch (self, state) {
            case (.initialized, _): true
            case (_, .initialized), (.cancelled, _), (.finished, _): false
            case (.resumed, .cancelled), (.suspended, .cancelled), (.resumed, .suspended), (.suspended, .resumed): true
            case (.suspended, .suspended), (.resumed, .resumed): false
            case (_, .finished): true
            }
        }
    }

    struct MutableState {
        var state: State = .initialized
        var requests: [URLRequest] = []
        var tasks: [URLSessionTask] = []
        var error: AFError?
        var retryCount = 0
        var responseSerializers: [@Sendable () -> Void] = []
        var serializersRun = 0
        var isFinishing = false
        var started: Date?
        var ended: Date?
        var redirectCount = 0
        var redirectHandler: (any RedirectHandler)?
    }

    /// Unique to this request; also `RequestAdapterState.requestID`.
    public let id: UUID
    /// The serial queue the request's work runs on (its `Session`'s `rootQueue`).
    public let underlyingQueue: DispatchQueue
    /// The queue response serializers run on.
    public let serializationQueue: DispatchQueue
    /// The request's own interceptor, combined with its `Session`'s (this one adapts first).
    public let interceptor: (any RequestInterceptor)?
    /// The session that made the request; weak, as Alamofire's: a request outliving its `Session` finishes with
    /// `AFError.sessionDeinitialized`.
    weak var session: Session?
    /// Whether adding a response handler resumes the request (nil: the session's `startRequestsImmediately`).
    let shouldAutomaticallyResume: Bool?

    let mutableState = Protected(MutableState())

    init(id: UUID = UUID(), underlyingQueue: DispatchQueue, serializationQueue: DispatchQueue,
         interceptor: (any RequestInterceptor)?, shouldAutomaticallyResume: Bool?, session: Session)
    {
        self.id = id
        self.underlyingQueue = underlyingQueue
        self.serializationQueue = serializationQueue
        self.interceptor = interceptor
        self.shouldAutomaticallyResume = shouldAutomaticallyResume
        self.session = session
    }

    // MARK: State

    /// The request's state.
    public var state: State { mutableState.read(\.state) }
    /// Whether the request is `.initialized`.
    public var isInitialized: Bool { state == .initialized }
    /// Whether the request is `.resumed`.
    public var isResumed: Bool { state == .resumed }
    /// Whether the request is `.suspended`.
    public var isSuspended: Bool { state == .suspended }
    /// Whether the request is `.cancelled`.
    public var isCancelled: Bool { state == .cancelled }
    /// Whether the request is `.finished` (a cancelled request stays `.cancelled`, as Alamofire's).
    public var isFinished: Bool { state == .finished }

    /// Every `URLRequest` made for this request: one per attempt.
    public var requests: [URLRequest] { mutableState.read(\.requests) }
    /// The first `URLRequest`.
    public var firstRequest: URLRequest? { requests.first }
    /// The last `URLRequest`.
    public var lastRequest: URLRequest? { requests.last }
    /// The last `URLRequest` (Alamofire's `request`).
    public var request: URLRequest? { lastRequest }
    /// Every `URLSessionTask` made for this request: one per attempt.
    public var tasks: [URLSessionTask] { mutableState.read(\.tasks) }
    /// The first task.
    public var firstTask: URLSessionTask? { tasks.first }
    /// The last task.
    public var lastTask: URLSessionTask? { tasks.last }
    /// The last task (Alamofire's `task`).
    public var task: URLSessionTask? { lastTask }
    /// The last task's response.
    public var response: HTTPURLResponse? { lastTask?.response as? HTTPURLResponse }
    /// How many times the request was retried.
    public var retryCount: Int { mutableState.read(\.retryCount) }
    /// The error the request failed with: a server-trust evaluation error, the task's error
    /// (`.sessionTaskFailed`), a validation error, `.explicitlyCancelled`…
    public internal(set) var error: AFError? {
        get { mutableState.read(\.error) }
        set { mutableState.write { $0.error = newValue } }
    }

    /// When the request's tasks ran (`URLSessionTaskMetrics.taskInterval`); nil before the first task completed.
    public var metrics: URLSessionTaskMetrics? {
        mutableState.read { state in
            guard let start = state.started, let end = state.ended else { return nil }
            return URLSessionTaskMetrics(taskInterval: DateInterval(start: start, end: max(start, end)),
                                         redirectCount: state.redirectCount)
        }
    }

    /// The request's own redirect handler, used instead of its session's.
    public var redirectHandler: (any RedirectHandler)? { mutableState.read(\.redirectHandler) }

    /// Sets the request's redirect handler (once, before it resumes, as Alamofire requires).
    @preconcurrency
    @discardableResult
    public func redirect(using handler: any RedirectHandler) -> Self {
        mutableState.write { state in
            precondition(state.redirectHandler == nil, "Redirect handler has already been set.")
            state.redirectHandler = handler
        }
        return self
    }

    // MARK: Control

    /// Cancels the request: it finishes with `AFError.explicitlyCancelled` (its task, if any, is cancelled).
    @discardableResult
    public func cancel() -> Self {
        let task = mutableState.write { state -> URLSessionTask?? in
            guard state.state.canTransitionTo(.cancelled) else { return nil }
            state.state = .cancelled
            state.error = state.error ?? AFError.explicitlyCancelled
            return .some(state.tasks.last)
        }
        switch task {
        case .none: break  // already finished or cancelled
        case .some(.none): underlyingQueue.async { self.finish() }  // no task yet: finish now
        case .some(.some(let task)):
            if task.state == .completed { underlyingQueue.async { self.finish() } } else { task.cancel() }
        }
        return self
    }

    /// Starts (or continues) the request.
    @discardableResult
    public func resume() -> Self {
        let previous = mutableState.write { state -> State? in
            guard state.state.canTransitionTo(.resumed) else { return nil }
            defer { state.state = .resumed }
            return state.state
        }
        switch previous {
        case .initialized?: underlyingQueue.async { self.perform() }
        case .suspended?: lastTask?.resume()
        default: break
        }
        return self
    }

    /// Marks the request suspended. A task already running runs on (URLSessionCompat cannot pause a load); a
    /// request suspended before its task started does not start it until `resume()`.
    @discardableResult
    public func suspend() -> Self {
        mutableState.write { state in
            guard state.state.canTransitionTo(.suspended) else { return }
            state.state = .suspended
        }
        return self
    }

    // MARK: Lifecycle

    /// The `URLRequest` this request sends; thrown errors fail it with `.createURLRequestFailed` unless AFErrors.
    func makeURLRequest() throws -> URLRequest {
        fatalError("Request subclasses make their URLRequest")
    }

    /// Clears what a previous attempt received, before a retry.
    func reset() {}

    /// Builds, adapts and sends one attempt, on `underlyingQueue`.
    func perform() {
        guard let session else { return finish(error: .sessionDeinitialized) }
        let initial: URLRequest
        do {
            initial = try makeURLRequest()
        } catch {
            return finish(error: error.asAFError(or: .createURLRequestFailed(error: error)))
        }
        guard let adapter = session.adapter(for: self) else { return send(initial, in: session) }
        let state = RequestAdapterState(requestID: id, session: session)
        adapter.adapt(initial, using: state) { result in
            self.underlyingQueue.async {
                switch result {
                case .success(let adapted): self.send(adapted, in: session)
                case .failure(let error):
                    self.finish(error: error.asAFError(or: .requestAdaptationFailed(error: error)))
                }
            }
        }
    }

    private func send(_ urlRequest: URLRequest, in session: Session) {
        do {
            try urlRequest.validate()
        } catch {
            return finish(error: error.asAFError(or: .createURLRequestFailed(error: error)))
        }
        let task = session.session.dataTask(with: urlRequest)
        session.register(task, for: self)
        let state = mutableState.write { state -> State in
            state.requests.append(urlRequest)
            state.tasks.append(task)
            if state.started == nil { state.started = Date() }
            return state.state
        }
        switch state {
        case .cancelled: task.cancel()
        case .suspended: break  // started by resume()
        default: task.resume()
        }
    }

    /// The session delegate recorded an error before the task completed (a refused server trust): it is the
    /// request's error, whatever the task then fails with.
    func didFailTask(_ task: URLSessionTask, earlyWithError error: AFError) {
        mutableState.write { $0.error = error }
    }

    func didReceive(data: Data) {}

    /// Runs a redirect through the handler.
    func didRedirect() { mutableState.write { $0.redirectCount += 1 } }

    /// The task completed: keeps the first error, validates, then retries or finishes.
    func didCompleteTask(_ task: URLSessionTask, with error: AFError?) {
        let failure = mutableState.write { state -> AFError? in
            state.ended = Date()
            if state.error == nil { state.error = error }
            return state.error
        }
        if failure == nil { runValidators() }
        retryOrFinish(error: self.error)
    }

    func runValidators() {}

    private func retryOrFinish(error: AFError?) {
        guard let error, !isCancelled, let session, let retrier = session.retrier(for: self) else {
            return underlyingQueue.async { self.finish() }
        }
        retrier.retry(self, for: session, dueTo: error) { result in
            self.underlyingQueue.async {
                switch result {
                case .doNotRetry: self.finish()
                case .doNotRetryWithError(let retryError):
                    self.finish(error: retryError.asAFError(or: .requestRetryFailed(retryError: retryError, originalError: error)))
                case .retry, .retryWithDelay:
                    let delay = result.delay ?? 0
                    self.underlyingQueue.asyncAfter(deadline: .now() + delay) { self.retry() }
                }
            }
        }
    }

    private func retry() {
        let proceed = mutableState.write { state -> Bool in
            guard state.state != .cancelled, state.state != .finished else { return false }
            state.retryCount += 1
            state.error = nil
            return true
        }
        guard proceed else { return finish() }
        reset()
        perform()
    }

    /// Finishes the request (once) with `error` if it has none, then runs its response serializers in order.
    func finish(error: AFError? = nil) {
        let first = mutableState.write { state -> Bool in
            guard !state.isFinishing else { return false }
            state.isFinishing = true
            if let error, state.error == nil { state.error = error }
            if state.ended == nil, state.started != nil { state.ended = Date() }
            if state.state.canTransitionTo(.finished) { state.state = .finished }
            return true
        }
        guard first else { return }
        session?.cleanup(after: self)
        processResponseSerializers()
    }

    /// Adds a response serializer: runs now if the request finished, otherwise when it does; resumes the request
    /// first when it should start automatically.
    func appendResponseSerializer(_ closure: @escaping @Sendable () -> Void) {
        let (finished, resume) = mutableState.write { state -> (Bool, Bool) in
            state.responseSerializers.append(closure)
            return (state.isFinishing, state.state == .initialized)
        }
        if finished { processResponseSerializers() }
        if resume, shouldAutomaticallyResume ?? session?.startRequestsImmediately ?? false {
            underlyingQueue.async { if self.isInitialized { self.resume() } }
        }
    }

    private func processResponseSerializers() {
        let pending = mutableState.write { state -> [@Sendable () -> Void] in
            defer { state.serializersRun = state.responseSerializers.count }
            return Array(state.responseSerializers[state.serializersRun...])
        }
        for serializer in pending { serializationQueue.async(execute: serializer) }
    }
}

extension Request: Equatable {
    public static func ==(lhs: Request, rhs: Request) -> Bool { lhs.id == rhs.id }
}

extension Request: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

extension Request: CustomStringConvertible {
    /// The method, URL and, once there is a response, its status code.
    public var description: String {
        guard let request = lastRequest, let url = request.url, let method = request.httpMethod else {
            return "No request created yet."
        }
        let requestDescription = "\(method) \(url.absoluteString)"
        return response.map { "\(requestDescription) (\($0.statusCode))" } ?? requestDescription
    }
}
