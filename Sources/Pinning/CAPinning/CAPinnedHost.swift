import FoundationEssentials
import TrustCertificates
import TrustEvaluation

/// CA-pinning a third-party host in one call: trust the partner's anchors and nothing else (Apple's
/// `SecTrustSetAnchorCertificates` + anchors-only, so the system store is off), validate with the SSL
/// policy for the host, then, if SPKI pins are given, require one of them on the evaluated chain.
public struct CAPinnedHost: Sendable {
    /// The host the server must be valid for.
    public let host: String
    /// The partner's anchors: the only certificates trusted for this host.
    public let anchors: CertificateStore
    /// Pins one of which must be on the evaluated chain; nil to rely on the anchors alone.
    public let pins: PinSet?
    /// The engine settings besides anchors and policies (PSL, CRLs, budget).
    public let evaluator: TrustEvaluator

    /// Pins `host` to `anchors` (and to `pins`, when given).
    public init(host: String, anchors: [Certificate], pins: PinSet? = nil,
                publicSuffixes: PublicSuffixList = .system, crls: [CertificateRevocationList] = [])
    {
        self.host = host
        self.anchors = CertificateStore(anchors)
        self.pins = pins
        evaluator = TrustEvaluator(anchors: TrustAnchors(custom: self.anchors, anchorsOnly: true),
                                   policies: [.ssl(hostname: host)], publicSuffixes: publicSuffixes, crls: crls)
    }

    /// The verdict for the certificates the server presented, at `date`.
    public func evaluate(leaf: Certificate, intermediates: [Certificate] = [], at date: Date) -> CAPinnedHostVerdict {
        let evaluation = evaluator.evaluate(leaf: leaf, intermediates: intermediates, at: date)
        let pinCheck = pins?.check(evaluation)
        return CAPinnedHostVerdict(host: host, evaluation: evaluation, pinCheck: pinCheck)
    }
}
