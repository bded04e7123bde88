/// What SecCertificateCreateWithData refuses beyond a DER parse (apple-sectrust.md §1.3): an explicit
/// version of 0 (a v1 certificate must omit it) or above 2, a serial number of 0 or more than 37
/// octets, an extensions field holding no extension, a subjectPublicKey BIT STRING with unused bits
/// (Security's si-18 `parse_fail_spki_unused_bits`), and a critical known extension that does not parse.
/// What Apple loads although RFC 5280 forbids it (a signatureAlgorithm that differs from the TBS's in
/// parameters or OID, a UTCTime without seconds or with an offset) is loaded, and judged by the checks.
/// Here, below both users, so that SecTrustCompat's SecCertificate and TLSClient's challenge (which must not
/// link SecTrustCompat's Foundation) apply the same rules.
package enum AppleCertificateEncodingRules {
    package static func accepts(_ certificate: Certificate) -> Bool {
        guard let fields = tbsFields(certificate.tbsBytes) else { return false }
        if let version = fields.first(where: { $0.tag == 0xA0 }) {
            var reader = DERReader(version.content)
            guard let integer = try? reader.read(tag: DERTag.integer, "a version INTEGER"),
                  integer.content.count == 1, let value = integer.content.first, (1...2).contains(value)
            else { return false }
        }
        guard let serial = fields.first(where: { $0.tag == DERTag.integer }),
              (1...37).contains(serial.content.count)
        else { return false }
        if let extensions = fields.first(where: { $0.tag == 0xA3 }) {
            var reader = DERReader(extensions.content)
            guard let sequence = try? reader.read(tag: DERTag.sequence, "Extensions"), !sequence.content.isEmpty else {
                return false
            }
        }
        guard !hasUnusedKeyBits(certificate.publicKey.spkiBytes) else { return false }
        let criticalOIDs = Set(certificate.criticalExtensionOIDs)
        return certificate.unparseableExtensions.keys.allSatisfy { !criticalOIDs.contains($0) }
    }

    /// `der` parsed as SecCertificateCreateWithData would create it: the certificate, or why not.
    package static func certificate(der: [UInt8]) throws(CertificateParseError) -> Certificate {
        let certificate = try Certificate(der: der)
        guard accepts(certificate) else {
            throw CertificateParseError(.refusedByApple, "SecCertificateCreateWithData refuses it: a version or serial "
                + "number out of range, an empty extensions field, a key BIT STRING with unused bits, or a critical "
                + "extension that does not parse")
        }
        return certificate
    }

    private static func hasUnusedKeyBits(_ spki: ArraySlice<UInt8>) -> Bool {
        var reader = DERReader(spki)
        guard let fields = (try? reader.read(tag: DERTag.sequence, "a SubjectPublicKeyInfo")).flatMap({ try? $0.children() }),
              fields.count == 2, let bits = try? fields[1].bitString()
        else { return true }
        return bits.unusedBits != 0
    }

    private static func tbsFields(_ tbs: ArraySlice<UInt8>) -> [DERNode]? {
        var reader = DERReader(tbs)
        return (try? reader.read(tag: DERTag.sequence, "a TBSCertificate")).flatMap { try? $0.children() }
    }
}
