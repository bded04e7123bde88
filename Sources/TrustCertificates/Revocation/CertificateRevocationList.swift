import FoundationEssentials
internal import GnuTLSBridge

/// An X.509 v2 certificate revocation list (RFC 5280 §5) parsed once, at creation, into immutable values.
///
/// As for `Certificate`, GnuTLS validates the encoding and reads the issuer, the signature algorithm
/// and the extensions; TrustCheck's own DER reader slices the TBS bytes and the signature and reads
/// the update times (no 1970 or 2038 limits) and the revoked entries, whose extensions (the reason
/// code) GnuTLS does not expose. Equality is DER byte equality.
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
    /// The revokedCertificates entries in CRL order, each with the certificate issuer it applies to.
    public let revokedCertificates: [RevokedCertificate]
    /// The crlExtensions in CRL order.
    public let extensions: [CertificateExtension]
    /// The CRLNumber's INTEGER content octets; nil when the extension is absent.
    public let crlNumber: [UInt8]?
    /// Whether the CRLNumber is marked critical (RFC 5280 §5.2.3 requires non-critical).
    public let crlNumberIsCritical: Bool
    /// The algorithm the issuer signed with, with its typed hash.
    public let signatureAlgorithm: SignatureAlgorithm
    /// The DER TBSCertList: the bytes the signature covers.
    public let tbsCertList: [UInt8]
    /// The signature BIT STRING as encoded; see `isSigned(by:)` to check it.
    public let signatureValue: SignatureValue
    /// issuingDistributionPoint (§5.2.5): the CRL's scope; nil when absent.
    public let issuingDistributionPoint: DecodedExtension<IssuingDistributionPoint>?
    /// deltaCRLIndicator's BaseCRLNumber (§5.2.4): set exactly when this is a delta CRL.
    public let deltaCRLIndicator: DecodedExtension<CRLNumber>?
    /// freshestCRL (§5.2.6): where the delta CRLs for this complete CRL are; nil when absent.
    public let freshestCRL: DecodedExtension<[DistributionPoint]>?
    /// Entry positions by serial number, in CRL order (an indirect CRL may list one serial per issuer).
    private let entriesBySerial: [[UInt8]: [Int]]

    /// Parses exactly one DER CertificateList.
    public init(der input: [UInt8]) throws(CRLParseError) {
        let entries: [RevokedCertificate]
        do {
            var reader = DERReader(input)
            let outer = try reader.read(tag: DERTag.sequence, "a CertificateList SEQUENCE")
            guard reader.isAtEnd else { throw DERError.unexpected("a single CertificateList (bytes follow it)") }
            der = Array(outer.encoded)
            var parts = DERReader(outer.content)
            let tbs = try parts.read(tag: DERTag.sequence, "a TBSCertList SEQUENCE")
            _ = try parts.read(tag: DERTag.sequence, "a signatureAlgorithm")
            let (signatureBytes, unusedBits) = try parts.read(tag: DERTag.bitString, "a signature BIT STRING").bitString()
            signatureValue = SignatureValue(octets: signatureBytes, unusedBits: unusedBits)
            guard parts.isAtEnd else { throw DERError.unexpected("a CertificateList of three fields") }
            tbsCertList = Array(tbs.encoded)

            var fields = DERReader(tbs.content)
            _ = try fields.readIfPresent(tag: DERTag.integer)  // version; GnuTLS reads and checks it
            _ = try fields.read(tag: DERTag.sequence, "a signature AlgorithmIdentifier")
            let issuerName = try DistinguishedName(der: try fields.read(tag: DERTag.sequence, "an issuer Name").encoded)
            thisUpdate = try X509Time.decode(try fields.read())
            if let next = try fields.readIfPresent(tag: DERTag.utcTime) ?? fields.readIfPresent(tag: DERTag.generalizedTime) {
                nextUpdate = try X509Time.decode(next)
            } else {
                nextUpdate = nil
            }
            entries = try fields.readIfPresent(tag: DERTag.sequence).map { try Self.entries($0, crlIssuer: issuerName) } ?? []
            _ = try fields.readIfPresent(tag: 0xA0)  // crlExtensions: GnuTLS reads them
            guard fields.isAtEnd else { throw DERError.unexpected("a TBSCertList ending with its crlExtensions") }
        } catch let error as CRLParseError {
            throw error
        } catch {
            throw CRLParseError(.malformedDER, "not a DER CRL: \(error)")
        }

        let fields: GnuTLSCRLFields
        do {
            fields = try GnuTLSCRLParser.parse(der: der)
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
        revokedCertificates = entries
        var bySerial: [[UInt8]: [Int]] = [:]
        for (index, entry) in entries.enumerated() { bySerial[entry.serialNumber, default: []].append(index) }
        entriesBySerial = bySerial
        let extensions = self.extensions
        issuingDistributionPoint = extensions.decoded(CRLExtensionOID.issuingDistributionPoint) { try IssuingDistributionPoint(der: $0) }
        deltaCRLIndicator = extensions.decoded(CRLExtensionOID.deltaCRLIndicator) { try CRLNumber(extensionValue: $0) }
        freshestCRL = extensions.decoded(CRLExtensionOID.freshestCRL) { try DistributionPoint.points(der: $0) }
    }

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
        signatureValue.isMade(by: key, over: tbsCertList[...], algorithm: signatureAlgorithm)
    }

    /// The first entry for this serial number (DER INTEGER content octets), whatever issuer it applies to.
    public func entry(forSerialNumber serial: [UInt8]) -> RevokedCertificate? {
        entriesBySerial[serial]?.first.map { revokedCertificates[$0] }
    }

    /// The first entry revoking `certificate` (§5.3.3): its serial number, and a certificate issuer
    /// (the entry's, carried over from earlier entries, or the CRL's) naming the certificate's issuer.
    public func entry(for certificate: Certificate) -> RevokedCertificate? {
        (entriesBySerial[certificate.serialNumber] ?? []).lazy.map { self.revokedCertificates[$0] }
            .first { GeneralName.anyMatch($0.certificateIssuer, [.directoryName(certificate.issuer)]) }
    }

    /// Critical CRL and entry extensions TrustCheck does not understand: RFC 5280 §5.2 and §5.3 forbid
    /// using a CRL that has any.
    public var unknownCriticalExtensions: [String] {
        let own = extensions.filter { $0.critical && !CRLExtensionOID.understood.contains($0.oid) }.map(\.oid)
        let inEntries = revokedCertificates.flatMap(\.extensions)
            .filter { $0.critical && !CRLExtensionOID.understoodInEntries.contains($0.oid) }.map(\.oid)
        var seen = Set<String>()
        return (own + inEntries).filter { seen.insert($0).inserted }
    }

    /// "CRL of <issuer> issued <thisUpdate>".
    public var description: String { "CRL of \(issuer.rfc4514) issued \(thisUpdate)" }

    /// DER byte equality.
    public static func == (lhs: CertificateRevocationList, rhs: CertificateRevocationList) -> Bool { lhs.der == rhs.der }
    /// Hashes the fingerprint, consistent with DER equality.
    public func hash(into hasher: inout Hasher) { hasher.combine(sha256) }

    // MARK: DER of the entries

    /// The entries, each with the certificate issuer it applies to: §5.3.3's certificateIssuer
    /// carries over from one entry to the next, starting at the CRL's issuer.
    private static func entries(_ list: DERNode, crlIssuer: DistinguishedName) throws -> [RevokedCertificate] {
        var issuer: [GeneralName] = [.directoryName(crlIssuer)]
        return try list.children().enumerated().map { index, node in
            do {
                let parsed = try entry(node, issuer: issuer)
                issuer = parsed.certificateIssuer
                return parsed
            } catch {
                throw CRLParseError(.badEntry, "revoked entry \(index + 1): \(error)")
            }
        }
    }

    private static func entry(_ node: DERNode, issuer previous: [GeneralName]) throws -> RevokedCertificate {
        guard node.tag == DERTag.sequence else { throw DERError.unexpected("a revoked-certificate SEQUENCE") }
        var fields = DERReader(node.content)
        let serial = try fields.read(tag: DERTag.integer, "a userCertificate serial number")
        guard !serial.content.isEmpty else { throw DERError.unexpected("a non-empty serial number") }
        let date = try X509Time.decode(try fields.read())
        let extensions = try fields.readIfPresent(tag: DERTag.sequence).map(CertificateExtension.list) ?? []
        guard fields.isAtEnd else { throw DERError.unexpected("an entry of serial, date and extensions") }
        var reason: CRLReason?
        if let code = extensions.first(oid: CRLExtensionOID.reasonCode) {
            var value = DERReader(code.valueBytes)
            let enumerated = try value.read(tag: DERTag.enumerated, "a reasonCode ENUMERATED")
            guard value.isAtEnd, enumerated.content.count == 1, let parsed = CRLReason(rawValue: Int(enumerated.content.first!))
            else { throw CRLParseError(.badEntry, "reasonCode is not one of RFC 5280's reasons") }
            reason = parsed
        }
        var issuer = previous
        if let named = extensions.first(oid: CRLExtensionOID.certificateIssuer) {
            do {
                issuer = try GeneralName.names(der: named.valueBytes)
            } catch {
                throw CRLParseError(.badEntry, "certificateIssuer is not GeneralNames: \(error)")
            }
            guard !issuer.isEmpty else { throw CRLParseError(.badEntry, "certificateIssuer names no issuer") }
        }
        return RevokedCertificate(serialNumber: Array(serial.content), revocationDate: date, reason: reason,
                                  extensions: extensions, certificateIssuer: issuer)
    }
}
