import Foundation

/// Apple's URLSessionTask: one load, created suspended by a session and started by `resume()`.
open class URLSessionTask: NSObject, @unchecked Sendable {
    /// Apple's task states.
    public enum State: Int, Sendable {
        case running = 0
        case suspended = 1
        case canceling = 2
        case completed = 3
    }

    public static let defaultPriority: Float = 0.5
    public static let lowPriority: Float = 0.25
    public static let highPriority: Float = 0.75

    /// Unique among the session's tasks.
    public let taskIdentifier: Int
    /// The request the task was created with.
    public let originalRequest: URLRequest?
    /// Kept for the caller.
    open var taskDescription: String? {
        get { lock.withLock { progress.description } }
        set { lock.withLock { progress.description = newValue } }
    }
    /// Kept for the caller: tasks are not scheduled against each other.
    open var priority: Float {
        get { lock.withLock { progress.priority } }
        set { lock.withLock { progress.priority = newValue } }
    }
    /// A delegate for this task's events, asked before the session's delegate (Apple's iOS 15 API).
    open var delegate: URLSessionTaskDelegate? {
        get { lock.withLock { progress.delegate } }
        set { lock.withLock { progress.delegate = newValue } }
    }
    /// The request being loaded (after redirects).
    open var currentRequest: URLRequest? { lock.withLock { progress.currentRequest } }
    /// The response, once its header has arrived.
    open var response: URLResponse? { lock.withLock { progress.response } }
    /// The error the task failed with, once completed.
    open var error: Error? { lock.withLock { progress.error } }
    /// The task's state.
    open var state: State { lock.withLock { progress.state } }
    /// Body bytes received so far.
    open var countOfBytesReceived: Int64 { lock.withLock { progress.bytesReceived } }
    /// Body bytes sent so far.
    open var countOfBytesSent: Int64 { lock.withLock { progress.bytesSent } }
    /// The request body's length.
    open var countOfBytesExpectedToSend: Int64 { Int64(originalRequest?.httpBody?.count ?? 0) }
    /// The response body's declared length, -1 when unknown (NSURLSessionTransferSizeUnknown).
    open var countOfBytesExpectedToReceive: Int64 { lock.withLock { progress.response?.expectedContentLength ?? -1 } }

    private struct Progress {
        var state = State.suspended
        var currentRequest: URLRequest?
        var response: URLResponse?
        var error: Error?
        var bytesReceived: Int64 = 0
        var bytesSent: Int64 = 0
        var description: String?
        var priority = URLSessionTask.defaultPriority
        var delegate: URLSessionTaskDelegate?
        var started = false
        var cancelled = false
        var work: Task<Void, Never>?
    }

    private let lock = NSLock()
    private var progress = Progress()
    private weak var session: URLSession?
    /// The completion handler of a task made with one: the data delegate is then not called, as on Apple platforms.
    let completionHandler: (@Sendable (Data?, URLResponse?, Error?) -> Void)?

    init(session: URLSession, identifier: Int, request: URLRequest,
         completionHandler: (@Sendable (Data?, URLResponse?, Error?) -> Void)?)
    {
        self.session = session
        taskIdentifier = identifier
        originalRequest = request
        self.completionHandler = completionHandler
        super.init()
        progress.currentRequest = request
    }

    /// Starts the task (the first call) or continues it.
    open func resume() {
        let session = lock.withLock { () -> URLSession? in
            guard !progress.started, progress.state == .suspended else {
                if progress.state == .suspended { progress.state = .running }
                return nil
            }
            progress.started = true
            progress.state = .running
            return self.session
        }
        guard let session else { return }
        let work = Task.detached { [self] in await session.run(self) }
        lock.withLock { progress.work = work }
    }

    /// Kept for the caller: a started task runs on.
    open func suspend() {}

    /// Cancels the task: it completes with `URLError.cancelled` (-999) unless it completed already.
    open func cancel() {
        let work = lock.withLock { () -> Task<Void, Never>? in
            guard progress.state == .running || progress.state == .suspended else { return nil }
            progress.state = .canceling
            progress.cancelled = true
            return progress.work
        }
        work?.cancel()
        // A task cancelled before it was resumed completes without ever connecting.
        if lock.withLock({ !progress.started }), let session {
            lock.withLock { progress.started = true }
            Task.detached { [self] in await session.run(self) }
        }
    }

    var isCancelled: Bool { lock.withLock { progress.cancelled } }

    func redirected(to request: URLRequest) { lock.withLock { progress.currentRequest = request } }

    func received(_ response: URLResponse) { lock.withLock { progress.response = response } }

    func receivedBody(_ count: Int) { lock.withLock { progress.bytesReceived += Int64(count) } }

    func sentBody(_ count: Int) { lock.withLock { progress.bytesSent += Int64(count) } }

    func complete(with error: Error?) {
        lock.withLock {
            progress.error = error
            progress.state = .completed
            progress.work = nil
        }
    }
}

/// Apple's URLSessionDataTask: a load whose body arrives in memory.
open class URLSessionDataTask: URLSessionTask, @unchecked Sendable {}

/// Apple's URLSessionUploadTask: a data task whose body is given when it is made.
open class URLSessionUploadTask: URLSessionDataTask, @unchecked Sendable {}
