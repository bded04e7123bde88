import Foundation

/// Apple's URLSession over TrustCheck's TLS client: data tasks with completion handlers or delegates, the
/// async `data(for:)`/`data(from:)`, and the server-trust challenge handed to the delegate with the server's
/// chain as a `SecTrust`. See the module overview for what differs from Apple's.
open class URLSession: NSObject, @unchecked Sendable {
    /// Apple's answers to an authentication challenge.
    public enum AuthChallengeDisposition: Int, Sendable {
        /// Use the credential given: for server trust, `URLCredential(trust:)` trusts the server.
        case useCredential = 0
        /// What the session would do without a delegate: the system's evaluation of the server's trust.
        case performDefaultHandling = 1
        /// Refuse: the task fails with `URLError.cancelled` (-999).
        case cancelAuthenticationChallenge = 2
        /// Refuse this protection space and try the next: for server trust there is none, so the default
        /// handling decides.
        case rejectProtectionSpace = 3
    }

    /// Apple's answers to a data task's response.
    public enum ResponseDisposition: Int, Sendable {
        /// Stop: the task fails with `URLError.cancelled` (-999).
        case cancel = 0
        /// Receive the body.
        case allow = 1
        /// Receive the body (there are no download tasks here).
        case becomeDownload = 2
        /// Receive the body (there are no stream tasks here).
        case becomeStream = 3
    }

    /// The session without a delegate, with the default configuration.
    public static let shared = URLSession(configuration: .default)

    /// A copy of the configuration the session was made with.
    public let configuration: URLSessionConfiguration
    /// The session's delegate, kept (strongly, as Apple's) until the session is invalidated.
    open var delegate: URLSessionDelegate? { lock.withLock { sessionDelegate } }
    /// The queue delegate methods and completion handlers run on: the one given, else a serial queue of
    /// the session's own.
    public let delegateQueue: OperationQueue
    /// Kept for the caller.
    open var sessionDescription: String? {
        get { lock.withLock { description_ } }
        set { lock.withLock { description_ = newValue } }
    }

    private let lock = NSLock()
    private var sessionDelegate: URLSessionDelegate?
    private var description_: String?
    private var nextIdentifier = 1
    private var tasks: [Int: URLSessionTask] = [:]
    private var invalidated = false
    private var invalidateWhenIdle = false
    /// The first identifier of the tasks made after invalidation, which fail at once.
    private var firstIdentifierAfterInvalidation = Int.max

    /// A session without a delegate.
    public convenience init(configuration: URLSessionConfiguration) {
        self.init(configuration: configuration, delegate: nil, delegateQueue: nil)
    }

    /// A session whose delegate receives its events (server-trust challenges among them) on `queue`.
    public init(configuration: URLSessionConfiguration, delegate: URLSessionDelegate?, delegateQueue queue: OperationQueue?) {
        self.configuration = configuration.copy() as! URLSessionConfiguration
        sessionDelegate = delegate
        if let queue {
            delegateQueue = queue
        } else {
            delegateQueue = OperationQueue()
            delegateQueue.maxConcurrentOperationCount = 1
            delegateQueue.name = "URLSession delegate queue"
        }
        super.init()
    }

    // MARK: Tasks

    /// A data task for `request`, delivered to the delegate.
    open func dataTask(with request: URLRequest) -> URLSessionDataTask {
        makeTask(request, completionHandler: nil)
    }

    /// A data task for `url`, delivered to the delegate.
    open func dataTask(with url: URL) -> URLSessionDataTask {
        makeTask(URLRequest(url: url), completionHandler: nil)
    }

    /// A data task for `request` whose result goes to `completionHandler` on the delegate queue.
    open func dataTask(with request: URLRequest,
                       completionHandler: @escaping @Sendable (Data?, URLResponse?, Error?) -> Void) -> URLSessionDataTask
    {
        makeTask(request, completionHandler: completionHandler)
    }

    /// A data task for `url` whose result goes to `completionHandler` on the delegate queue.
    open func dataTask(with url: URL,
                       completionHandler: @escaping @Sendable (Data?, URLResponse?, Error?) -> Void) -> URLSessionDataTask
    {
        makeTask(URLRequest(url: url), completionHandler: completionHandler)
    }

