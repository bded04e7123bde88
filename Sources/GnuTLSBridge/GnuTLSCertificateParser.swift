import CGnuTLS

/// Parses one DER certificate with GnuTLS and copies every field TrustCheck uses into Swift values.
/// The GnuTLS handle lives only for the duration of `parse`.
public enum GnuTLSCertificateParser {
    /// Parses `der` (one DER Certificate); throws GnuTLS's error when it refuses the encoding.
    public static func parse(der: [UInt8]) throws -> GnuTLSCertificateFields {
        var handle: gnutls_x509_crt_t?
        try check(gnutls_x509_crt_init(&handle), "gnutls_x509_crt_init")
        guard let crt = handle else { throw GnuTLSError(code: -25, function: "gnutls_x509_crt_init") }
        defer { gnutls_x509_crt_deinit(crt) }
        try withDatum(der) { try check(gnutls_x509_crt_import(crt, $0, GNUTLS_X509_FMT_DER), "gnutls_x509_crt_import") }
        return try readFields(crt)
    }

    /// Whether GnuTLS imports `der` as a certificate (what `certtool -i` does before it prints anything),
    /// without reading a field: the reference the loading corpus compares TrustCheck's parser against.
    /// Throws GnuTLS's error when it refuses the encoding.
    public static func importCertificate(der: [UInt8]) throws {
        var handle: gnutls_x509_crt_t?
        try check(gnutls_x509_crt_init(&handle), "gnutls_x509_crt_init")
        guard let crt = handle else { throw GnuTLSError(code: -25, function: "gnutls_x509_crt_init") }
        defer { gnutls_x509_crt_deinit(crt) }
        try withDatum(der) { try check(gnutls_x509_crt_import(crt, $0, GNUTLS_X509_FMT_DER), "gnutls_x509_crt_import") }
    }

    private static func readFields(_ crt: gnutls_x509_crt_t) throws -> GnuTLSCertificateFields {
        var fields = GnuTLSCertificateFields()
        let version = gnutls_x509_crt_get_version(crt)
        try check(version, "gnutls_x509_crt_get_version")
        fields.version = Int(version)
        fields.serial = try readBuffer("gnutls_x509_crt_get_serial") { gnutls_x509_crt_get_serial(crt, $0, $1) } ?? []

        var datum = gnutls_datum_t()
        try check(gnutls_x509_crt_get_raw_dn(crt, &datum), "gnutls_x509_crt_get_raw_dn")
        fields.rawSubject = takeDatum(&datum)
        try check(gnutls_x509_crt_get_raw_issuer_dn(crt, &datum), "gnutls_x509_crt_get_raw_issuer_dn")
        fields.rawIssuer = takeDatum(&datum)
        fields.subjectString = try readDN { gnutls_x509_crt_get_dn3(crt, &$0, 0) }
        fields.issuerString = try readDN { gnutls_x509_crt_get_issuer_dn3(crt, &$0, 0) }

        fields.signatureAlgorithm = gnutls_x509_crt_get_signature_algorithm(crt)
        fields.signatureAlgorithmOID = try readString("gnutls_x509_crt_get_signature_oid") {
            gnutls_x509_crt_get_signature_oid(crt, $0.assumingMemoryBound(to: CChar.self), $1)
        } ?? ""

        try readPublicKey(crt, into: &fields)
        try readExtensionList(crt, into: &fields)
        readKnownExtensions(crt, into: &fields)
        return fields
    }

    /// An empty DN makes GnuTLS report "not available"; that is an empty string, not an error.
    private static func readDN(_ call: (inout gnutls_datum_t) -> Int32) throws -> String {
        var datum = gnutls_datum_t()
        let rc = call(&datum)
        if rc == GnuTLSError.notAvailable { return "" }
        try check(rc, "gnutls_x509_crt_get_dn3")
        return String(decoding: takeDatum(&datum), as: UTF8.self)
    }

    private static func readPublicKey(_ crt: gnutls_x509_crt_t, into fields: inout GnuTLSCertificateFields) throws {
        var handle: gnutls_pubkey_t?
        try check(gnutls_pubkey_init(&handle), "gnutls_pubkey_init")
        guard let key = handle else { throw GnuTLSError(code: -25, function: "gnutls_pubkey_init") }
        defer { gnutls_pubkey_deinit(key) }
        fields.publicKeyAlgorithmOID = try readString("gnutls_x509_crt_get_pk_oid") {
            gnutls_x509_crt_get_pk_oid(crt, $0.assumingMemoryBound(to: CChar.self), $1)
        } ?? ""
        // A key GnuTLS cannot import (unknown algorithm, bad curve point) leaves the SPKI empty; the
        // certificate model then takes the SPKI from the DER and the engine treats the key as unusable.
        guard gnutls_pubkey_import_x509(key, crt, 0) >= 0 else { return }
        var datum = gnutls_datum_t()
        try check(gnutls_pubkey_export2(key, GNUTLS_X509_FMT_DER, &datum), "gnutls_pubkey_export2")
        fields.subjectPublicKeyInfo = takeDatum(&datum)
        var bits: UInt32 = 0
        let algorithm = gnutls_pubkey_get_pk_algorithm(key, &bits)
        if algorithm > 0 {
            fields.publicKeyAlgorithm = UInt32(algorithm)
            fields.publicKeyBits = Int(bits)
        }
    }

