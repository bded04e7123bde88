import TrustEvaluation

/// The key types the corpus is made of: RSA-2048, P-256 and Ed25519, the keys of today's web and device PKIs.
enum KeyType: String, CaseIterable, Sendable {
    case rsa2048 = "RSA-2048"
    case p256 = "P-256"
    case ed25519 = "Ed25519"

    /// The profile TrustCheck evaluates this type's chains under. Apple's SSL policy refuses Ed25519 at any
    /// size (as Apple does: KeySize), so Ed25519 chains run the SSL policy (host name, serverAuth, every RFC
    /// 5280 check) under the rfc5280 profile, which has no minimum key size.
    var profile: TrustProfile { self == .ed25519 ? .rfc5280 : .apple }

    /// The committed PEM keys of this type.
    var pool: [String] {
        switch self {
        case .rsa2048: BenchKeyPool.rsa2048
        case .p256: BenchKeyPool.p256
        case .ed25519: BenchKeyPool.ed25519
        }
    }
}
