import CGnuTLS

/// The digests the compatibility layers expose under other libraries' names (CommonCrypto's CC_SHA256 and kin).
public enum DigestAlgorithm: Sendable, Hashable, CaseIterable {
    case md5, sha1, sha224, sha256, sha384, sha512

    /// The digest's length in bytes.
    public var length: Int {
        switch self {
        case .md5: 16
        case .sha1: 20
        case .sha224: 28
        case .sha256: 32
        case .sha384: 48
        case .sha512: 64
        }
    }

    var gnutls: gnutls_digest_algorithm_t {
        switch self {
        case .md5: GNUTLS_DIG_MD5
        case .sha1: GNUTLS_DIG_SHA1
        case .sha224: GNUTLS_DIG_SHA224
        case .sha256: GNUTLS_DIG_SHA256
        case .sha384: GNUTLS_DIG_SHA384
        case .sha512: GNUTLS_DIG_SHA512
        }
    }
}
