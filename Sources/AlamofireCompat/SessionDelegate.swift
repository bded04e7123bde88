import Foundation
import SecTrustCompat
import URLSessionCompat

/// Alamofire's `SessionDelegate`: the `URLSession` delegate of a `Session`, which routes each task's events to its
/// `Request` and answers server-trust challenges with the session's `ServerTrustManager`:
/// - no manager, or no evaluator for the host (with `allHostsMustBeEvaluated` false): `.performDefaultHandling`,
///   the system's evaluation;
/// - no evaluator and `allHostsMustBeEvaluated`: the manager's `AFError.serverTrustEvaluationFailed(reason:
///   .noRequiredEvaluator(host:))`;
/// - the evaluator returns: `.useCredential` with `URLCredential(trust:)`;
/// - it throws: `.cancelAuthenticationChallenge`, and the request fails with that error (an AFError as thrown,
///   any other as `.serverTrustEvaluationFailed(reason: .customEvaluationFailed(error:))`), not with the task's
///   `URLError.cancelled`.
open class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let fileManager: FileManager

    weak var stateProvider: Session?

    /// Creates a delegate; `fileManager` is kept for the caller (there are no download tasks here).
    public init(fileManager: FileManager = .default) {
        self.fileManager = fileManager
    }

    typealias ChallengeEvaluation = (disposition: URLSession.AuthChallengeDisposition, credential: URLCredential?, error: AFError?)

    /// The answer to a server-trust challenge, as Alamofire's `attemptServerTrustAuthentication(with:)`.
    func attemptServerTrustAuthentication(with challenge: URLAuthenticationChallenge) -> ChallengeEvaluation {
        let host = challenge.protectionSpace.host

        guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
              let trust = challenge.protectionSpace.serverTrust
        else {
            return (.performDefaultHandling, nil, nil)
        }

        do {
            guard let evaluator = try stateProvider?.serverTrustManager?.serverTrustEvaluator(forHost: host) else {
                return (.performDefaultHandling, nil, nil)
            }

            try evaluator.evaluate(trust, forHost: host)

            return (.useCredential, URLCredential(trust: trust), nil)
        } catch {
            return (.cancelAuthenticationChallenge, nil,
                    error.asAFError(or: .serverTrustEvaluationFailed(reason: .customEvaluationFailed(error: error))))
        }
    }

    // MARK: URLSessionDataDelegate

    /// Server trust goes to the session's `ServerTrustManager`; other challenges get the default handling.
    open func urlSession(_ session: URLSession,
                         task: URLSessionTask,
                         didReceive challenge: URLAuthenticationChallenge,
                         completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)
    {
        let evaluation: ChallengeEvaluation = switch challenge.protectionSpace.authenticationMethod {
        case NSURLAuthenticationMethodServerTrust: attemptServerTrustAuthentication(with: challenge)
        default: (.performDefaultHandling, nil, nil)
        }

        if let error = evaluation.error {
            stateProvider?.request(for: task)?.didFailTask(task, earlyWithError: error)
        }

        completionHandler(evaluation.disposition, evaluation.credential)
    }

    /// A redirect: the request's `RedirectHandler`, else the session's, else followed.
    open func urlSession(_ session: URLSession,
                         task: URLSessionTask,
                         willPerformHTTPRedirection response: HTTPURLResponse,
                         newRequest request: URLRequest,
                         completionHandler: @escaping @Sendable (URLRequest?) -> Void)
    {
        let owner = stateProvider?.request(for: task)
        owner?.didRedirect()
        guard let handler = owner?.redirectHandler ?? stateProvider?.redirectHandler else {
            return completionHandler(request)
        }
        handler.task(task, willBeRedirectedTo: request, for: response, completion: completionHandler)
    }

    open func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        (stateProvider?.request(for: dataTask) as? DataRequest)?.didReceive(data: data)
    }

    /// The task finished: its error, if any, becomes `.sessionTaskFailed(error:)` unless an error was recorded before.
    open func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        stateProvider?.request(for: task)?.didCompleteTask(task, with: error.map { $0.asAFError(or: .sessionTaskFailed(error: $0)) })
    }
}
