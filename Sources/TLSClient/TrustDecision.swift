import FoundationEssentials
import GnuTLSBridge
import Pinning
import TrustCertificates
import TrustEvaluation

/// The trust decision of one handshake: called once from GnuTLS's verify callback, on the connecting
/// thread, and read afterwards on that same thread (so it needs no lock).
final class TrustDecision {
    let host: String
    let port: UInt16
    let name: String
    let configuration: TLSClientConfiguration
    private(set) var presented: [Certificate] = []
    private(set) var stapledOCSPResponse: [UInt8]?
    private(set) var verdict: ServerTrustVerdict?
    private(set) var parseFailure: TLSClientError?

    init(host: String, port: UInt16, name: String, configuration: TLSClientConfiguration) {
        self.host = host
        self.port = port
        self.name = name
        self.configuration = configuration
    }

    /// True to continue the handshake.
    func decide(_ peer: PresentedPeer) -> Bool {
        stapledOCSPResponse = peer.stapledOCSPResponse
        var chain: [Certificate] = []
        for (index, der) in peer.certificates.enumerated() {
            do { chain.append(try Certificate(der: der)) } catch {
                // Fail closed: a certificate the engine cannot read is never trusted.
                parseFailure = .unparseableCertificate(index: index, error)
                presented = chain
                verdict = ServerTrustVerdict(isTrusted: false, disposition: nil, evaluation: nil, 
                                             reason: "presented certificate [\(index)] does not parse")
                return false
            }
        }
        presented = chain
        var disposition: ChallengeDisposition?
        if let handler = configuration.challengeHandler {
            // What SecTrustCreateWithCertificates and SecCertificateCreateWithData refuse, refused before the
            // handler runs, so that the challenge's `serverTrust` (made by SecTrustCompat) always exists.
            guard !chain.isEmpty, chain.allSatisfy(AppleCertificateEncodingRules.accepts) else {
                verdict = ServerTrustVerdict(isTrusted: false, disposition: nil, evaluation: nil, 
                                             reason: "the presented chain cannot be made into a SecTrust (Apple's encoding rules refuse a certificate)")
                return false
            }
            let answer = handler(ServerTrustChallenge(host: host, port: port, presentedChain: chain,
                                                      stapledOCSPResponse: peer.stapledOCSPResponse, serverName: name))
            disposition = answer
            switch answer {
            case .useCredential:
                verdict = ServerTrustVerdict(isTrusted: true, disposition: answer, evaluation: nil, reason: nil)
                return true
            case .cancel:
                verdict = ServerTrustVerdict(isTrusted: false, disposition: answer, evaluation: nil, 
                                             reason: "the challenge handler cancelled the challenge")
                return false
            case .performDefaultHandling:
                break
            }
        }
        let verdict = Self.defaultEvaluation(of: chain, name: name, port: port, configuration: configuration, disposition: disposition,
                                             stapledOCSPResponse: peer.stapledOCSPResponse)
        self.verdict = verdict
        return verdict.isTrusted
    }

    /// The engine's SSL-policy evaluation for `name` (with the stapled OCSP response, which revokes as
    /// Apple's does; one that does not parse is ignored, as Apple ignores it), then the pinning policy on the
    /// evaluation, whose outcome decides and whose report (if any) goes to the configured reporter.
    static func defaultEvaluation(of chain: [Certificate], name: String, port: UInt16, configuration: TLSClientConfiguration,
                                  disposition: ChallengeDisposition?, stapledOCSPResponse: [UInt8]? = nil) -> ServerTrustVerdict
    {
        guard let leaf = chain.first else {
            return ServerTrustVerdict(isTrusted: false, disposition: disposition, evaluation: nil, 
                                      reason: "the server presented no certificate")
        }
        let stapled = stapledOCSPResponse.flatMap { try? OCSPResponse(der: $0) }
        let evaluator = TrustEvaluator(anchors: configuration.anchors,
                                       policies: [.ssl(server: true, hostname: name, profile: configuration.profile)],
                                       ocspResponses: stapled.map { [$0] } ?? [])
        let evaluation = evaluator.evaluate(leaf: leaf, intermediates: Array(chain.dropFirst()),
                                            at: configuration.verificationTime ?? Date())
        guard let pinning = configuration.pinning else {
            return ServerTrustVerdict(isTrusted: evaluation.isTrusted, disposition: disposition, evaluation: evaluation,
                                      reason: evaluation.isTrusted ? nil : evaluation.reason)
        }
        // Pinning runs on untrusted chains too: TrustKit reports a pinned host's invalid chain.
        let outcome = pinning.apply(to: evaluation, presented: chain, anchors: configuration.anchors, host: name, port: Int(port))
        let reported = outcome.report.flatMap { report in
            configuration.pinFailureReporter.map { $0.submit(report, to: outcome.reportURIs) }
        }
        return ServerTrustVerdict(isTrusted: outcome.allowsConnection, disposition: disposition, evaluation: evaluation,
                                  pinning: outcome, pinFailureReport: reported, reason: outcome.blockReason)
    }
}
