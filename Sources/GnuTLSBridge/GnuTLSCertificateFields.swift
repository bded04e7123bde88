/// Everything TrustCheck reads from a certificate through GnuTLS, copied into Swift values at load.
public struct GnuTLSCertificateFields: Sendable {
    /// One extension as GnuTLS lists it.
    public struct Extension: Sendable, Equatable {
        /// The extnID in dotted form.
        public let oid: String
        /// The critical flag.
        public let critical: Bool
        /// The extnValue's octets; empty when GnuTLS refuses to copy an empty value.
        public let value: [UInt8]
    }

    /// basicConstraints as gnutls_x509_crt_get_basic_constraints reads it.
    public struct BasicConstraints: Sendable, Equatable {
        /// The critical flag.
        public let critical: Bool
        /// The cA flag.
        public let isCA: Bool
        /// nil when the pathLenConstraint is absent.
        public let pathLength: Int?
    }

    /// One PolicyInformation of certificatePolicies.
    public struct Policy: Sendable, Equatable {
        /// The policy OID in dotted form.
        public let oid: String
        /// (qualifier type: 1 = CPS URI, 2 = user notice, data)
        public let qualifiers: [Qualifier]

        /// One policy qualifier.
        public struct Qualifier: Sendable, Equatable {
            /// GnuTLS's qualifier type: 1 for a CPS URI, 2 for a user notice.
            public let type: UInt32
            /// The qualifier's text.
            public let data: String
        }
    }

    /// The X.509 version (1–3).
    public var version: Int = 0
    /// The serial number's INTEGER content octets.
    public var serial: [UInt8] = []
    /// The subject Name's DER.
    public var rawSubject: [UInt8] = []
    /// The issuer Name's DER.
    public var rawIssuer: [UInt8] = []
    /// GnuTLS's RFC 4514 text of the subject; empty for an empty Name.
    public var subjectString: String = ""
    /// GnuTLS's RFC 4514 text of the issuer; empty for an empty Name.
    public var issuerString: String = ""
    /// GnuTLS's gnutls_sign_algorithm_t; 0 when GnuTLS does not know the algorithm.
    public var signatureAlgorithm: Int32 = 0
    /// The signatureAlgorithm OID in dotted form.
    public var signatureAlgorithmOID: String = ""
    /// The SPKI as GnuTLS re-exports it; empty when GnuTLS cannot import the key.
    public var subjectPublicKeyInfo: [UInt8] = []
    /// GnuTLS's gnutls_pk_algorithm_t of the key; 0 when it cannot import it.
    public var publicKeyAlgorithm: UInt32 = 0
    /// The key size GnuTLS reports; 0 when it cannot import the key.
    public var publicKeyBits: Int = 0
    /// The SPKI algorithm OID in dotted form.
    public var publicKeyAlgorithmOID: String = ""
    /// Every extension in certificate order.
    public var extensions: [Extension] = []
    /// nil when absent or refused (see `unparseableExtensions`).
    public var basicConstraints: BasicConstraints?
    /// (GNUTLS_KEY_* bits, critical)
    public var keyUsage: (bits: UInt32, critical: Bool)?
    /// The extendedKeyUsage OIDs in order; nil when absent or refused.
    public var extendedKeyUsages: [String]?
    /// The subjectKeyIdentifier octets; nil when absent or refused.
    public var subjectKeyIdentifier: [UInt8]?
    /// The authorityKeyIdentifier's keyIdentifier octets; nil when absent or refused.
    public var authorityKeyIdentifier: [UInt8]?
    /// certificatePolicies in order; nil when absent or refused.
    public var policies: [Policy]?
    /// Known extensions GnuTLS refused to decode, with its error.
    public var unparseableExtensions: [String: GnuTLSError] = [:]
}
