/// The digest a certificate or CRL signature algorithm hashes the signed bytes with.
///
/// The strength rules every check applies live here, once: which digests are broken, which is SHA-1,
/// which the CA/Browser Forum permits. An algorithm without a separate digest (EdDSA) has no
/// `HashAlgorithm` at all (`SignatureAlgorithm.hash` is nil).
public enum HashAlgorithm: Sendable, Hashable, CustomStringConvertible {
    case md2
    case md4
    case md5
    case sha1
    case sha224
    case sha256
    case sha384
    case sha512
    case sha3_224
    case sha3_256
    case sha3_384
    case sha3_512
    /// A digest GnuTLS knows and TrustCheck has no rule for (RIPEMD-160, GOST, Streebog…), by GnuTLS's name.
    case other(String)

    /// GnuTLS's name for the digest ("SHA256", "SHA3-256", "MD5"): the spelling `trustcheck show` prints.
    public var name: String {
        switch self {
        case .md2: return "MD2"
        case .md4: return "MD4"
        case .md5: return "MD5"
        case .sha1: return "SHA1"
        case .sha224: return "SHA224"
        case .sha256: return "SHA256"
        case .sha384: return "SHA384"
        case .sha512: return "SHA512"
        case .sha3_224: return "SHA3-224"
        case .sha3_256: return "SHA3-256"
        case .sha3_384: return "SHA3-384"
        case .sha3_512: return "SHA3-512"
        case .other(let name): return name
        }
    }

    /// The digest GnuTLS calls `name` (case-insensitive); `.other` for names without a case of their own.
    public init(name: String) {
        let known: [HashAlgorithm] = [
            .md2, .md4, .md5, .sha1, .sha224, .sha256, .sha384, .sha512, .sha3_224, .sha3_256, .sha3_384, .sha3_512,
        ]
        self = known.first { $0.name == name.uppercased() } ?? .other(name)
    }

    /// MD2, MD4 and MD5: collisions are cheap enough to forge a certificate (the 2008 rogue-CA MD5
    /// attack), so a signature over one proves nothing in any policy.
    public var isBroken: Bool {
        switch self {
        case .md2, .md4, .md5: return true
        default: return false
        }
    }

    /// SHA-1: chosen-prefix collisions are practical (SHAttered, 2017), so the SSL policies refuse it
    /// where a broken digest is refused everywhere.
    public var isSHA1: Bool { self == .sha1 }

    /// SHA-1 or a broken digest: what the SSL server policy refuses and what path scoring counts as weak.
    public var isSHA1OrWeaker: Bool { isSHA1 || isBroken }

    /// The SHA-2 family (FIPS 180-4), SHA-224 included.
    public var isSHA2: Bool {
        switch self {
        case .sha224, .sha256, .sha384, .sha512: return true
        default: return false
        }
    }

    /// SHA-256, SHA-384 and SHA-512: the digests the Baseline Requirements (§7.1.3.2) allow in a
    /// certificate signature. SHA-224 is SHA-2 but not among them.
    public var isAllowedByBaselineRequirements: Bool {
        switch self {
        case .sha256, .sha384, .sha512: return true
        default: return false
        }
    }

    /// The same as `name`.
    public var description: String { name }
}
