/// Everything TrustCheck reads from a certificate revocation list through GnuTLS, copied into Swift
/// values at load. The revoked entries are not here: GnuTLS exposes no entry extensions (the reason
/// code), so the CRL model reads the entries from the DER itself.
public struct GnuTLSCRLFields: Sendable {
    /// 1 or 2.
    public var version: Int = 0
    /// The issuer Name's DER, as GnuTLS slices it.
    public var rawIssuer: [UInt8] = []
    /// GnuTLS's RFC 4514 text of the issuer; empty for an empty Name.
    public var issuerString: String = ""
    /// GnuTLS's gnutls_sign_algorithm_t for the signature; 0 when GnuTLS does not know it.
    public var signatureAlgorithm: Int32 = 0
    /// The signatureAlgorithm OID in dotted form.
    public var signatureAlgorithmOID: String = ""
    /// The crlExtensions, in CRL order.
    public var extensions: [GnuTLSCertificateFields.Extension] = []
    /// The CRLNumber's INTEGER content octets; nil when the extension is absent.
    public var crlNumber: [UInt8]?
    /// Whether the CRLNumber extension is marked critical.
    public var crlNumberCritical = false
}
