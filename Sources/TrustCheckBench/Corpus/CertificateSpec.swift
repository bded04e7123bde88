/// What one corpus certificate says; the C helper turns it into DER.
struct CertificateSpec {
    var commonName: String
    var organization: String
    var serial: UInt64
    /// Seconds since 1970.
    var notBefore: Int
    var notAfter: Int
    /// nil: no pathLenConstraint (CA certificates only).
    var pathLength: Int? = nil
    /// Non-nil: a TLS server leaf for this name; nil: a CA.
    var dnsName: String? = nil
    /// subjectKeyIdentifier and authorityKeyIdentifier, as a real PKI has them.
    var withKeyIdentifiers = true
}
