/// What one file of CRLs holds: the CRLs that parse, in file order, and those that are framed as
/// CRLs but do not parse. One unreadable CRL does not make the others unusable.
public struct CRLFile: Sendable {
    /// The path the file was read from, or the name its bytes were given.
    public let path: String
    /// The CRLs that parsed, in file order.
    public let crls: [CertificateRevocationList]
    /// The CRLs that did not parse, with why.
    public let unreadable: [UnreadableCRL]
}
