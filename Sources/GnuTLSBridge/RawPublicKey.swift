import CGnuTLS

/// A public key by its parts, as a SubjectPublicKeyInfo of one of the usual forms carries them: what
/// `PublicKeyVerifier(raw:)` imports. The caller has decoded the SPKI; forms it does not recognise
/// (RSA-PSS with its parameters, DSA, compressed points, other curves) go through
/// `PublicKeyVerifier(subjectPublicKeyInfo:)` instead.
public enum RawPublicKey: Sendable, Equatable {
    /// rsaEncryption: the RSAPublicKey's modulus and public exponent, big-endian magnitudes.
    case rsa(modulus: [UInt8], exponent: [UInt8])
    /// id-ecPublicKey on a named prime curve: the uncompressed point's coordinates.
    case ec(curve: Curve, x: [UInt8], y: [UInt8])
    /// id-Ed25519: the 32-byte public key.
    case ed25519([UInt8])

    /// The named curves of `ec`.
    public enum Curve: Sendable, Equatable {
        case p256, p384, p521

        /// The coordinate length in bytes.
        public var coordinateBytes: Int {
            switch self {
            case .p256: return 32
            case .p384: return 48
            case .p521: return 66
            }
        }

        var gnutlsCurve: gnutls_ecc_curve_t {
            switch self {
            case .p256: return GNUTLS_ECC_CURVE_SECP256R1
            case .p384: return GNUTLS_ECC_CURVE_SECP384R1
            case .p521: return GNUTLS_ECC_CURVE_SECP521R1
            }
        }
    }

    var importFunction: String {
        switch self {
        case .rsa: return "gnutls_pubkey_import_rsa_raw"
        case .ec, .ed25519: return "gnutls_pubkey_import_ecc_raw"
        }
    }
}
