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
    /// The RFC 5280 policy inputs (user-initial-policy-set, initial-explicit-policy,
    /// initial-policy-mapping-inhibit, initial-any-policy-inhibit) the rfc5280 profile's policy tree starts
    /// from. The apple profile runs Apple's tree, whose inputs are always the defaults (Apple has no way to
    /// set them), and webpki runs none, so both ignore this.
    public var certificatePolicies: CertificatePolicyInputs
    /// Plain RFC 5280 §6.1 for a policyConstraints that is not critical: process it like a critical one.
    /// By default (false) the rfc5280 profile refuses it, as x509-limbo (rfc5280::pc::ica-noncritical-pc)
    /// and §4.2.1.11 ("Conforming CAs MUST mark this extension as critical") do, although §6.1 reads it
    /// either way. Only the rfc5280 profile reads this.
    public var acceptsNonCriticalPolicyConstraints: Bool
    /// Plain RFC 5280 §6.1 for a CA whose basicConstraints is not critical: read it like a critical one.
    /// By default (false) the rfc5280 profile refuses it, as §4.2.1.9 ("Conforming CAs MUST mark the
    /// extension as critical" in CA certificates) and x509-limbo (rfc5280::root-non-critical-basic-constraints)
    /// do, although §6.1.4 (k) only asks that cA be true; NIST PKITS 4.6.4 expects §6.1's answer. Only
    /// the rfc5280 profile reads this.
    public var acceptsNonCriticalBasicConstraints: Bool

    /// A policy of `kind` under `profile`; the other requirements default to none.
    public init(
        kind: Kind, profile: TrustProfile = .apple, peerNames: [PeerName] = [],
        requiredExtendedKeyUsages: [String] = [], requiredKeyUsage: KeyUsage = [], maximumIntermediates: Int? = nil,
        certificatePolicies: CertificatePolicyInputs = .defaults, acceptsNonCriticalPolicyConstraints: Bool = false,
        acceptsNonCriticalBasicConstraints: Bool = false
    ) {
        self.kind = kind
        self.profile = profile
        self.peerNames = peerNames
        self.requiredExtendedKeyUsages = requiredExtendedKeyUsages
        self.requiredKeyUsage = requiredKeyUsage
        self.maximumIntermediates = maximumIntermediates
        self.certificatePolicies = certificatePolicies
        self.acceptsNonCriticalPolicyConstraints = acceptsNonCriticalPolicyConstraints
        self.acceptsNonCriticalBasicConstraints = acceptsNonCriticalBasicConstraints
    }

    /// SecPolicyCreateSSL(server, hostname).
    public static func ssl(server: Bool = true, hostname: String? = nil, profile: TrustProfile = .apple) -> TrustPolicy {
        TrustPolicy(kind: .ssl(server: server), profile: profile, peerNames: hostname.map { [PeerName(parsing: $0)] } ?? [])
    }

    /// SecPolicyCreateBasicX509().
    public static func basicX509(profile: TrustProfile = .apple) -> TrustPolicy {
        TrustPolicy(kind: .basicX509, profile: profile)
    }

    /// The policy tree this policy runs: Apple's (default inputs, failures on the leaf) under apple, RFC 5280's
    /// with `certificatePolicies` under rfc5280, none under webpki.
    var policyTree: PolicyTreeCheck? {
        switch profile {
        case .apple: return PolicyTreeCheck(inputs: .defaults, reportsOnLeaf: true)
        case .rfc5280: return PolicyTreeCheck(inputs: certificatePolicies, reportsOnLeaf: false)
        case .webpki: return nil
        }
    }

    var isSSLServer: Bool { kind == .ssl(server: true) }
    var isSSL: Bool { if case .ssl = kind { return true } else { return false } }
}
