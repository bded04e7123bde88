/// A CRL the caller supplied that is framed as one (a PEM `X509 CRL` block, or one DER item of a CRL
/// file) but does not parse. It revokes nothing and vouches for nothing; it is kept so that an
/// evaluation whose revocation status it might have decided can fail closed and say why, while the
/// other CRLs beside it are still used.
public struct UnreadableCRL: Sendable, Hashable, CustomStringConvertible {
    /// The file it came from.
    public let path: String
    /// "CRL 2 of 3" when the file holds several CRLs; empty otherwise.
    public let position: String
    /// The issuer Name, when the bytes are whole enough to show one; nil otherwise, in which case it
    /// may be any issuer's CRL.
    public let issuer: DistinguishedName?
    /// Why the CRL did not parse.
    public let error: CRLParseError

    /// `der` is item `index` (from 0) of the `count` CRLs in `path`, which failed to parse with `error`.
    public init(der: [UInt8], path: String, index: Int, of count: Int, error: CRLParseError) {
        self.path = path
        position = count > 1 ? "CRL \(index + 1) of \(count)" : ""
        self.error = error
        issuer = Self.issuer(in: der)
    }

    /// "file.pem, CRL 2 of 3: not a DER CRL: ...".
    public var description: String { path + (position.isEmpty ? "" : ", " + position) + ": " + error.reason }

    /// The issuer of a CertificateList as far as its first fields go (RFC 5280 §5.1: version?,
    /// signature, issuer), without trusting anything after them.
    private static func issuer(in der: [UInt8]) -> DistinguishedName? {
        do {
            var reader = DERReader(der)
            var parts = DERReader(try reader.read(tag: DERTag.sequence, "a CertificateList").content)
            var fields = DERReader(try parts.read(tag: DERTag.sequence, "a TBSCertList").content)
            _ = try fields.readIfPresent(tag: DERTag.integer)
            _ = try fields.read(tag: DERTag.sequence, "a signature AlgorithmIdentifier")
            return try DistinguishedName(der: try fields.read(tag: DERTag.sequence, "an issuer Name").encoded)
        } catch {
            return nil
        }
    }
}
