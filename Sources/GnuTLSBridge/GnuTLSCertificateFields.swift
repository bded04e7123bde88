/// Everything TrustCheck reads from a certificate through GnuTLS, copied into Swift values at load.
public struct GnuTLSCertificateFields: Sendable {
    public struct Extension: Sendable, Equatable {
        public let oid: String
        public let critical: Bool
        public let value: [UInt8]
    }

    public struct BasicConstraints: Sendable, Equatable {
        public let critical: Bool
        public let isCA: Bool
        /// nil when the pathLenConstraint is absent.
        public let pathLength: Int?
    }

    public struct Policy: Sendable, Equatable {
        public let oid: String
        /// (qualifier type: 1 = CPS URI, 2 = user notice, data)
        public let qualifiers: [Qualifier]

        public struct Qualifier: Sendable, Equatable {
            public let type: UInt32
            public let data: String
        }
    }

    public var version: Int = 0
    public var serial: [UInt8] = []
    public var rawSubject: [UInt8] = []
    public var rawIssuer: [UInt8] = []
    public var subjectString: String = ""
    public var issuerString: String = ""
    public var signatureAlgorithm: Int32 = 0
    public var signatureAlgorithmOID: String = ""
    public var subjectPublicKeyInfo: [UInt8] = []
    public var publicKeyAlgorithm: UInt32 = 0
    public var publicKeyBits: Int = 0
    public var publicKeyAlgorithmOID: String = ""
    public var extensions: [Extension] = []
    public var basicConstraints: BasicConstraints?
    /// (GNUTLS_KEY_* bits, critical)
    public var keyUsage: (bits: UInt32, critical: Bool)?
    public var extendedKeyUsages: [String]?
    public var subjectKeyIdentifier: [UInt8]?
    public var authorityKeyIdentifier: [UInt8]?
    public var policies: [Policy]?
    /// Known extensions GnuTLS refused to decode, with its error.
    public var unparseableExtensions: [String: GnuTLSError] = [:]
}
