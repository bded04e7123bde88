import FoundationEssentials
import Pinning

/// What App Transport Security requires of one URL load, each requirement with the key that decided it.
///
/// Precedence is Apple's (`sec_protocol_configuration_tls_required_for_host`): an exception for the host
/// (exact key, else the nearest ancestor with `NSIncludesSubdomains`; for an address, the exact key, else
/// the longest CIDR range) wins, even for a local host; else a local host (unqualified name, `.local`,
/// local address) needs nothing unless `NSAllowsLocalNetworking` is NO; else `NSAllowsArbitraryLoads`
/// lifts ATS unless `…InWebContent`, `…ForMedia` or `NSAllowsLocalNetworking` is present.
///
/// Certificate minimums (RSA ≥ 2048 and EC ≥ 256 bits, SHA-2 signatures) are ATS's: an exception with
/// `NSExceptionRequiresForwardSecrecy` NO lifts the key-size check (Apple's documentation), and one with
/// `NSExceptionAllowsInsecureHTTPLoads` YES, which loosens server trust for the domain, lifts both. The
/// default server trust evaluation (Apple's SSL policy for the host) always applies.
public struct ATSPolicy: Sendable, Hashable, Encodable {
    /// The URL, as given.
    public let url: String
    /// Its scheme, lowercased (`http`, `https`, `ws`, `wss`).
    public let scheme: String
    /// Its host, lowercased, without IPv6 brackets.
    public let host: String
    /// Its port; nil when the URL names none.
    public let port: Int?
    /// How ATS sees the host.
    public let hostKind: ATSHostKind
    /// The exception entry that governs the host; nil when none does.
    public let exceptionDomain: String?
    /// Whether ATS's requirements apply to the host at all.
    public let atsApplies: ATSDecision<Bool>
    /// Whether http:// (and ws://) loads are allowed.
    public let cleartextAllowed: ATSDecision<Bool>
    /// The lowest TLS version accepted.
    public let minimumTLSVersion: ATSDecision<ATSTLSVersion>
    /// Whether only forward-secret suites (ECDHE key exchange, or TLS 1.3) are accepted.
    public let forwardSecrecyRequired: ATSDecision<Bool>
    /// Whether the certificates' keys must be RSA ≥ 2048 or EC ≥ 256 bits.
    public let minimumKeySizesRequired: ATSDecision<Bool>
    /// Whether the certificates must be signed with SHA-2 (SHA-256 or stronger).
    public let sha2SignaturesRequired: ATSDecision<Bool>
    /// The default server trust evaluation (always required).
    public let serverTrustRequired: ATSDecision<Bool>
    /// Certificate Transparency: what the system does (`NSRequiresCertificateTransparency` is obsolete).
    public let certificateTransparency: ATSDecision<String>
    /// The `NSPinnedDomains` pins for the host; nil value when none applies.
    public let pins: ATSDecision<ATSPins?>

    /// Whether the scheme is a secure one (https, wss).
    public var isSecure: Bool { scheme == "https" || scheme == "wss" }

    /// The error a load of this URL ends with before any connection: -1022 for a cleartext load ATS refuses.
    public var refusalBeforeConnecting: ATSURLError? {
        isSecure || cleartextAllowed.value ? nil : .requiresSecureConnection
    }

    private enum CodingKeys: String, CodingKey {
        case url, scheme, host, port
        case hostKind = "host_kind"
        case exceptionDomain = "exception_domain"
        case atsApplies = "ats_applies"
        case cleartextAllowed = "cleartext_allowed"
        case minimumTLSVersion = "minimum_tls_version"
        case forwardSecrecyRequired = "forward_secrecy_required"
        case minimumKeySizesRequired = "minimum_key_sizes_required"
        case sha2SignaturesRequired = "sha2_signatures_required"
        case serverTrustRequired = "server_trust_required"
        case certificateTransparency = "certificate_transparency"
        case pins
    }

