/// What one file of CRLs holds: the CRLs that parse, in file order, and those that are framed as
/// CRLs but do not parse. One unreadable CRL does not make the others unusable.
public struct CRLFile: Sendable {
    public let path: String
    public let crls: [CertificateRevocationList]
    public let unreadable: [UnreadableCRL]
}
