import TrustCertificates

/// The encoding rules a certificate breaks although Apple or GnuTLS load it (`Certificate.encodingDefects`):
/// loading is not validation, so each profile that enforces a rule fails the certificate here, with
/// the rule and what the certificate says.
///
/// | Defect | apple | rfc5280 | webpki | Why |
/// |---|---|---|---|---|
/// | signatureAlgorithm names another algorithm (OID) than the TBS's | fails | fails | fails | RFC 5280 §4.1.1.2; Apple's `SecCertificateIsSignedBy` compares the OIDs and takes a mismatch as a signature that does not verify; x509-limbo `rfc5280::mismatching-signature-algorithm` |
/// | same RSA PKCS #1 v1.5 OID, parameters absent in one and NULL in the other | passes | passes | fails | Apple compares OIDs only (Alamofire's and AFNetworking's test certificates pass on Apple); RFC 4055 §5: implementations MUST accept the parameters absent as well as present; CABF BR 7.1.3.2 fixes the exact bytes, and pyca/cryptography compares the whole AlgorithmIdentifier |
/// | same OID, other parameters | passes | fails | fails | Apple compares OIDs only and verifies with the TBS's parameters; for the RFC the identifiers differ |
/// | version above v3 | fails | fails | fails | RFC 5280 §4.1.2.1; Apple refuses such a certificate at creation (`SecCertificateCreateWithData`), GnuTLS loads it |
/// | validity time without seconds or with a ±hhmm offset | passes | fails | fails | Apple reads both forms (`SecAbsoluteTimeFromDateContentWithError`); RFC 5280 §4.1.2.5.1-2: MUST be YYMMDDHHMMSSZ / YYYYMMDDHHMMSSZ |
///
/// Under `apple` the trust anchor is exempt, as Apple checks neither an anchor's encoding nor its
/// signature; `rfc5280` and `webpki` hold the anchor to these rules as to their other encoding rules.
struct EncodingDefectCheck: PathCheck {
    let profile: TrustProfile

    func evaluate(_ context: PathContext, into failures: inout [TrustFailure]) {
        let anchorIndex = context.anchorIndex
        for (index, certificate) in context.certificates.enumerated() where !certificate.encodingDefects.isEmpty {
            if index == anchorIndex && profile == .apple { continue }
            for defect in certificate.encodingDefects {
                guard let rule = rule(failedBy: defect) else { continue }
                failures.append(TrustFailure(index: index, check: .webPKICompliance, context: .rule(rule, detail: defect.description)))
            }
        }
    }

    /// The rule `defect` fails under this profile; nil where the profile accepts it (the table above).
    func rule(failedBy defect: EncodingDefect) -> ComplianceRule? {
        switch defect {
        case .signatureAlgorithmMismatch(_, _, let sameOID, let equivalentParameters):
            switch profile {
            case .apple: return sameOID ? nil : .signatureAlgorithmMismatch
            case .rfc5280: return equivalentParameters ? nil : .signatureAlgorithmMismatch
            case .webpki: return .signatureAlgorithmMismatch
            }
        case .unknownVersion:
            return .unknownVersion
        case .validityTimeEncoding:
            return profile == .apple ? nil : .validityTimeEncoding
        }
    }
}
