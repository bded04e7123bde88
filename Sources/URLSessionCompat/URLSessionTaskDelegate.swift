import Foundation

/// Apple's URLSessionTaskDelegate: a task's events. Set on the session (`URLSession(configuration:delegate:
/// delegateQueue:)`) or on one task (`URLSessionTask.delegate`, `data(for:delegate:)`).
public protocol URLSessionTaskDelegate: URLSessionDelegate {
    /// Told of each task the session creates, before it starts.
    func urlSession(_ session: URLSession, didCreateTask task: URLSessionTask)
    /// A task-level challenge: a server-trust challenge comes here when no session-level method answers it.
    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)
    /// The async form of the task-level challenge.
    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge) async
        -> (URLSession.AuthChallengeDisposition, URLCredential?)
    /// A redirect: answer `request` to follow it, another request to go there instead, nil to stop and
    /// deliver the redirect response itself.
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void)
    /// The async form of the redirect.
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest) async -> URLRequest?
    /// Body bytes were sent.
    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
                    totalBytesExpectedToSend: Int64)
    /// The task finished: `error` is nil on success, an `URLError` otherwise.
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?)
}

extension URLSessionTaskDelegate {
    public func urlSession(_ session: URLSession, didCreateTask task: URLSessionTask) {}

    /// Not implemented by the delegate: forwards to the async form.
    public func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                           completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)
    {
        let delegate = UncheckedSendable(self as any URLSessionTaskDelegate)
        Task {
            let (disposition, credential) = await delegate.value.urlSession(session, task: task, didReceive: challenge)
            completionHandler(disposition, credential)
        }
    }

    /// Not implemented by the delegate either: the default handling.
    public func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge) async
        -> (URLSession.AuthChallengeDisposition, URLCredential?)
    {
        (.performDefaultHandling, URLCredential.notImplemented)
    }

    /// Not implemented by the delegate: forwards to the async form.
    public func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                           newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void)
    {
        let delegate = UncheckedSendable(self as any URLSessionTaskDelegate)
        Task {
            completionHandler(await delegate.value.urlSession(session, task: task, willPerformHTTPRedirection: response,
                                                              newRequest: request))
        }
    }

    /// Not implemented by the delegate either: the redirect is followed.
    public func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                           newRequest request: URLRequest) async -> URLRequest?
    {
        request
    }

    public func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
                           totalBytesExpectedToSend: Int64) {}

    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {}
}