    /// An upload task sending `bodyData` as the request's body.
    open func uploadTask(with request: URLRequest, from bodyData: Data?) -> URLSessionUploadTask {
        var request = request
        request.httpBody = bodyData
        return makeTask(request, completionHandler: nil, upload: true) as! URLSessionUploadTask
    }

    /// An upload task sending `bodyData` whose result goes to `completionHandler`.
    open func uploadTask(with request: URLRequest, from bodyData: Data?,
                         completionHandler: @escaping @Sendable (Data?, URLResponse?, Error?) -> Void) -> URLSessionUploadTask
    {
        var request = request
        request.httpBody = bodyData
        return makeTask(request, completionHandler: completionHandler, upload: true) as! URLSessionUploadTask
    }

    // MARK: async

    /// Loads `request`; throws an `URLError` as the completion handler would receive it. `delegate` receives
    /// this task's challenges before the session's task-level method.
    open func data(for request: URLRequest, delegate: URLSessionTaskDelegate? = nil) async throws -> (Data, URLResponse) {
        let box = TaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), Error>) in
                let task = makeTask(request, completionHandler: { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else {
                        continuation.resume(returning: (data ?? Data(), response!))
                    }
                })
                task.delegate = delegate
                box.set(task)
                task.resume()
            }
        } onCancel: {
            box.cancel()
        }
    }

    /// Loads `url`.
    open func data(from url: URL, delegate: URLSessionTaskDelegate? = nil) async throws -> (Data, URLResponse) {
        try await data(for: URLRequest(url: url), delegate: delegate)
    }

    /// Uploads `bodyData` with `request`.
    open func upload(for request: URLRequest, from bodyData: Data, delegate: URLSessionTaskDelegate? = nil) async throws
        -> (Data, URLResponse)
    {
        var request = request
        request.httpBody = bodyData
        return try await data(for: request, delegate: delegate)
    }

    // MARK: Invalidation

    /// Lets running tasks finish, then invalidates the session: new tasks fail at once, and the delegate
    /// gets `urlSession(_:didBecomeInvalidWithError:)` and is released.
    open func finishTasksAndInvalidate() {
        let idle = lock.withLock { () -> Bool in
            guard !invalidated, self !== URLSession.shared else { return false }
            invalidated = true
            invalidateWhenIdle = true
            firstIdentifierAfterInvalidation = nextIdentifier
            return tasks.isEmpty
        }
        if idle { didBecomeInvalid() }
    }

    /// Cancels every task and invalidates the session.
    open func invalidateAndCancel() {
        let running = lock.withLock { () -> [URLSessionTask]? in
            guard !invalidated, self !== URLSession.shared else { return nil }
            invalidated = true
            invalidateWhenIdle = true
            firstIdentifierAfterInvalidation = nextIdentifier
            return Array(tasks.values)
        }
        guard let running else { return }
        running.forEach { $0.cancel() }
        if running.isEmpty { didBecomeInvalid() }
    }

    /// The session's running tasks.
    open func getAllTasks(completionHandler: @escaping @Sendable ([URLSessionTask]) -> Void) {
        let all = lock.withLock { Array(tasks.values) }
        delegateQueue.addOperation { completionHandler(all) }
    }

    /// The running tasks.
    open var allTasks: [URLSessionTask] { get async { lock.withLock { Array(tasks.values) } } }

    // MARK: Internals

    private func makeTask(_ request: URLRequest, completionHandler: (@Sendable (Data?, URLResponse?, Error?) -> Void)?,
                          upload: Bool = false) -> URLSessionDataTask
    {
        let identifier = lock.withLock { () -> Int in
            defer { nextIdentifier += 1 }
            return nextIdentifier
        }
        let task = upload
            ? URLSessionUploadTask(session: self, identifier: identifier, request: request, completionHandler: completionHandler)
            : URLSessionDataTask(session: self, identifier: identifier, request: request, completionHandler: completionHandler)
        if let delegate = delegate as? URLSessionTaskDelegate {
            let call = UncheckedSendable((delegate, self, task))
            delegateQueue.addOperation { call.value.0.urlSession(call.value.1, didCreateTask: call.value.2) }
        }
        return task
    }

    /// Runs a resumed task to completion (TaskRunner) and delivers its result.
    func run(_ task: URLSessionTask) async {
        let accepted = lock.withLock { () -> Bool in
            guard task.taskIdentifier < firstIdentifierAfterInvalidation else { return false }
            tasks[task.taskIdentifier] = task
            return true
        }
        // A task made after invalidation fails at once (Apple's raises an Objective-C exception).
        let outcome = accepted ? await TaskRunner(session: self, task: task).run()
            : TaskOutcome.failure(URLErrorFactory.error(.cancelled, url: task.originalRequest?.url))
        await deliver(outcome, of: task)
        let becameIdle = lock.withLock { () -> Bool in
            guard accepted else { return false }
            tasks[task.taskIdentifier] = nil
            return invalidateWhenIdle && tasks.isEmpty
        }
        if becameIdle { didBecomeInvalid() }
    }

    /// The result to the completion handler, or to the delegate (response, body, completion), on the delegate queue.
    private func deliver(_ outcome: TaskOutcome, of task: URLSessionTask) async {
        let error: Error?
        let data: Data?
        switch outcome {
        case .success(let body, let response):
            task.received(response)
            error = nil
            data = body
        case .failure(let failure):
            error = failure
            data = nil
        }
        task.complete(with: error)
        let response = task.response
        // A task made with a completion handler bypasses the delegate for its response, body and completion;
        // its challenges and redirects still go to the delegate (Apple's dataTask(with:completionHandler:)).
        if let completionHandler = task.completionHandler {
            await onDelegateQueue { completionHandler(data, error == nil ? response : nil, error) }
            return
        }
        if let dataTask = task as? URLSessionDataTask, let dataDelegate = taskDelegate(of: task) as? URLSessionDataDelegate,
           let data, let response
        {
            let call = UncheckedSendable(dataDelegate)
            let disposition: ResponseDisposition = await withCheckedContinuation { continuation in
                delegateQueue.addOperation { [self] in
                    let once = Once()
                    call.value.urlSession(self, dataTask: dataTask, didReceive: response) { disposition in
                        if once.first() { continuation.resume(returning: disposition) }
                    }
                }
            }
            if disposition == .cancel {
                task.complete(with: URLErrorFactory.error(.cancelled, url: response.url))
                await onDelegateQueue { [self] in
                    call.value.urlSession(self, task: task, didCompleteWithError: task.error)
                }
                return
            }
            if !data.isEmpty { await onDelegateQueue { [self] in call.value.urlSession(self, dataTask: dataTask, didReceive: data) } }
        }
        await onDelegateQueue { [self] in taskDelegate(of: task)?.urlSession(self, task: task, didCompleteWithError: error) }
    }

    /// The delegate of a task's events: its own, else the session's.
    func taskDelegate(of task: URLSessionTask) -> URLSessionTaskDelegate? {
        task.delegate ?? (delegate as? URLSessionTaskDelegate)
    }

    /// Runs `body` on the delegate queue and waits for it.
    func onDelegateQueue(_ body: @escaping () -> Void) async {
        let call = UncheckedSendable(body)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            delegateQueue.addOperation {
                call.value()
                continuation.resume()
            }
        }
    }

    private func didBecomeInvalid() {
        let delegate = lock.withLock { () -> URLSessionDelegate? in
            defer { sessionDelegate = nil }
            return sessionDelegate
        }
        guard let delegate else { return }
        let call = UncheckedSendable(delegate)
        delegateQueue.addOperation { [self] in call.value.urlSession(self, didBecomeInvalidWithError: nil) }
    }

}

/// A task's result before delivery.
enum TaskOutcome {
    case success(Data, URLResponse)
    case failure(URLError)
}

/// The task of an async load, for its cancellation handler.
final class TaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var cancelled = false

    func set(_ task: URLSessionTask) {
        let cancel = lock.withLock { () -> Bool in
            self.task = task
            return cancelled
        }
        if cancel { task.cancel() }
    }

    func cancel() {
        let task = lock.withLock { () -> URLSessionTask? in
            cancelled = true
            return self.task
        }
        task?.cancel()
    }
}

/// True the first time only: a completion handler called twice is answered once.
final class Once: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    func first() -> Bool { lock.withLock { defer { done = true }; return !done } }
}
