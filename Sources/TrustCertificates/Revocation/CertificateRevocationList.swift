import FoundationEssentials
internal import GnuTLSBridge

/// An X.509 v2 certificate revocation list (RFC 5280 §5) parsed once, at creation, into immutable values.
///
/// TrustCheck's own DER reader slices the TBS bytes and the signature and reads the update times (no
/// 1970 or 2038 limits) and the revoked entries, whose extensions (the reason code) GnuTLS does not
/// expose; GnuTLS validates the encoding of, and reads, the issuer, the signature algorithm and the
/// extensions. GnuTLS is given the CRL without its revokedCertificates (the same CertificateList with
/// that one field left out), so its ASN.1 decoder never walks the entries: their number and size cost
/// GnuTLS nothing, and the limits (`CRLLimits`) are enforced before GnuTLS sees a byte. The entries
/// stay slices of `der` (`RevokedCertificateList`). Equality is DER byte equality.
public final class CertificateRevocationList: Sendable, Hashable, CustomStringConvertible {
    /// The CRL's DER encoding.
    public let der: [UInt8]
    /// SHA-256 of `der`.
    public let sha256: [UInt8]
    /// 1 (no extensions) or 2.
    public let version: Int
    /// The issuer Name, which must match the certificate issuer's subject.
    public let issuer: DistinguishedName
    /// When the CRL was issued.
    public let thisUpdate: Date
    /// nil when absent (RFC 5280 makes it mandatory for conforming CAs, ASN.1 optional).
    public let nextUpdate: Date?
    /// The revokedCertificates entries in CRL order, each with the certificate issuer it applies to,
    /// decoded from `der` when read.
    public let revokedCertificates: RevokedCertificateList
    /// The crlExtensions in CRL order.
    public let extensions: [CertificateExtension]
    /// The CRLNumber's INTEGER content octets; nil when the extension is absent.
    public let crlNumber: [UInt8]?
    /// Whether the CRLNumber is marked critical (RFC 5280 §5.2.3 requires non-critical).
    public let crlNumberIsCritical: Bool
    /// The algorithm the issuer signed with, with its typed hash.
    public let signatureAlgorithm: SignatureAlgorithm
    /// Where the TBSCertList lies in `der`.
    private let tbsRange: Range<Int>
    /// The signature BIT STRING as encoded; see `isSigned(by:)` to check it.
    public let signatureValue: SignatureValue
    /// issuingDistributionPoint (§5.2.5): the CRL's scope; nil when absent.
    public let issuingDistributionPoint: DecodedExtension<IssuingDistributionPoint>?
    /// deltaCRLIndicator's BaseCRLNumber (§5.2.4): set exactly when this is a delta CRL.
    public let deltaCRLIndicator: DecodedExtension<CRLNumber>?
    /// freshestCRL (§5.2.6): where the delta CRLs for this complete CRL are; nil when absent.
    public let freshestCRL: DecodedExtension<[DistributionPoint]>?

    /// Parses exactly one DER CertificateList within `CRLLimits.default`.
    public convenience init(der input: [UInt8]) throws(CRLParseError) {
        try self.init(der: input, limits: .default)
    }

