import FoundationEssentials
import Pinning
import TrustEvaluation

/// How `TLSClient.connect` connects and decides trust.
public struct TLSClientConfiguration: Sendable {
    /// The anchors the engine trusts (default: the system store).
    public var anchors = TrustAnchors()
    /// The rule book of the SSL policy.
    public var profile: TrustProfile = .apple
    /// The name the leaf must be valid for and that is sent as SNI; nil: the host connected to.
    public var serverName: String?
    /// Evaluate at this time instead of now (replaying a recording, tests).
    public var verificationTime: Date?
    /// The pinning applied to the evaluated chain after the engine's evaluation: a pin set, a TrustKit
    /// configuration, NSPinnedDomains, an Alamofire or AFNetworking evaluator. Its outcome decides the
    /// handshake and is in the connection's verdict.
    public var pinning: PinningPolicy?
    /// Takes the pin-failure reports the pinning's outcomes carry (a TrustKit configuration with report
    /// URIs), as soon as the decision is made: `PinningReports.TrustKitReporter` spools and delivers them.
    /// nil: reports are in the verdict and go nowhere.
    public var pinFailureReporter: (any PinFailureReporting)?
    /// ALPN protocols offered, most preferred first.
    public var alpn: [String] = []
    /// The TLS versions offered.
    public var versions: TLSVersions = .tls12AndLater
    /// Versions and suites to offer instead of `versions` (TLS 1.0 to 1.3, ATS's suites); nil: `versions`.
    public var offer: TLSOffer?
    /// Bound on the TCP connect, in seconds.
    public var connectTimeout: TimeInterval = 10
    /// Bound on the handshake (with the look at the server's first answer), and on each later read or
    /// write, in seconds: a deadline for the whole stage, however the server paces its bytes.
    public var handshakeTimeout: TimeInterval = 10
    /// Bound on the whole of `connect` (TCP, handshake and the look at the server's first answer), in
    /// seconds; nil: `connectTimeout` + `handshakeTimeout`. Each stage keeps its own bound within it.
    public var timeout: TimeInterval?
    /// After a TLS 1.3 handshake, how long `connect` waits for the server's first answer (0: not at all).
    /// In TLS 1.3 the client's handshake ends before the server has checked the client's Finished and
    /// certificate; a server that refuses the client (it demands a client certificate) says so with an
    /// alert that arrives after, which `connect` must see to not report a refused connection as made. A
    /// server that sends its session tickets ends the wait as soon as it pauses; a silent one costs this.
    public var serverAnswerWait: TimeInterval = 0.5
    /// Decides trust instead of the engine unless it answers `.performDefaultHandling`.
    public var challengeHandler: ServerTrustChallengeHandler?

    /// The defaults: system anchors, Apple's profile, TLS 1.2 and 1.3, 10 s timeouts, a 0.5 s look at the answer.
    public init() {}
}
