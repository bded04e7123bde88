import Foundation
import TLSClient

/// Why the trust decision refused a server, for the task's error.
enum ServerTrustRefusal: @unchecked Sendable {
    /// The default handling (or a delegate's credential-less `.useCredential`) found the trust invalid.
    case untrusted(SecTrust, CFError?)
    /// The delegate answered `.cancelAuthenticationChallenge`.
    case cancelledByDelegate
    /// The delegate did not call its completion handler within the request timeout.
    case delegateDidNotAnswer
}

/// Asks a task's delegates about a server-trust challenge, in Apple's order, on the session's delegate queue,
/// and turns the answer into the TLS client's decision:
/// 1. the session delegate's `urlSession(_:didReceive:completionHandler:)`;
/// 2. when it does not implement that, the task's own delegate's `urlSession(_:task:didReceive:completionHandler:)`;
/// 3. then the session delegate's task-level method;
/// 4. when no delegate implements either, the default handling.
/// `.useCredential` with `URLCredential(trust:)` trusts the server; `.useCredential` without a trust
/// credential, `.performDefaultHandling` and `.rejectProtectionSpace` get the default handling: the
/// system's evaluation of the server's chain with Apple's SSL policy for the host. Runs on the handshake's
/// thread, which waits for the delegate.
final class ServerTrustChallengeDispatch: @unchecked Sendable {
    private let session: URLSession
    private let task: URLSessionTask
    private let timeout: TimeInterval
    private let lock = NSLock()
    private var recorded: ServerTrustRefusal?

    init(session: URLSession, task: URLSessionTask, timeout: TimeInterval) {
        self.session = session
        self.task = task
        self.timeout = timeout
    }

    /// What the decision recorded when it refused.
    var refusal: ServerTrustRefusal? { lock.withLock { recorded } }

    func decide(_ handshake: ServerTrustChallenge) -> ChallengeDisposition {
        let trust = handshake.serverTrust
        let space = URLProtectionSpace(serverTrustFor: handshake.host, port: Int(handshake.port), trust: trust)
        let challenge = URLAuthenticationChallenge(serverTrust: space)
        let (session, task) = (session, task)
        var answer: (URLSession.AuthChallengeDisposition, URLCredential?)?
        if let delegate = session.delegate {
            let call = UncheckedSendable(delegate)
            answer = implemented(ask { call.value.urlSession(session, didReceive: challenge, completionHandler: $0) })
        }
        if answer == nil, let delegate = task.delegate {
            let call = UncheckedSendable(delegate)
            answer = implemented(ask { call.value.urlSession(session, task: task, didReceive: challenge, completionHandler: $0) })
        }
        if answer == nil, let delegate = session.delegate as? URLSessionTaskDelegate, delegate !== task.delegate {
            let call = UncheckedSendable(delegate)
            answer = implemented(ask { call.value.urlSession(session, task: task, didReceive: challenge, completionHandler: $0) })
        }
        if refusal != nil || task.isCancelled { return .cancel }
        switch answer {
        case (.useCredential, let credential?)? where credential.trust != nil:
            return .useCredential
        case (.cancelAuthenticationChallenge, _)?:
            record(.cancelledByDelegate)
            return .cancel
        default:
            return defaultHandling(handshake)
        }
    }

    /// The system's evaluation of a fresh trust for the chain (whatever the delegate set on its own).
    private func defaultHandling(_ handshake: ServerTrustChallenge) -> ChallengeDisposition {
        var fresh: SecTrust?
        SecTrustCreateWithCertificates(handshake.presentedChain.map(SecCertificate.init(certificate:)) as CFArray,
                                       SecPolicyCreateSSL(true, handshake.host as CFString), &fresh)
        guard let fresh else {
            record(.untrusted(handshake.serverTrust, nil))
            return .cancel
        }
        if let staple = handshake.stapledOCSPResponse { SecTrustSetOCSPResponse(fresh, Data(staple) as CFData) }
        var error: CFError?
        if SecTrustEvaluateWithError(fresh, &error) { return .useCredential }
        record(.untrusted(fresh, error))
        return .cancel
    }

    /// nil when the answer is the marker of a delegate method the delegate does not implement.
    private func implemented(_ answer: (URLSession.AuthChallengeDisposition, URLCredential?)?)
        -> (URLSession.AuthChallengeDisposition, URLCredential?)?
    {
        guard let answer else { return nil }
        return answer.1 === URLCredential.notImplemented ? nil : answer
    }

    /// Runs one delegate call on the delegate queue and waits for its completion handler (the first call of
    /// it), up to the request timeout and no longer than the task stays uncancelled. nil when it did not answer.
    private func ask(_ call: @escaping (@escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) -> Void)
        -> (URLSession.AuthChallengeDisposition, URLCredential?)?
    {
        guard refusal == nil else { return nil }
        let reply = Reply()
        let body = UncheckedSendable(call)
        session.delegateQueue.addOperation { body.value { reply.set($0, $1) } }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let answer = reply.wait(upTo: min(0.1, deadline.timeIntervalSinceNow)) { return answer }
            if task.isCancelled { return nil }
        }
        record(.delegateDidNotAnswer)
        return nil
    }

    private func record(_ refusal: ServerTrustRefusal) { lock.withLock { if recorded == nil { recorded = refusal } } }

    /// A completion handler's first answer.
    private final class Reply: @unchecked Sendable {
        private let condition = NSCondition()
        private var answer: (URLSession.AuthChallengeDisposition, URLCredential?)?

        func set(_ disposition: URLSession.AuthChallengeDisposition, _ credential: URLCredential?) {
            condition.withLock {
                guard answer == nil else { return }
                answer = (disposition, credential)
                condition.broadcast()
            }
        }

        func wait(upTo seconds: TimeInterval) -> (URLSession.AuthChallengeDisposition, URLCredential?)? {
            condition.withLock {
                if answer == nil { _ = condition.wait(until: Date().addingTimeInterval(max(seconds, 0))) }
                return answer
            }
        }
    }
}
