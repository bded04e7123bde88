import FoundationEssentials
import TrustCertificates
import TrustEvaluation

/// What Alamofire's and AFNetworking's evaluators are given in place of a `SecTrust`: the certificates the
/// server presented (leaf first, the rest unordered hints), the policies and anchors in force, and the engine
/// settings that are not policy (Public Suffix List, work budget).
///
/// Like a SecTrust it starts with `SecPolicyCreateBasicX509` (as `SecTrustCreateWithCertificates` without a
/// policy) and the caller's anchors; `apply(policy:)` replaces every policy and `setAnchorCertificates(_:)`
/// makes the given certificates the only anchors. It is a value: an evaluator changes its own copy, never
/// the caller's (a SecTrust is shared, so Alamofire's steps leave their policy on the caller's object).
///
/// It holds no CRLs: SecTrust consults revocation only under a revocation policy, so the CRLs belong to
/// `RevocationTrustEvaluator`.
public struct ServerTrust: Sendable {
    /// The server's certificate.
    public let leaf: Certificate
    /// The other certificates the server sent.
    public let intermediates: [Certificate]
    /// The policies the next evaluation runs (all must pass).
    public private(set) var policies: [TrustPolicy]
    /// The anchors the next evaluation trusts.
    public private(set) var anchors: TrustAnchors
    /// Consulted only for a wildcard in the leaf's names.
    public let publicSuffixes: PublicSuffixList
    /// The path search's work budget.
    public let budget: SearchBudget
    /// The last evaluation, reused while policies, anchors and date stay the same (SecTrust's cached result).
    private var lastEvaluation: TrustEvaluationResult?

    /// A trust for what the server presented, with BasicX509 and `anchors` (by default the system store).
    public init(leaf: Certificate, intermediates: [Certificate] = [], anchors: TrustAnchors = TrustAnchors(),
                publicSuffixes: PublicSuffixList = .system, budget: SearchBudget = .default)
    {
        self.leaf = leaf
        self.intermediates = intermediates
        self.anchors = anchors
        self.publicSuffixes = publicSuffixes
        self.budget = budget
        policies = [.basicX509()]
    }

    /// `trust.af.apply(policy:)`, SecTrustSetPolicies: `policy` replaces every policy.
    public mutating func apply(policy: TrustPolicy) {
        policies = [policy]
        lastEvaluation = nil
    }

    /// `trust.af.setAnchorCertificates(_:)`: SecTrustSetAnchorCertificates then anchors-only, so `certificates`
    /// are the only anchors (an empty list trusts nothing); system roots still help build paths, untrusted.
    public mutating func setAnchorCertificates(_ certificates: [Certificate]) {
        anchors = TrustAnchors(custom: CertificateStore(certificates), anchorsOnly: true, system: anchors.system)
        lastEvaluation = nil
    }

    /// SecTrustEvaluate: the evaluation under the current policies and anchors at `date`, trusted or not.
    /// What `SecTrustCopyCertificateChain` returns is its `chain`: the built path, even when untrusted.
    public mutating func evaluation(at date: Date) -> TrustEvaluationResult {
        if let lastEvaluation, lastEvaluation.verificationTime == date { return lastEvaluation }
        let result = evaluation(policies: policies, crls: .empty, at: date)
        lastEvaluation = result
        return result
    }

    /// `trust.af.evaluate()`, SecTrustEvaluateWithError: the evaluation when trusted; otherwise throws
    /// `.trustEvaluationFailed` with Apple's error for it.
    @discardableResult
    public mutating func evaluate(at date: Date) throws(ServerTrustError) -> TrustEvaluationResult {
        let result = evaluation(at: date)
        guard result.isTrusted else { throw .trustEvaluationFailed(error: ServerTrustEvaluationFailure(result)) }
        return result
    }

    /// `trust.af.evaluate(afterApplying:)`.
    @discardableResult
    public mutating func evaluate(afterApplying policy: TrustPolicy, at date: Date) throws(ServerTrustError)
        -> TrustEvaluationResult
    {
        apply(policy: policy)
        return try evaluate(at: date)
    }

    /// `trust.af.performDefaultValidation(forHost:)`: the SSL server policy *without* a hostname (Alamofire's
    /// `SecPolicy.af.default`); `host` only names the failure.
    @discardableResult
    public mutating func performDefaultValidation(forHost host: String, at date: Date) throws(ServerTrustError)
        -> TrustEvaluationResult
    {
        try evaluate(afterApplying: .ssl(hostname: nil), at: date)
    }

    /// `trust.af.performValidation(forHost:)`: the SSL server policy for `host`, so the chain *and* the name.
    @discardableResult
    public mutating func performValidation(forHost host: String, at date: Date) throws(ServerTrustError)
        -> TrustEvaluationResult
    {
        try evaluate(afterApplying: .ssl(hostname: host), at: date)
    }

    /// `trust.af.certificates`: the built chain under the current state, leaf first, anchor included.
    public mutating func certificates(at date: Date) -> [Certificate] { evaluation(at: date).certificates }

    /// `trust.af.publicKeys`: the keys of `certificates(at:)` that a SecKey can hold; others are dropped.
    public mutating func publicKeys(at date: Date) -> [PublicKeyInfo] {
        certificates(at: date).map(\.publicKey).filter(ServerTrust.isSecKeyRepresentable)
    }

    /// Whether `SecCertificate.af.publicKey` yields a key: on current OSes only RSA and EC keys
    /// (pinning-libraries.md 2.2); Alamofire drops the others silently.
    static func isSecKeyRepresentable(_ key: PublicKeyInfo) -> Bool {
        switch key.algorithm {
        case .rsa, .ecdsa: return !key.externalRepresentation.isEmpty
        default: return false
        }
    }

    /// Whether two keys are equal as SecKeys are (CFEqual: the same kind and the same public bytes). The
    /// external representation's digest, computed when the certificate was parsed, stands for the bytes.
    static func sameSecKey(_ lhs: PublicKeyInfo, _ rhs: PublicKeyInfo) -> Bool {
        lhs.algorithm == rhs.algorithm && lhs.externalRepresentationSHA256 == rhs.externalRepresentationSHA256
    }

    /// One engine evaluation of this trust's certificates under `policies`, with `crls` for revocation.
    func evaluation(policies: [TrustPolicy], crls: CRLStore, revocation: RevocationPolicy = .soft,
                    at date: Date) -> TrustEvaluationResult
    {
        let evaluator = TrustEvaluator(anchors: anchors, policies: policies, budget: budget, publicSuffixes: publicSuffixes,
                                       crls: crls, revocation: revocation)
        return evaluator.evaluate(leaf: leaf, intermediates: intermediates, at: date)
    }
}
