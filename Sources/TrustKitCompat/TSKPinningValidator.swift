import Foundation
import Pinning
import SecTrustCompat
import TrustCertificates
import URLSessionCompat

/// Verifies a server's identity against a TrustKit instance's pinning policy (`TSKPinningValidator`). Get it
/// from `TrustKit.pinningValidator` and call it from the app's authentication handlers; there is no
/// swizzling on Linux, so these calls are the only way pinning runs.
///
/// `@unchecked Sendable`: its state is constant after initialisation; the validation callback it holds is
/// only called on the owning instance's serial report queue.
public final class TSKPinningValidator: NSObject, @unchecked Sendable {
    /// The policies; nil for an instance made with an empty configuration, which pins nothing.
    private let configuration: TrustKitConfiguration?
    /// Called on `validationCallbackQueue` after every validation of a pinned host.
    private let validationCallback: UncheckedSendable<(TSKPinningValidatorResult, String, TKSDomainPinningPolicy, TrustKitValidation) -> Void>
    private let validationCallbackQueue: DispatchQueue

    init(configuration: TrustKitConfiguration?, validationCallbackQueue: DispatchQueue,
         validationCallback: @escaping (TSKPinningValidatorResult, String, TKSDomainPinningPolicy, TrustKitValidation) -> Void)
    {
        self.configuration = configuration
        self.validationCallbackQueue = validationCallbackQueue
        self.validationCallback = UncheckedSendable(validationCallback)
        super.init()
    }

    // MARK: High-level validation

