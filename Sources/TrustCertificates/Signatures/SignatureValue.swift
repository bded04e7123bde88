internal import GnuTLSBridge

/// The signatureValue BIT STRING of a certificate or CRL (RFC 5280 §4.1.1.3, §5.1.1.3), kept as it
/// was encoded. A malformed one is a verdict on the signature — it verifies under no key — not a
/// reason to refuse the certificate or CRL that carries it, so the evaluation can say what is wrong.
public struct SignatureValue: Sendable, Hashable {
    /// The BIT STRING's octets, after its unused-bits octet.
    public var bytes: [UInt8] { Array(octets) }
    /// The same octets where they lie in the certificate's, CRL's or response's DER: no copy at parse.
    let octets: ArraySlice<UInt8>
    /// How many bits of the last octet are unused (0–7).
    public let unusedBits: Int

    /// A signature value of `bytes` whose last octet has `unusedBits` unused bits.
    public init(bytes: [UInt8], unusedBits: Int) {
        self.init(octets: bytes[...], unusedBits: unusedBits)
    }

    /// The same over octets inside a larger DER.
    init(octets: ArraySlice<UInt8>, unusedBits: Int) {
        self.octets = octets
        self.unusedBits = unusedBits
    }

    /// Why this cannot be any key's signature; nil when it can be. RSA, ECDSA and EdDSA signatures
    /// are all whole octets, so a BIT STRING with unused bits is none of them (x509-limbo's
    /// bad-signature cases are made this way).
    public var defect: String? {
        guard unusedBits != 0 else { return nil }
        return "signature BIT STRING has \(unusedBits) unused bit\(unusedBits == 1 ? "" : "s")"
    }

    /// Whether `key` made this signature over `data` with `algorithm`.
    func isMade(by key: PublicKeyInfo, over data: ArraySlice<UInt8>, algorithm: SignatureAlgorithm) -> Bool {
        guard defect == nil, let verifier = key.verifier else { return false }
        return verifier.verify(data: data, signature: octets, algorithm: algorithm.gnutlsID) == .valid
    }
}
