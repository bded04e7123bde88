import TrustCertificates

/// What a certificate path must be good for. Several policies evaluated together must all pass.
public struct TrustPolicy: Sendable, Hashable {
    /// Which of Apple's policies this is.
    public enum Kind: Sendable, Hashable {
        /// SecPolicyCreateBasicX509: structure, validity and key strength; no name or usage checks.
        case basicX509
        /// SecPolicyCreateSSL: a TLS server (or client) certificate.
        case ssl(server: Bool)
    }

    /// Basic X.509 or SSL.
    public var kind: Kind
    /// The rule book the checks follow.
    public var profile: TrustProfile
    /// The names the leaf must carry, every one of them: SecPolicyCreateSSL's hostname, or for client
    /// validation (x509-limbo CLIENT cases) several names. Empty: no name check (Apple's NULL hostname).
    public var peerNames: [PeerName]
    /// Extended key usages the leaf must allow, beyond what `kind` implies (x509-limbo's extended_key_usage).
    public var requiredExtendedKeyUsages: [String]
    /// Key usage bits the leaf must have when it has a keyUsage extension (x509-limbo's key_usage).
    public var requiredKeyUsage: KeyUsage
    /// The most intermediates a path may have (x509-limbo's max_chain_depth); nil = no limit.
    public var maximumIntermediates: Int?

    /// A policy of `kind` under `profile`; the other requirements default to none.
    public init(
        kind: Kind, profile: TrustProfile = .apple, peerNames: [PeerName] = [],
        requiredExtendedKeyUsages: [String] = [], requiredKeyUsage: KeyUsage = [], maximumIntermediates: Int? = nil
    ) {
        self.kind = kind
        self.profile = profile
        self.peerNames = peerNames
        self.requiredExtendedKeyUsages = requiredExtendedKeyUsages
        self.requiredKeyUsage = requiredKeyUsage
        self.maximumIntermediates = maximumIntermediates
    }

    /// SecPolicyCreateSSL(server, hostname).
    public static func ssl(server: Bool = true, hostname: String? = nil, profile: TrustProfile = .apple) -> TrustPolicy {
        TrustPolicy(kind: .ssl(server: server), profile: profile, peerNames: hostname.map { [PeerName(parsing: $0)] } ?? [])
    }

    /// SecPolicyCreateBasicX509().
    public static func basicX509(profile: TrustProfile = .apple) -> TrustPolicy {
        TrustPolicy(kind: .basicX509, profile: profile)
    }

    var isSSLServer: Bool { kind == .ssl(server: true) }
    var isSSL: Bool { if case .ssl = kind { return true } else { return false } }
}
