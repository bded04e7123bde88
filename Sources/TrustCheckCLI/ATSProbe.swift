import AppTransportSecurity
import FoundationEssentials
import Pinning
import TLSClient
import TrustCertificates
import TrustEvaluation

/// Connects to a server as an app's URL loading would under an ATS policy and judges what it finds: the
/// handshake offers only what the policy allows (its TLS versions, its suites), the presented chain is
/// evaluated under Apple's SSL policy for the URL's host, and the NSPinnedDomains pins are checked. When
/// that handshake fails, a second one offering every version and suite learns what the server speaks.
struct ATSProbe {
    /// Where the TCP connection goes (the URL's host, or `--connect-to`'s address).
    let address: String
    let port: UInt16
    let anchors: TrustAnchors
    /// The evaluation time; nil: now.
    let time: Date?
    /// The bound on each connection, in seconds.
    let timeout: TimeInterval
    /// Handshakes already made with the same offer, shared between the variants of a diagnosis.
    var cache: ATSHandshakeCache? = nil

    /// What one load under `policy` met.
    struct Result {
        let verdict: ATSVerdict
        /// The parameters of the handshake under the policy; nil when it failed.
        let negotiated: ATSNegotiated?
        /// What a handshake offering everything agreed on, when the policy's handshake failed.
        let serverSupports: ATSNegotiated?
        /// The leaf the server presented; nil without a completed handshake.
        let leaf: Certificate?
    }

    /// The offer an app's loading makes under `policy`.
    static func offer(for policy: ATSPolicy) -> TLSOffer {
        guard policy.atsApplies.value else { return TLSOffer(minimumVersion: .tls10, suites: .any) }
        let minimum = TLSOffer.Version(rawValue: policy.minimumTLSVersion.value.rawValue) ?? .tls12
        return TLSOffer(minimumVersion: minimum,
                        suites: policy.forwardSecrecyRequired.value ? .appTransportSecurity : .appTransportSecurityCompatibility)
    }

    /// The load of `policy`'s URL, with `pinnedDomains` (the configuration's) checked on the chain.
    func check(_ policy: ATSPolicy, pinnedDomains: PinnedDomains) -> Result {
        switch handshake(policy.host, offer: Self.offer(for: policy)) {
        case .success(let handshake):
            let (negotiated, chain) = (handshake.negotiated, handshake.chain)
            guard let leaf = chain.first else {
                return Result(verdict: ATSVerdict.handshakeRefused(policy, server: nil, failure: "the server presented no certificate"),
                              negotiated: negotiated, serverSupports: nil, leaf: nil)
            }
            var trust = ServerTrust(leaf: leaf, intermediates: Array(chain.dropFirst()), anchors: anchors)
            trust.apply(policy: .ssl(hostname: policy.host))
            let evaluation = trust.evaluation(at: time ?? Date())
            let pins = pinnedDomains.check(evaluation, forHost: policy.host)
            let verdict = ATSVerdict.judge(policy, negotiated: negotiated, evaluation: evaluation, pinsFailed: !pins.pinFailures.isEmpty)
            return Result(verdict: verdict, negotiated: negotiated, serverSupports: nil, leaf: leaf)
        case .failure(let failure):
            if let early = Self.connectionVerdict(failure) {
                return Result(verdict: early, negotiated: nil, serverSupports: nil, leaf: nil)
            }
            let wide = handshake(policy.host, offer: TLSOffer(minimumVersion: .tls10, suites: .any))
            let supports = try? wide.get().negotiated
            let verdict = ATSVerdict.handshakeRefused(policy, server: supports, failure: failure.errorDescription ?? failure.code)
            return Result(verdict: verdict, negotiated: nil, serverSupports: supports, leaf: nil)
        }
    }

    /// One handshake for `serverName` with `offer`; trust is not decided in it (every chain is accepted and
    /// judged afterwards, so the handshake's parameters are known whatever the chain).
    private func handshake(_ serverName: String, offer: TLSOffer) -> Swift.Result<ATSNegotiatedHandshake, TLSClientError> {
        guard let cache else { return connect(serverName, offer: offer) }
        return cache.result(for: offer) { connect(serverName, offer: offer) }
    }

    private func connect(_ serverName: String, offer: TLSOffer) -> Swift.Result<ATSNegotiatedHandshake, TLSClientError> {
        var configuration = TLSClientConfiguration()
        configuration.serverName = serverName
        configuration.anchors = anchors
        configuration.verificationTime = time
        configuration.offer = offer
        configuration.connectTimeout = timeout
        configuration.handshakeTimeout = timeout
        configuration.timeout = timeout
        configuration.serverAnswerWait = 0
        configuration.challengeHandler = { _ in .useCredential }
        do {
            let connection = try TLSClient.connectBlocking(host: address, port: port, configuration: configuration)
            defer { connection.closeBlocking() }
            let negotiated = connection.negotiated
            return .success(ATSNegotiatedHandshake(
                negotiated: ATSNegotiated(protocolVersion: negotiated.protocolVersion, cipherSuite: negotiated.cipherSuite),
                chain: connection.presentedChain))
        } catch {
            return .failure(error)
        }
    }

    /// The error of a connection that never reached the TLS stage, or timed out; nil for a handshake failure.
    private static func connectionVerdict(_ failure: TLSClientError) -> ATSVerdict? {
        let code = failure.code
        let error: ATSURLError
        if code == "tcp.timeout" || code == "tls.timeout" {
            error = .timedOut
        } else if code == "tcp.resolution" {
            error = .cannotFindHost
        } else if code.hasPrefix("tcp.") {
            error = .cannotConnectToHost
        } else {
            return nil
        }
        return ATSVerdict(allowed: false, error: error, reason: failure.errorDescription ?? code, failedRequirement: "connection", decidedBy: nil)
    }
}
