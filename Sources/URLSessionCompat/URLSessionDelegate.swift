import Foundation

/// Apple's URLSessionDelegate: session-level events. A method left out gets the default implementation below,
/// which stands for Apple's optional Objective-C method being absent.
public protocol URLSessionDelegate: AnyObject {
    /// The session was invalidated (`finishTasksAndInvalidate`, `invalidateAndCancel`).
    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: Error?)
    /// A session-level challenge: every server-trust challenge comes here first.
    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)
    /// The async form of the session-level challenge.
    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge) async
        -> (URLSession.AuthChallengeDisposition, URLCredential?)
    /// Background sessions only; never called here.
    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession)
}

extension URLSessionDelegate {
    public func urlSession(_ session: URLSession, didBecomeInvalidWithError error: Error?) {}

    /// Not implemented by the delegate: forwards to the async form.
    public func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                           completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)
    {
        let delegate = UncheckedSendable(self as any URLSessionDelegate)
        Task {
            let (disposition, credential) = await delegate.value.urlSession(session, didReceive: challenge)
            completionHandler(disposition, credential)
        }
    }

    /// Not implemented by the delegate either: the session goes on to the task-level method, then the
    /// default handling.
    public func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge) async
        -> (URLSession.AuthChallengeDisposition, URLCredential?)
    {
        (.performDefaultHandling, URLCredential.notImplemented)
    }

    public func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {}
}