    /// Parses exactly one DER CertificateList, refusing one beyond `limits` before reading its entries.
    public init(der input: [UInt8], limits: CRLLimits) throws(CRLParseError) {
        guard input.count <= limits.maximumBytes else {
            throw CRLParseError(.tooLarge, "the CRL is \(input.count) bytes, more than the limit of \(limits.maximumBytes) "
                                + "(CRLLimits.maximumBytes)")
        }
        let forGnuTLS: [UInt8]
        let issuerName: DistinguishedName
        let list: DERNode?
        let whole: [UInt8]
        do {
            var reader = DERReader(input)
            let outer = try reader.read(tag: DERTag.sequence, "a CertificateList SEQUENCE")
            guard reader.isAtEnd else { throw DERError.unexpected("a single CertificateList (bytes follow it)") }
            // The input is the CertificateList (the reader refused anything after it): kept, not copied,
            // and every slice below indexes it.
            whole = input
            var parts = DERReader(outer.content)
            let tbs = try parts.read(tag: DERTag.sequence, "a TBSCertList SEQUENCE")
            let algorithm = try parts.read(tag: DERTag.sequence, "a signatureAlgorithm")
            let signatureNode = try parts.read(tag: DERTag.bitString, "a signature BIT STRING")
            let (signatureBytes, unusedBits) = try signatureNode.bitString()
            signatureValue = SignatureValue(octets: signatureBytes, unusedBits: unusedBits)
            guard parts.isAtEnd else { throw DERError.unexpected("a CertificateList of three fields") }
            tbsRange = tbs.encoded.startIndex..<tbs.encoded.endIndex

            var fields = DERReader(tbs.content)
            let version = try fields.readIfPresent(tag: DERTag.integer)  // GnuTLS reads and checks it
            let innerAlgorithm = try fields.read(tag: DERTag.sequence, "a signature AlgorithmIdentifier")
            let issuerNode = try fields.read(tag: DERTag.sequence, "an issuer Name")
            issuerName = try DistinguishedName(der: issuerNode.encoded)
            let thisNode = try fields.read()
            thisUpdate = try X509Time.decode(thisNode)
            let nextNode = try fields.readIfPresent(tag: DERTag.utcTime) ?? fields.readIfPresent(tag: DERTag.generalizedTime)
            nextUpdate = try nextNode.map(X509Time.decode)
            list = try fields.readIfPresent(tag: DERTag.sequence)
            let crlExtensions = try fields.readIfPresent(tag: 0xA0)  // GnuTLS reads them
            guard fields.isAtEnd else { throw DERError.unexpected("a TBSCertList ending with its crlExtensions") }
            // The same CertificateList without revokedCertificates: all GnuTLS reads, none of the entries.
            let kept = [version, innerAlgorithm, issuerNode, thisNode, nextNode, crlExtensions].compactMap { $0 }
            let tbsContent = kept.reduce(into: [UInt8]()) { $0 += $1.encoded }
            let shortTBS = [DERTag.sequence] + DEREncoder.length(tbsContent.count) + tbsContent
            let content = shortTBS + algorithm.encoded + signatureNode.encoded
            forGnuTLS = [DERTag.sequence] + DEREncoder.length(content.count) + content
        } catch let error as CRLParseError {
            throw error
        } catch {
            throw CRLParseError(.malformedDER, "not a DER CRL: \(error)")
        }
        der = whole
        revokedCertificates = try RevokedCertificateList(der: whole, list: list, crlIssuer: issuerName,
                                                         maximumEntries: limits.maximumEntries)

        let fields: GnuTLSCRLFields
        do {
            fields = try GnuTLSCRLParser.parse(der: forGnuTLS)
        } catch {
            throw CRLParseError(.rejectedByGnuTLS, "GnuTLS rejected the CRL: \(error)")
        }
        do {
            issuer = try DistinguishedName(der: fields.rawIssuer, rfc4514: fields.issuerString)
        } catch {
            throw CRLParseError(.malformedIssuer, "malformed issuer name: \(error)")
        }

        sha256 = SHA256.hash(der)
        version = fields.version
        signatureAlgorithm = SignatureAlgorithm(gnutlsID: fields.signatureAlgorithm, oid: fields.signatureAlgorithmOID)
        extensions = fields.extensions.map { CertificateExtension(oid: $0.oid, critical: $0.critical, valueBytes: $0.value[...]) }
        crlNumber = fields.crlNumber
        crlNumberIsCritical = fields.crlNumberCritical
        let extensions = self.extensions
        issuingDistributionPoint = extensions.decoded(CRLExtensionOID.issuingDistributionPoint) { try IssuingDistributionPoint(der: $0) }
        deltaCRLIndicator = extensions.decoded(CRLExtensionOID.deltaCRLIndicator) { try CRLNumber(extensionValue: $0) }
        freshestCRL = extensions.decoded(CRLExtensionOID.freshestCRL) { try DistributionPoint.points(der: $0) }
    }

