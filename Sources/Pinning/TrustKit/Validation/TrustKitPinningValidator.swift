import FoundationEssentials
import TrustCertificates
import TrustEvaluation

/// TrustKit's `TSKPinningValidator` over TrustCheck's engine (pinning-libraries.md 1.4).
///
/// For a hostname: find its policy (exact entry, else the most specific includeSubdomains parent); an
/// unknown, excluded or expired one means "not pinned" with nothing validated. Otherwise run default
/// validation with Apple's SSL policy *for that hostname*, always (TrustKit replaces the trust's policies
/// with `SecPolicyCreateSSL(true, hostname)`), and only when it passes look for a pin on the evaluated
/// chain from the anchor down to the leaf, the anchor included even when the server never sent it.
/// A key TrustKit cannot hash (`TrustKitSPKIHash`) reached before a match ends the scan with
/// `errorCouldNotGenerateSpkiHash`. What the result means for the connection is `PinningDecision`'s rule.
///
/// Time is a parameter: `at` is both the verification date of the evaluation and the clock the pins'
/// expiration date is compared with (TrustKit reads the wall clock for the latter).
public struct TrustKitPinningValidator: Sendable {
    /// The pinning policies.
    public let configuration: TrustKitConfiguration
    /// Certificates a user or administrator added to the trust settings (macOS). A chain through one of
    /// them that carries no pin gives `failedUserDefinedTrustAnchor`, allowed when the configuration's
    /// TSKIgnorePinningForUserDefinedTrustAnchors is on. Empty, as on iOS, where TrustKit never checks.
    public let userDefinedTrustAnchors: CertificateStore

    /// A validator for `configuration`.
    public init(configuration: TrustKitConfiguration, userDefinedTrustAnchors: CertificateStore = .empty) {
        self.configuration = configuration
        self.userDefinedTrustAnchors = userDefinedTrustAnchors
    }

    /// Validates the certificates a server presented for `hostname`. `evaluator` supplies the anchors,
    /// CRLs and budget; its policies are replaced by the SSL policy for `hostname`, as TrustKit does.
    public func evaluate(hostname: String, leaf: Certificate, intermediates: [Certificate] = [],
                         evaluator: TrustEvaluator, at date: Date) -> TrustKitValidation
    {
        var sslEvaluator = evaluator
        sslEvaluator.policies = [.ssl(hostname: hostname)]
        return validate(hostname: hostname, at: date) {
            sslEvaluator.evaluate(leaf: leaf, intermediates: intermediates, at: date)
        }
    }

    /// Validates an evaluation made elsewhere, which must have used the SSL policy for `hostname` (TrustKit
    /// never pins on a chain validated without it). nil stands for a missing trust: blocked before any
    /// policy lookup and with no report, as TrustKit blocks a NULL SecTrust without calling back.
    public func evaluate(hostname: String, evaluation: TrustEvaluationResult?, at date: Date) -> TrustKitValidation {
        guard let evaluation else {
            return TrustKitValidation(hostname: hostname, match: nil,
                                      notPinnedReason: nil, evaluationResult: .errorInvalidParameters,
                                      decision: .shouldBlockConnection, matchedPin: nil, evaluation: nil, unhashableKey: nil,
                                      ignoresUserDefinedTrustAnchors: configuration.ignorePinningForUserDefinedTrustAnchors)
        }
        return validate(hostname: hostname, at: date) { evaluation }
    }

    private func validate(hostname: String, at date: Date, evaluate: () -> TrustEvaluationResult) -> TrustKitValidation {
        let ignoresUserAnchors = configuration.ignorePinningForUserDefinedTrustAnchors
        let match = configuration.policy(forHostname: hostname)
        func notPinned(_ reason: TrustKitNotPinnedReason) -> TrustKitValidation {
            TrustKitValidation(hostname: hostname, match: match, notPinnedReason: reason, evaluationResult: nil,
                               decision: .domainIsNotPinned, matchedPin: nil, evaluation: nil, unhashableKey: nil,
                               ignoresUserDefinedTrustAnchors: ignoresUserAnchors)
        }
        guard let match else {
            let respelt = TrustKitPinningValidator.canonicalSpelling(of: hostname)
            let spellingMatters = respelt != hostname && configuration.policy(forHostname: respelt) != nil
            return notPinned(spellingMatters ? .hostSpelling : .noPolicy)
        }
        if match.policy.excludeSubdomainFromParentPolicy { return notPinned(.excluded) }
        if match.policy.isExpired(at: date) { return notPinned(.expired) }

        let evaluation = evaluate()
        let (result, matchedPin, unhashable) = verifyPins(match.policy, on: evaluation)
        let decision = PinningDecision(result: result, enforcing: match.policy.enforcePinning,
                                       ignoringUserDefinedTrustAnchors: ignoresUserAnchors) == .allow
            ? TrustKitDecision.shouldAllowConnection : .shouldBlockConnection
        return TrustKitValidation(hostname: hostname, match: match, notPinnedReason: nil, evaluationResult: result,
                                  decision: decision, matchedPin: matchedPin, evaluation: evaluation,
                                  unhashableKey: unhashable, ignoresUserDefinedTrustAnchors: ignoresUserAnchors)
    }

    /// `verifyPublicKeyPin` (ssl_pin_verifier.m) after its default evaluation.
    private func verifyPins(_ policy: TrustKitDomainPolicy, on evaluation: TrustEvaluationResult)
        -> (TrustKitEvaluationResult, PinMatch?, (chainIndex: Int, reason: String)?)
    {
        if evaluation.resultType == .invalid { return (.errorInvalidParameters, nil, nil) }
        guard evaluation.isTrusted else { return (.failedInvalidCertificateChain, nil, nil) }
        let pins = Dictionary(policy.publicKeyHashes.map { ($0.digest, $0) }, uniquingKeysWith: { first, _ in first })
        for index in evaluation.chain.indices.reversed() {
            let element = evaluation.chain[index]
            switch TrustKitSPKIHash(key: element.certificate.publicKey) {
            case .unsupported(let reason):
                return (.errorCouldNotGenerateSpkiHash, nil, (index, reason))
            case .hash(let digest, _):
                if let pin = pins[digest] {
                    let found = PinMatch(pin: pin, chainIndex: index, certificate: element.certificate, source: element.source)
                    return (.success, found, nil)
                }
            }
        }
        if evaluation.certificates.contains(where: userDefinedTrustAnchors.contains) {
            return (.failedUserDefinedTrustAnchor, nil, nil)
        }
        return (.failedNoMatchingPin, nil, nil)
    }

    /// A host name as pinned domains are written: lower case, without trailing dots.
    public static func canonicalSpelling(of hostname: String) -> String {
        var name = Substring(hostname.lowercased())
        while name.hasSuffix(".") { name = name.dropLast() }
        return String(name)
    }
}
