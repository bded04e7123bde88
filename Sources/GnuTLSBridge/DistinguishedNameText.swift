import CGnuTLS

/// GnuTLS's RFC 4514 text of a DER Name (gnutls_x509_dn_import + gnutls_x509_dn_get_str2 with flags 0,
/// the same text gnutls_x509_crt_get_dn3 gives for a certificate's names), rendered when someone asks
/// for it rather than at every parse.
public enum DistinguishedNameText {
    /// The text of `der`; "" for an empty Name, nil when GnuTLS cannot read it.
    public static func rfc4514(der: [UInt8]) -> String? {
        var handle: gnutls_x509_dn_t?
        guard gnutls_x509_dn_init(&handle) >= 0, let dn = handle else { return nil }
        defer { gnutls_x509_dn_deinit(dn) }
        guard withDatum(der, { gnutls_x509_dn_import(dn, $0) }) >= 0 else { return nil }
        var datum = gnutls_datum_t()
        let rc = gnutls_x509_dn_get_str2(dn, &datum, 0)
        if rc == GnuTLSError.notAvailable { return "" }
        guard rc >= 0 else { return nil }
        return String(decoding: takeDatum(&datum), as: UTF8.self)
    }
}