    /// Handles an authentication challenge received by a URLSession delegate: for a server-trust challenge,
    /// evaluates `protectionSpace.serverTrust` for `protectionSpace.host` (``evaluateTrust(_:forHostname:)``)
    /// and calls `completionHandler` with
    /// - `.useCredential` and `URLCredential(trust:)` when the connection is allowed;
    /// - `.performDefaultHandling` when the host is not pinned, so the system's validation still runs;
    /// - `.cancelAuthenticationChallenge` when it must be blocked (the task fails with `URLError.cancelled`).
    ///
    /// Returns true when it called the handler; false, without calling it, when the challenge is not for
    /// server trust (`NSURLAuthenticationMethodServerTrust`), which the app's delegate then answers itself
    /// (usually `.performDefaultHandling`). TrustKit's example:
    ///
    /// ```swift
    /// func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
    ///                 completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
    ///     if !TrustKit.sharedInstance().pinningValidator.handle(challenge, completionHandler: completionHandler) {
    ///         completionHandler(.performDefaultHandling, nil)
    ///     }
    /// }
    /// ```
    @discardableResult
    public func handle(_ challenge: URLAuthenticationChallenge,
                       completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) -> Bool
    {
        let space = challenge.protectionSpace
        guard space.authenticationMethod == NSURLAuthenticationMethodServerTrust else { return false }
        guard let serverTrust = space.serverTrust else {
            // TrustKit evaluates a NULL trust, which blocks.
            TrustKitGlobalState.log("Pin validation error - invalid parameters for \(space.host)")
            completionHandler(.cancelAuthenticationChallenge, nil)
            return true
        }
        switch evaluateTrust(serverTrust, forHostname: space.host) {
        case .shouldAllowConnection:
            completionHandler(.useCredential, URLCredential(trust: serverTrust))
        case .domainNotPinned:
            // Not pinned: the default validation must run, or certificate validation would be off for the host.
            completionHandler(.performDefaultHandling, nil)
        case .shouldBlockConnection:
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
        return true
    }

    // MARK: Low-level validation

    /// Evaluates `serverTrust` against the pinning policy of `serverHostname`, exactly in TrustKit's order:
    ///
    /// 1. no policy for the host (no exact entry, no includeSubdomains parent), or its `kTSKExpirationDate`
    ///    has passed (by the wall clock), or it is excluded → `.domainNotPinned`, the trust untouched and
    ///    nothing validated, no callback, no report;
    /// 2. otherwise the trust's policies are replaced by `SecPolicyCreateSSL(true, serverHostname)` (this
    ///    changes the caller's trust, as TrustKit does) and it is evaluated: an untrusted chain (expired,
    ///    wrong host, unknown root…) is `.failedInvalidCertificateChain` → blocked, whatever the pins and
    ///    `kTSKEnforcePinning` say; anchors and verify date already set on the trust are kept;
    /// 3. then the evaluated chain is searched for a pin, from the anchor down to the leaf: found →
    ///    `.shouldAllowConnection`; a key TrustKit cannot hash first → blocked; no pin → blocked when
    ///    pinning is enforced, allowed otherwise;
    /// 4. the callback runs (and, for any result but success, a report is sent) on the instance's queues.
    ///
    /// - Warning: `.domainNotPinned` means nothing was checked: the caller must still evaluate the trust
    ///   (SecTrustEvaluateWithError), or certificate validation is disabled for that host.
    @discardableResult
    public func evaluateTrust(_ serverTrust: SecTrust, forHostname serverHostname: String) -> TSKTrustDecision {
        let started = Date()
        guard let configuration, let match = configuration.policy(forHostname: serverHostname),
              !match.policy.isExpired(at: started), !match.policy.excludeSubdomainFromParentPolicy
        else { return .domainNotPinned }

        _ = SecTrustSetPolicies(serverTrust, SecPolicyCreateSSL(true, serverHostname as CFString))
        let evaluation = serverTrust.engineEvaluation()
        let validation = TrustKitPinningValidator(configuration: configuration)
            .evaluate(hostname: serverHostname, evaluation: evaluation, at: started)
        guard let result = validation.evaluationResult.flatMap({ TSKTrustEvaluationResult(rawValue: $0.rawValue) }),
              let notedHostname = validation.notedHostname
        else {
            // The policy matched above; a validation without a result would be a broken invariant: block.
            return .shouldBlockConnection
        }
        let decision: TSKTrustDecision = validation.decision == .shouldAllowConnection ? .shouldAllowConnection : .shouldBlockConnection
        TrustKitGlobalState.log(result == .success ? "Pin validation succeeded for \(serverHostname)"
                                                   : "Pin validation failed for \(serverHostname)")

        let outcome = TSKPinningValidatorResult(
            serverHostname: serverHostname, evaluationResult: result, finalTrustDecision: decision,
            validationDuration: Date().timeIntervalSince(started),
            certificateChain: validation.certificateChain.map(Self.pem))
        let policy = Self.pinningPolicy(match.policy)
        let callback = validationCallback
        let sendable = UncheckedSendable((outcome, notedHostname, policy, validation))
        validationCallbackQueue.async {
            let (outcome, notedHostname, policy, validation) = sendable.value
            callback.value(outcome, notedHostname, policy, validation)
        }
        return decision
    }

    // MARK: Formats

    /// `convertTrustToPemArray`: base64 in 64-character lines separated by CRLF, between LF-terminated markers.
    static func pem(_ certificate: Certificate) -> String {
        let base64 = Data(certificate.der).base64EncodedString(options: .lineLength64Characters)
        return "-----BEGIN CERTIFICATE-----\n" + base64 + "\n-----END CERTIFICATE-----"
    }

    /// The domain's policy as TrustKit's parsed configuration holds it.
    static func pinningPolicy(_ policy: TrustKitDomainPolicy) -> TKSDomainPinningPolicy {
        if policy.excludeSubdomainFromParentPolicy { return [kTSKExcludeSubdomainFromParentPolicy: true] }
        var settings: TKSDomainPinningPolicy = [
            kTSKExcludeSubdomainFromParentPolicy: false,
            kTSKIncludeSubdomains: policy.includeSubdomains,
            kTSKEnforcePinning: policy.enforcePinning,
            kTSKDisableDefaultReportUri: policy.disableDefaultReportURI,
            kTSKPublicKeyHashes: Set(policy.publicKeyHashes.map { Data($0.digest) }),
        ]
        if !policy.reportURIs.isEmpty { settings[kTSKReportUris] = policy.reportURIs }
        if let expiration = policy.expirationDate { settings[kTSKExpirationDate] = expiration }
        return settings
    }
}