    /// The policy of `url` under `configuration`.
    init(url: String, configuration: ATSConfiguration) throws(ATSError) {
        let (scheme, host, port) = try Self.parse(url)
        self.url = url
        self.scheme = scheme
        self.host = host
        self.port = port
        let kind = ATSHost.kind(host)
        hostKind = kind
        let exception = configuration.exception(forHost: host)
        exceptionDomain = exception?.domain
        serverTrustRequired = ATSDecision(true, decidedBy: "default",
            reason: "the default server trust evaluation (Apple's SSL policy for the host) always applies; no ATS key disables it")
        certificateTransparency = ATSDecision(
            "system", decidedBy: configuration.requiresCertificateTransparency.isPresent || exception.map({ $0.keys.contains(ATSKey.requiresCertificateTransparency) }) == true
                ? ATSKey.requiresCertificateTransparency : "default",
            reason: "the system requires Certificate Transparency for publicly trusted certificates whatever the Info.plist says (NSRequiresCertificateTransparency is obsolete); TrustCheck does not check SCTs")
        let pinsDecision: ATSDecision<ATSPins?>
        if let identities = configuration.pinnedDomains.identities(forHost: host) {
            let pins = ATSPins(identities)
            pinsDecision = ATSDecision(pins, decidedBy: identities.domains.map { "\(ATSKey.pinnedDomains)[\"\($0)\"]" }.joined(separator: ", "),
                                reason: "the certificates must match these pins (on top of server trust)")
        } else {
            pinsDecision = ATSDecision(nil, decidedBy: "default", reason: "no NSPinnedDomains entry applies to \(host)")
        }
        pins = pinsDecision

        if let exception {
            atsApplies = ATSDecision(true, decidedBy: exception.place,
                                     reason: "the exception for \(exception.domain) governs \(host) (an exception wins over every global key)")
            let insecure = exception.allowsInsecureHTTPLoads.isTrue
            cleartextAllowed = ATSDecision(
                insecure, decidedBy: exception.allowsInsecureHTTPLoads.isPresent ? exception.place(ATSKey.exceptionAllowsInsecureHTTPLoads) : exception.place,
                reason: insecure ? "NSExceptionAllowsInsecureHTTPLoads is YES" : Self.notTrueReason(exception.allowsInsecureHTTPLoads, "NSExceptionAllowsInsecureHTTPLoads"))
            if let version = exception.minimumTLSVersion {
                minimumTLSVersion = ATSDecision(version, decidedBy: exception.place(ATSKey.exceptionMinimumTLSVersion),
                                                reason: "NSExceptionMinimumTLSVersion is \(version.plistValue)")
            } else if let text = exception.minimumTLSVersionText {
                minimumTLSVersion = ATSDecision(.tls12, decidedBy: exception.place(ATSKey.exceptionMinimumTLSVersion),
                    reason: "\"\(text)\" is not TLSv1.0, TLSv1.1, TLSv1.2 or TLSv1.3: Apple ignores it and keeps TLS 1.2")
            } else {
                minimumTLSVersion = ATSDecision(.tls12, decidedBy: "default", reason: "ATS's minimum is TLS 1.2")
            }
            let pfsOff = exception.requiresForwardSecrecy.isFalse
            forwardSecrecyRequired = ATSDecision(
                !pfsOff, decidedBy: exception.requiresForwardSecrecy.isPresent ? exception.place(ATSKey.exceptionRequiresForwardSecrecy) : "default",
                reason: pfsOff ? "NSExceptionRequiresForwardSecrecy is NO: RSA key exchange is accepted too"
                    : exception.requiresForwardSecrecy.isPresent ? Self.notFalseReason(exception.requiresForwardSecrecy)
                    : "ATS accepts only ECDHE suites (and TLS 1.3)")
            if insecure {
                let place = exception.place(ATSKey.exceptionAllowsInsecureHTTPLoads)
                let reason = "NSExceptionAllowsInsecureHTTPLoads is YES, which loosens server trust for the domain: ATS's certificate minimums are lifted"
                minimumKeySizesRequired = ATSDecision(false, decidedBy: place, reason: reason)
                sha2SignaturesRequired = ATSDecision(false, decidedBy: place, reason: reason)
            } else {
                minimumKeySizesRequired = pfsOff
                    ? ATSDecision(false, decidedBy: exception.place(ATSKey.exceptionRequiresForwardSecrecy),
                                  reason: "NSExceptionRequiresForwardSecrecy NO also removes the key length check (Apple's documentation)")
                    : ATSDecision(true, decidedBy: "default", reason: "ATS requires RSA keys of 2048 bits or more and EC keys of 256 bits or more")
                sha2SignaturesRequired = ATSDecision(true, decidedBy: "default", reason: "ATS requires certificates signed with SHA-2")
            }
            return
        }

        // No exception: ATS applies unless the host is local, or arbitrary loads are allowed and not ignored.
        let lifted: ATSDecision<Bool>?
        if kind.isLocal, !configuration.allowsLocalNetworking.isFalse {
            lifted = ATSDecision(false, decidedBy: configuration.allowsLocalNetworking.isPresent ? ATSKey.allowsLocalNetworking : "default",
                                 reason: "\(host) is \(Self.words(kind)): ATS does not apply to local hosts unless NSAllowsLocalNetworking is NO")
        } else if configuration.arbitraryLoadsInEffect {
            lifted = ATSDecision(false, decidedBy: ATSKey.allowsArbitraryLoads, reason: "NSAllowsArbitraryLoads is YES (and no key makes Apple ignore it)")
        } else {
            lifted = nil
        }
        if let lifted {
            atsApplies = lifted
            cleartextAllowed = ATSDecision(true, decidedBy: lifted.decidedBy, reason: lifted.reason)
            minimumTLSVersion = ATSDecision(.tls10, decidedBy: lifted.decidedBy, reason: "ATS does not apply: the system's minimum, TLS 1.0")
            forwardSecrecyRequired = ATSDecision(false, decidedBy: lifted.decidedBy, reason: "ATS does not apply: any suite the system offers")
            minimumKeySizesRequired = ATSDecision(false, decidedBy: lifted.decidedBy, reason: "ATS does not apply: only server trust's own key checks")
            sha2SignaturesRequired = ATSDecision(false, decidedBy: lifted.decidedBy, reason: "ATS does not apply: only server trust's own signature checks")
            return
        }
        let decidedBy: String
        let reason: String
        if kind.isLocal {
            decidedBy = ATSKey.allowsLocalNetworking
            reason = "NSAllowsLocalNetworking is NO: ATS applies to local hosts too"
        } else if configuration.allowsArbitraryLoads.isTrue, let ignoring = configuration.ignoringArbitraryLoadsKey {
            decidedBy = ignoring
            reason = "NSAllowsArbitraryLoads is ignored because \(ignoring) is present"
        } else if configuration.allowsArbitraryLoads.isPresent {
            decidedBy = ATSKey.allowsArbitraryLoads
            reason = Self.notTrueReason(configuration.allowsArbitraryLoads, ATSKey.allowsArbitraryLoads)
        } else {
            decidedBy = "default"
            reason = "ATS applies to every host that no key exempts"
        }
        atsApplies = ATSDecision(true, decidedBy: decidedBy, reason: reason)
        cleartextAllowed = ATSDecision(false, decidedBy: decidedBy, reason: reason)
        minimumTLSVersion = ATSDecision(.tls12, decidedBy: "default", reason: "ATS's minimum is TLS 1.2")
        forwardSecrecyRequired = ATSDecision(true, decidedBy: "default", reason: "ATS accepts only ECDHE suites (and TLS 1.3)")
        minimumKeySizesRequired = ATSDecision(true, decidedBy: "default", reason: "ATS requires RSA keys of 2048 bits or more and EC keys of 256 bits or more")
        sha2SignaturesRequired = ATSDecision(true, decidedBy: "default", reason: "ATS requires certificates signed with SHA-2")
    }