    private static func readExtensionList(_ crt: gnutls_x509_crt_t, into fields: inout GnuTLSCertificateFields) throws {
        var index: UInt32 = 0
        while true {
            var critical: UInt32 = 0
            guard let oid = try readString("gnutls_x509_crt_get_extension_info", { buffer, size in
                gnutls_x509_crt_get_extension_info(crt, index, buffer, size, &critical)
            }) else { break }
            // GnuTLS refuses to copy an empty extnValue; it is an empty value, not a broken certificate.
            var datum = gnutls_datum_t()
            let value = gnutls_x509_crt_get_extension_data2(crt, index, &datum) >= 0 ? takeDatum(&datum) : []
            fields.extensions.append(.init(oid: oid, critical: critical != 0, value: value))
            index += 1
        }
    }

    /// Each known extension is decoded on its own; one GnuTLS refuses is recorded as unparseable, so
    /// the engine can fail closed on it without losing the rest of the certificate.
    private static func readKnownExtensions(_ crt: gnutls_x509_crt_t, into fields: inout GnuTLSCertificateFields) {
        let present = Set(fields.extensions.map(\.oid))
        func decode<T>(_ oid: String, _ body: () throws -> T?) -> T? {
            guard present.contains(oid) else { return nil }
            do { return try body() } catch let error as GnuTLSError {
                fields.unparseableExtensions[oid] = error
            } catch {
                fields.unparseableExtensions[oid] = GnuTLSError(code: -1, function: "\(error)")
            }
            return nil
        }
        fields.basicConstraints = decode("2.5.29.19") { try basicConstraints(crt) }
        fields.keyUsage = decode("2.5.29.15") { try keyUsage(crt) }
        fields.extendedKeyUsages = decode("2.5.29.37") { try extendedKeyUsages(crt) }
        fields.subjectKeyIdentifier = decode("2.5.29.14") {
            var critical: UInt32 = 0
            return try readBuffer("gnutls_x509_crt_get_subject_key_id") { gnutls_x509_crt_get_subject_key_id(crt, $0, $1, &critical) }
        }
        fields.authorityKeyIdentifier = decode("2.5.29.35") {
            var critical: UInt32 = 0
            return try readBuffer("gnutls_x509_crt_get_authority_key_id") { gnutls_x509_crt_get_authority_key_id(crt, $0, $1, &critical) }
        }
        fields.policies = decode("2.5.29.32") { try policies(crt) }
    }

    private static func basicConstraints(_ crt: gnutls_x509_crt_t) throws -> GnuTLSCertificateFields.BasicConstraints? {
        var critical: UInt32 = 0, ca: UInt32 = 0
        var pathLength: Int32 = -1
        let rc = gnutls_x509_crt_get_basic_constraints(crt, &critical, &ca, &pathLength)
        if rc == GnuTLSError.notAvailable { return nil }
        try check(rc, "gnutls_x509_crt_get_basic_constraints")
        return .init(critical: critical != 0, isCA: ca != 0, pathLength: pathLength >= 0 ? Int(pathLength) : nil)
    }

    private static func keyUsage(_ crt: gnutls_x509_crt_t) throws -> (bits: UInt32, critical: Bool)? {
        var bits: UInt32 = 0, critical: UInt32 = 0
        let rc = gnutls_x509_crt_get_key_usage(crt, &bits, &critical)
        if rc == GnuTLSError.notAvailable { return nil }
        try check(rc, "gnutls_x509_crt_get_key_usage")
        return (bits, critical != 0)
    }

    private static func extendedKeyUsages(_ crt: gnutls_x509_crt_t) throws -> [String] {
        var oids: [String] = []
        var index: UInt32 = 0
        while let oid = try readString("gnutls_x509_crt_get_key_purpose_oid", { buffer, size in
            var critical: UInt32 = 0
            return gnutls_x509_crt_get_key_purpose_oid(crt, index, buffer, size, &critical)
        }) {
            oids.append(oid)
            index += 1
        }
        return oids
    }

    private static func policies(_ crt: gnutls_x509_crt_t) throws -> [GnuTLSCertificateFields.Policy] {
        var result: [GnuTLSCertificateFields.Policy] = []
        var index: UInt32 = 0
        while true {
            var policy = gnutls_x509_policy_st()
            var critical: UInt32 = 0
            let rc = gnutls_x509_crt_get_policy(crt, index, &policy, &critical)
            if rc == GnuTLSError.notAvailable { break }
            try check(rc, "gnutls_x509_crt_get_policy")
            defer { gnutls_x509_policy_release(&policy) }
            let oid = policy.oid.map { String(cString: $0) } ?? ""
            var qualifiers: [GnuTLSCertificateFields.Policy.Qualifier] = []
            for q in 0..<cgnutls_policy_qualifier_count(&policy) {
                let data = cgnutls_policy_qualifier_data(&policy, q).map {
                    String(decoding: UnsafeRawBufferPointer(start: $0, count: Int(cgnutls_policy_qualifier_size(&policy, q))), as: UTF8.self)
                } ?? ""
                qualifiers.append(.init(type: cgnutls_policy_qualifier_type(&policy, q), data: data))
            }
            result.append(.init(oid: oid, qualifiers: qualifiers))
            index += 1
        }
        return result
    }
}
