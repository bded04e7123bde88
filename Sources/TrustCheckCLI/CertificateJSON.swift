import TrustCertificates

/// JSON members every command writes the same way for a certificate.
///
/// Encodings: a digest (`sha256`, `sha1`, `spki_sha256`) is lower-case hex, as `openssl x509 -fingerprint`
/// and most tools print one; a pin is base64, as HPKP, TrustKit and OkHttp write it (`pin` is
/// `sha256/<base64>`, `spki_sha256_base64` the bare base64 a TrustKit configuration lists).
enum CertificateJSON {
    static func fingerprints(_ certificate: Certificate) -> [(String, JSONValue)] {
        [
            ("sha256", .string(Hex.encode(certificate.sha256))),
            ("sha1", .string(Hex.encode(certificate.sha1))),
            ("spki_sha256", .string(Hex.encode(certificate.spkiSHA256))),
            ("spki_sha256_base64", .string(Base64.encode(certificate.spkiSHA256))),
            ("pin", .string(certificate.pin)),
        ]
    }

    /// [{type, value}] or null when the certificate has no subjectAltName extension.
    static func subjectAltNames(_ certificate: Certificate) -> JSONValue {
        certificate.subjectAlternativeNames.map { .array($0.map(generalName)) } ?? .null
    }

    /// {type, value}: type "dns" | "email" | "uri" | "ip" | "directory_name" | "registered_id" |
    /// "other_name" | "x400_address" | "edi_party_name"; the last three as hex DER.
    static func generalName(_ name: GeneralName) -> JSONValue {
        let (type, value): (String, String)
        switch name {
        case .dnsName(let text): (type, value) = ("dns", text)
        case .rfc822Name(let text): (type, value) = ("email", text)
        case .uri(let text): (type, value) = ("uri", text)
        case .ipAddress(let bytes): (type, value) = ("ip", IPAddress.text(bytes))
        case .directoryName(let dn): (type, value) = ("directory_name", dn.rfc4514)
        case .registeredID(let oid): (type, value) = ("registered_id", oid)
        case .otherName(let der): (type, value) = ("other_name", Hex.encode(der))
        case .x400Address(let der): (type, value) = ("x400_address", Hex.encode(der))
        case .ediPartyName(let der): (type, value) = ("edi_party_name", Hex.encode(der))
        }
        return .object([("type", .string(type)), ("value", .string(value))])
    }
}