    /// The scheme, host and port of `url`.
    static func parse(_ url: String) throws(ATSError) -> (String, String, Int?) {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased() else {
            throw ATSError(.badURL, problem: "'\(url)' is not a URL (give scheme://host/...)")
        }
        guard ["http", "https", "ws", "wss"].contains(scheme) else {
            throw ATSError(.badURL, problem: "'\(url)': ATS governs http, https, ws and wss URLs, not \(scheme)")
        }
        guard var host = parsed.host(percentEncoded: false)?.lowercased(), !host.isEmpty else {
            throw ATSError(.badURL, problem: "'\(url)' has no host")
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return (scheme, host, parsed.port)
    }

    private static func notTrueReason(_ value: ATSBoolean, _ key: String) -> String {
        switch value {
        case .absent: "\(key) is absent"
        case .value: "\(key) is NO"
        case .notBoolean(let type): "\(key) is \(type), not a boolean: Apple reads it as NO"
        }
    }

    private static func notFalseReason(_ value: ATSBoolean) -> String {
        switch value {
        case .notBoolean(let type): "NSExceptionRequiresForwardSecrecy is \(type), not a boolean: the requirement stays"
        default: "NSExceptionRequiresForwardSecrecy is YES"
        }
    }

    private static func words(_ kind: ATSHostKind) -> String {
        switch kind {
        case .unqualifiedName: "an unqualified name"
        case .localName: "a .local name"
        case .localAddress: "a local address"
        case .domainName: "a domain name"
        case .publicAddress: "a public address"
        }
    }
}
