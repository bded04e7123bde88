import CGnuTLS

/// Parses one DER certificate revocation list with GnuTLS and copies every field TrustCheck uses into
/// Swift values. The GnuTLS handle lives only for the duration of `parse`. `CertificateRevocationList`
/// passes the CertificateList without its revokedCertificates, so libtasn1 never decodes the entries.
public enum GnuTLSCRLParser {
    /// Parses `der` (one DER CertificateList); throws GnuTLS's error when it refuses the encoding.
    public static func parse(der: [UInt8]) throws -> GnuTLSCRLFields {
        var handle: gnutls_x509_crl_t?
        try check(gnutls_x509_crl_init(&handle), "gnutls_x509_crl_init")
        guard let crl = handle else { throw GnuTLSError(code: -25, function: "gnutls_x509_crl_init") }
        defer { gnutls_x509_crl_deinit(crl) }
        try withDatum(der) { try check(gnutls_x509_crl_import(crl, $0, GNUTLS_X509_FMT_DER), "gnutls_x509_crl_import") }

        var fields = GnuTLSCRLFields()
        let version = gnutls_x509_crl_get_version(crl)
        try check(version, "gnutls_x509_crl_get_version")
        fields.version = Int(version)

        var datum = gnutls_datum_t()
        try check(gnutls_x509_crl_get_raw_issuer_dn(crl, &datum), "gnutls_x509_crl_get_raw_issuer_dn")
        fields.rawIssuer = takeDatum(&datum)
        // An empty issuer makes GnuTLS report "not available"; that is an empty string, not an error.
        let rc = gnutls_x509_crl_get_issuer_dn3(crl, &datum, 0)
        if rc != GnuTLSError.notAvailable {
            try check(rc, "gnutls_x509_crl_get_issuer_dn3")
            fields.issuerString = String(decoding: takeDatum(&datum), as: UTF8.self)
        }

        fields.signatureAlgorithm = gnutls_x509_crl_get_signature_algorithm(crl)
        fields.signatureAlgorithmOID = try readString("gnutls_x509_crl_get_signature_oid") {
            gnutls_x509_crl_get_signature_oid(crl, $0.assumingMemoryBound(to: CChar.self), $1)
        } ?? ""

        var index: UInt32 = 0
        while true {
            var critical: UInt32 = 0
            guard let oid = try readString("gnutls_x509_crl_get_extension_info", { buffer, size in
                gnutls_x509_crl_get_extension_info(crl, index, buffer, size, &critical)
            }) else { break }
            // As for certificates, GnuTLS refuses to copy an empty extnValue: an empty value, not an error.
            let value = gnutls_x509_crl_get_extension_data2(crl, index, &datum) >= 0 ? takeDatum(&datum) : []
            fields.extensions.append(.init(oid: oid, critical: critical != 0, value: value))
            index += 1
        }

        var critical: UInt32 = 0
        fields.crlNumber = try readBuffer("gnutls_x509_crl_get_number") { gnutls_x509_crl_get_number(crl, $0, $1, &critical) }
        fields.crlNumberCritical = critical != 0
        return fields
    }
}
