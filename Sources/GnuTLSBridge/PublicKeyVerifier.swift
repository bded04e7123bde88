import CGnuTLS

/// The outcome of checking one signature with GnuTLS.
public enum SignatureCheck: Sendable, Equatable {
    case valid
    /// The signature does not verify under this key.
    case invalid
    /// The key cannot make this kind of signature (e.g. an EC key and an RSA signature).
    case incompatibleKey
    /// GnuTLS could not use the key or the algorithm at all.
    case unusable(GnuTLSError)
}

/// A public key imported once from its SubjectPublicKeyInfo, used to check signatures made by it.
/// Immutable after init; GnuTLS documents read-only use of a pubkey as thread-safe, hence @unchecked Sendable.
public final class PublicKeyVerifier: @unchecked Sendable {
    private let handle: gnutls_pubkey_t
    /// The key size GnuTLS reports (gnutls_pubkey_get_pk_algorithm): RSA modulus or curve bits; 0 when none.
    public let bits: Int

    /// Imports the key and checks its parameters as GnuTLS can (gnutls_pubkey_verify_params: an EC
    /// point must lie on its curve), so that a key no key pair can have verifies nothing.
    public convenience init(subjectPublicKeyInfo spki: [UInt8]) throws(GnuTLSError) {
        var handle: gnutls_pubkey_t?
        try check(gnutls_pubkey_init(&handle), "gnutls_pubkey_init")
        guard let key = handle else { throw GnuTLSError(code: -25, function: "gnutls_pubkey_init") }
        let imported = withDatum(spki) { gnutls_pubkey_import(key, $0, GNUTLS_X509_FMT_DER) }
        if imported < 0 {
            gnutls_pubkey_deinit(key)
            throw GnuTLSError(code: imported, function: "gnutls_pubkey_import")
        }
        try self.init(checking: key)
    }

    /// Imports a key from its parts (`RawPublicKey`), which GnuTLS takes without decoding an SPKI with
    /// libtasn1 — the larger part of an import's cost — and checks its parameters the same way.
    public convenience init(raw: RawPublicKey) throws(GnuTLSError) {
        var handle: gnutls_pubkey_t?
        try check(gnutls_pubkey_init(&handle), "gnutls_pubkey_init")
        guard let key = handle else { throw GnuTLSError(code: -25, function: "gnutls_pubkey_init") }
        let imported: Int32
        switch raw {
        case .rsa(let modulus, let exponent):
            imported = withDatum(modulus) { m in withDatum(exponent) { e in gnutls_pubkey_import_rsa_raw(key, m, e) } }
        case .ec(let curve, let x, let y):
            imported = withDatum(x) { x in withDatum(y) { y in gnutls_pubkey_import_ecc_raw(key, curve.gnutlsCurve, x, y) } }
        case .ed25519(let point):
            imported = withDatum(point) { gnutls_pubkey_import_ecc_raw(key, GNUTLS_ECC_CURVE_ED25519, $0, nil) }
        }
        if imported < 0 {
            gnutls_pubkey_deinit(key)
            throw GnuTLSError(code: imported, function: raw.importFunction)
        }
        try self.init(checking: key)
    }

    /// Takes `key` after gnutls_pubkey_verify_params accepts it (and frees it when it does not).
    private init(checking key: gnutls_pubkey_t) throws(GnuTLSError) {
        let valid = gnutls_pubkey_verify_params(key)
        if valid < 0 {
            gnutls_pubkey_deinit(key)
            throw GnuTLSError(code: valid, function: "gnutls_pubkey_verify_params")
        }
        self.handle = key
        var bits: UInt32 = 0
        bits = gnutls_pubkey_get_pk_algorithm(key, &bits) > 0 ? bits : 0
        self.bits = Int(bits)
    }

    deinit { gnutls_pubkey_deinit(handle) }

    /// Checks `signature` over `data` with the certificate signature algorithm `algorithm`.
    /// Broken hashes (MD2, MD5) and SHA-1 are verified too: whether they are acceptable is the
    /// engine's algorithm policy, not GnuTLS's.
    public func verify(data: [UInt8], signature: [UInt8], algorithm: Int32) -> SignatureCheck {
        verify(data: data[...], signature: signature[...], algorithm: algorithm)
    }

    /// The same over slices (a TBSCertificate and its signature inside the certificate's DER: no copy).
    public func verify(data: ArraySlice<UInt8>, signature: ArraySlice<UInt8>, algorithm: Int32) -> SignatureCheck {
        guard algorithm > 0 else { return .unusable(GnuTLSError(code: -106, function: "gnutls_pubkey_verify_data2")) }
        let flags = GNUTLS_VERIFY_ALLOW_SIGN_RSA_MD2.rawValue | GNUTLS_VERIFY_ALLOW_SIGN_RSA_MD5.rawValue
            | GNUTLS_VERIFY_ALLOW_SIGN_WITH_SHA1.rawValue
        let rc = withExtendedLifetime(self) {
            withDatum(data) { dataDatum in
                withDatum(signature) { signatureDatum in
                    gnutls_pubkey_verify_data2(
                        handle, gnutls_sign_algorithm_t(rawValue: UInt32(algorithm)), flags, dataDatum, signatureDatum)
                }
            }
        }
        switch rc {
        case 0...: return .valid
        case -89: return .invalid  // GNUTLS_E_PK_SIG_VERIFY_FAILED
        case -419: return .incompatibleKey  // GNUTLS_E_INCOMPATIBLE_SIG_WITH_KEY
        default: return .unusable(GnuTLSError(code: rc, function: "gnutls_pubkey_verify_data2"))
        }
    }
}