    /// The DER TBSCertList: the bytes the signature covers (a slice of `der`).
    public var tbsCertList: ArraySlice<UInt8> { der[tbsRange] }

    /// The CRLNumber as a number; nil when absent or not an INTEGER.
    public var number: CRLNumber? { crlNumber.map(CRLNumber.init(content:)) }

    /// Whether this is a delta CRL (it has a deltaCRLIndicator, readable or not).
    public var isDelta: Bool { deltaCRLIndicator != nil }

    /// The authorityKeyIdentifier extension's value, for matching a delta CRL with its base (§6.3.3 (c)(3)).
    public var authorityKeyIdentifier: [UInt8]? { extensions.first(oid: CRLExtensionOID.authorityKeyIdentifier)?.value }

    /// The signature's octets (see `signatureValue` for its unused bits).
    public var signature: [UInt8] { signatureValue.bytes }

    /// Whether `issuer`'s key made this CRL's signature; a malformed signature value verifies nothing.
    public func isSigned(by issuer: Certificate) -> Bool { isSigned(byKey: issuer.publicKey) }

    /// Whether `key` made this CRL's signature: for a signer key that is not its certificate's own as
    /// written, such as a DSA key completed with inherited parameters
    /// (`PublicKeyInfo.inheritingDSAParameters(from:)`).
    public func isSigned(byKey key: PublicKeyInfo) -> Bool {
        signatureValue.isMade(by: key, over: tbsCertList, algorithm: signatureAlgorithm)
    }

    /// The first entry for this serial number (DER INTEGER content octets, compared by integer value),
    /// whatever issuer it applies to.
    public func entry(forSerialNumber serial: [UInt8]) -> RevokedCertificate? {
        revokedCertificates.entries(forSerialNumber: serial).first
    }

    /// Every entry revoking `certificate` (§5.3.3), in CRL order: its serial number, compared as an
    /// integer, and a certificate issuer (the entry's, carried over from earlier entries, or the CRL's)
    /// naming the certificate's issuer. More than one is a CRL listing the certificate twice.
    public func entries(for certificate: Certificate) -> [RevokedCertificate] {
        revokedCertificates.entries(forSerialNumber: certificate.serialNumber)
            .filter { GeneralName.anyMatch($0.certificateIssuer, [.directoryName(certificate.issuer)]) }
    }

    /// The entry that decides for `certificate` (§5.3.3 matching, see `entries(for:)`): the first that
    /// revokes it, one whose reason is not removeFromCRL, when there is one — a CRL that both lists and
    /// un-lists a certificate revokes it — else the first.
    public func entry(for certificate: Certificate) -> RevokedCertificate? {
        let all = entries(for: certificate)
        return all.first { $0.reason != .removeFromCRL } ?? all.first
    }

    /// Critical CRL and entry extensions TrustCheck does not understand: RFC 5280 §5.2 and §5.3 forbid
    /// using a CRL that has any.
    public var unknownCriticalExtensions: [String] {
        let own = extensions.filter { $0.critical && !CRLExtensionOID.understood.contains($0.oid) }.map(\.oid)
        let inEntries = revokedCertificates.unknownCriticalExtensions
        var seen = Set<String>()
        return (own + inEntries).filter { seen.insert($0).inserted }
    }

    /// "CRL of <issuer> issued <thisUpdate>".
    public var description: String { "CRL of \(issuer.rfc4514) issued \(thisUpdate)" }

    /// DER byte equality.
    public static func == (lhs: CertificateRevocationList, rhs: CertificateRevocationList) -> Bool { lhs.der == rhs.der }
    /// Hashes the fingerprint, consistent with DER equality.
    public func hash(into hasher: inout Hasher) { hasher.combine(sha256) }
}
