/// What a loaded file is meant to hold — certificates or CRLs — with the PEM labels that mark it and
/// the words the loader's error messages use for it.
struct EncodedObjectKind: Sendable {
    let pemLabels: Set<String>
    /// The label named when a PEM file has none of `pemLabels`.
    let pemBlockName: String
    /// "certificate" or "CRL", as in "truncated DER: CRL 2 ends before its declared length".
    let noun: String
    let notFound: CertificateLoadError.Kind
    /// Larger counts are refused: no real bundle is near them, and each item costs a GnuTLS parse.
    let maximumCount: Int
    /// Whether base64 DER without PEM lines is accepted (certificates pasted from a web page).
    let allowsBareBase64: Bool
    /// The problem when a file is in none of the accepted encodings.
    let unrecognised: String

    static let certificate = EncodedObjectKind(
        pemLabels: ["CERTIFICATE", "X509 CERTIFICATE", "TRUSTED CERTIFICATE"], pemBlockName: "CERTIFICATE",
        noun: "certificate", notFound: .notACertificate, maximumCount: CertificateLoader.maximumCertificates,
        allowsBareBase64: true, unrecognised: "not a certificate: neither PEM, DER nor base64 DER")

    static let crl = EncodedObjectKind(
        pemLabels: ["X509 CRL"], pemBlockName: "X509 CRL", noun: "CRL", notFound: .notACRL,
        maximumCount: CRLLoader.maximumCRLs, allowsBareBase64: false, unrecognised: "not a CRL: neither PEM nor DER")

    /// "not a certificate", "not a CRL".
    var notThis: String { "not a \(noun)" }
}
