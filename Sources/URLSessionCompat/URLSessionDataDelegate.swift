import Foundation

/// Apple's URLSessionDataDelegate: a data task's response and body as they arrive. Not called for tasks made
/// with a completion handler or by the async methods, as on Apple platforms.
public protocol URLSessionDataDelegate: URLSessionTaskDelegate {
    /// The response's status and headers arrived: answer `.allow` to receive the body, `.cancel` to stop.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void)
    /// The async form of the response.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse) async
        -> URLSession.ResponseDisposition
    /// Body bytes arrived.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data)
}

extension URLSessionDataDelegate {
    /// Not implemented by the delegate: forwards to the async form.
    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                           completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void)
    {
        let delegate = UncheckedSendable(self as any URLSessionDataDelegate)
        Task { completionHandler(await delegate.value.urlSession(session, dataTask: dataTask, didReceive: response)) }
    }

    /// Not implemented by the delegate either: the body is received.
    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse) async
        -> URLSession.ResponseDisposition
    {
        .allow
    }

    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {}
}
