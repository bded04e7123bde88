import FoundationEssentials
internal import GnuTLSBridge

/// An X.509 certificate parsed once, at creation, into immutable values.
///
/// TrustCheck's own DER reader decodes the whole certificate (`CertificateFields`: names, validity with
/// dates before 1970, every extension the model or a profile reads, the key's SPKI); GnuTLS imports the public key once, to check
/// signatures. Text renderings (names, SHA-1) are made on first use. Equality is DER byte equality, as
/// Apple's `CFEqual` on SecCertificate.
public final class Certificate: Sendable, Hashable, CustomStringConvertible {
    /// The certificate's DER encoding, exactly as read (without trailing bytes).
    public let der: [UInt8]
    /// SHA-256 of `der`: the certificate's fingerprint and hash key.
    public let sha256: [UInt8]
    /// SHA-1 of `der`, for Apple's SecCertificateCopySHA1Digest and display only: computed on first use.
    public var sha1: [UInt8] { deferred.sha1.computedOnce { SHA1.hash(der) } }
    /// The X.509 version: 1, 2 or 3.
    public let version: Int
    /// The DER INTEGER content octets of the serial number (a leading 00 is kept).
    public var serialNumber: [UInt8] { Array(serialBytes) }
    /// The same octets where they lie in `der`, for the checks that read them on every evaluation.
    package let serialBytes: ArraySlice<UInt8>
    /// The subject Name.
    public let subject: DistinguishedName
    /// The issuer Name.
    public let issuer: DistinguishedName
    /// The start of the validity period, read by TrustCheck (dates before 1970 included).
    public let notBefore: Date
    /// The end of the validity period (inclusive, RFC 5280 §4.1.2.5).
    public let notAfter: Date
    /// The algorithm the issuer signed with, with its typed hash (see `HashAlgorithm` for the strength rules).
    public let signatureAlgorithm: SignatureAlgorithm
    /// The DER TBSCertificate: the bytes the signature covers (a copy; `tbsBytes` is the same in place).
    public var tbsCertificate: [UInt8] { Array(tbsBytes) }
    /// The TBSCertificate where it lies in `der`: what signature checks read, without a copy per
    /// certificate parsed.
    var tbsBytes: ArraySlice<UInt8> { der[tbsRange] }
    private let tbsRange: Range<Int>
    /// The signature BIT STRING as encoded; see `isSigned(by:)` to check it.
    public let signatureValue: SignatureValue
    /// The subject's public key.
    public let publicKey: PublicKeyInfo

    /// Every extension in certificate order, duplicates included.
    public let extensions: [CertificateExtension]
    /// basicConstraints; nil when absent or unparseable (see `unparseableExtensions`).
    public let basicConstraints: BasicConstraints?
    /// keyUsage bits; nil when absent or unparseable.
    public let keyUsage: KeyUsage?
    /// nil when the extension is absent; the OIDs in certificate order otherwise.
    public let extendedKeyUsage: [String]?
    /// The subjectAltName entries in order; nil when absent or unparseable.
    public let subjectAlternativeNames: [GeneralName]?
    /// The subjectKeyIdentifier octets; nil when absent or unparseable.
    public let subjectKeyIdentifier: [UInt8]?
    /// The authorityKeyIdentifier's keyIdentifier octets as GnuTLS reads them (issuer lookup uses
    /// them); nil when absent. `authorityKeyIdentifierFields` has every field.
    public let authorityKeyIdentifier: [UInt8]?
    /// nameConstraints, decoded by TrustCheck; nil when absent or unparseable.
    public let nameConstraints: NameConstraints?
    /// certificatePolicies in order; nil when absent or unparseable.
    public let policies: [CertificatePolicy]?
    /// The authorityKeyIdentifier's fields as TrustCheck decodes them; nil when the extension is absent.
    public let authorityKeyIdentifierFields: DecodedExtension<AuthorityKeyIdentifier>?
    /// The authorityInfoAccess descriptions; nil when the extension is absent.
    public let authorityInfoAccess: DecodedExtension<[AccessDescription]>?
    /// policyMappings (RFC 5280 §4.2.1.5), read by the policy tree; nil when the extension is absent.
    public let policyMappings: DecodedExtension<PolicyMappings>?
    /// policyConstraints (§4.2.1.11), read by the policy tree; nil when the extension is absent.
    public let policyConstraints: DecodedExtension<PolicyConstraints>?
    /// inhibitAnyPolicy (§4.2.1.14), read by the policy tree; nil when the extension is absent.
    public let inhibitAnyPolicy: DecodedExtension<InhibitAnyPolicy>?
    /// cRLDistributionPoints (§4.2.1.13), read by revocation checking; nil when the extension is absent.
    public let crlDistributionPoints: DecodedExtension<[DistributionPoint]>?
    /// freshestCRL (§4.2.1.15): where the delta CRLs are; nil when the extension is absent.
    public let freshestCRL: DecodedExtension<[DistributionPoint]>?
    /// The issuer's names for §6.3.3's implicit distribution point: the issuer field as a
    /// directoryName, then the issuerAltName entries (an unreadable issuerAltName adds none). Made when
    /// asked (revocation checking with CRLs only), not for every certificate parsed.
    public var issuerNames: [GeneralName] { [.directoryName(issuer)] + issuerAlternativeNames }
    /// The issuerAltName entries; empty when absent or unreadable.
    let issuerAlternativeNames: [GeneralName]
    /// Known extensions that could not be decoded, by OID, with the reason; such an extension's
    /// property above is nil.
    public let unparseableExtensions: [String: String]
    /// OIDs that occur more than once in the extensions.
    public let duplicateExtensions: [String]
    /// The RFC 5280 encoding rules the certificate breaks although Apple or GnuTLS load it (a
    /// signatureAlgorithm that differs from the TBS's, a version above v3, a validity time outside the
    /// profile). Loading is not validation: the profiles that enforce a rule fail the certificate for it.
    public let encodingDefects: [EncodingDefect]
    /// `sha1`, `isSelfSigned` and `subjectSummary`, each decided on first use (messages and policy-tree
    /// names ask for the summary on every evaluation that reports them).
    let deferred = DeferredCertificateFacts()
    /// Whether subject and issuer are the same name (RFC 5280 §6.1, after normalisation); says nothing of
    /// who signed it.
    public let isSelfIssued: Bool
    /// The OIDs of the extensions marked critical, in order.
    public let criticalExtensionOIDs: [String]
    /// Critical extensions TrustCheck does not understand: any of these makes the certificate unusable.
    public let unknownCriticalExtensions: [String]

    /// Parses the first DER certificate in `input`; trailing bytes are ignored, as Apple's
    /// SecCertificateCreateWithData does. TrustCheck's DER reader decodes every field, once; GnuTLS
    /// only imports the public key (the one key object this certificate keeps).
    public convenience init(der input: [UInt8]) throws(CertificateParseError) {
        try self.init(der: input, sha256: nil)
    }

    /// The same, with `sha256` already known to be SHA-256 of the Certificate's encoding in `input`
    /// (`CertificateCache` has just computed it to look the certificate up).
    init(der input: [UInt8], sha256 knownDigest: [UInt8]?) throws(CertificateParseError) {
        let fields: CertificateFields
        do {
            var reader = DERReader(input)
            var outer = try reader.read(tag: DERTag.sequence, "a Certificate SEQUENCE")
            // The usual input is exactly one certificate: keep its buffer rather than copy it. With trailing
            // bytes, read the fields from the copy: they are slices of the buffer they are read from, and
            // must keep the certificate alive, not the whole input.
            if outer.encoded.count == input.count {
                der = input
            } else {
                der = Array(outer.encoded)
                var own = DERReader(der)
                outer = try own.read()
            }
            fields = try CertificateFields(certificate: outer)
        } catch {
            throw CertificateParseError(.malformedDER, "not a DER certificate: \(error)")
        }
        do {
            subject = try DistinguishedName(certificateName: fields.subject)
            issuer = try DistinguishedName(certificateName: fields.issuer)
            publicKey = try PublicKeyInfo(spki: fields.subjectPublicKeyInfo)
        } catch {
            throw CertificateParseError(.malformedNameOrKey, "malformed name or key: \(error)")
        }

        tbsRange = fields.tbsRange
        signatureValue = fields.signatureValue
        notBefore = fields.notBefore
        notAfter = fields.notAfter
        sha256 = knownDigest ?? SHA256.hash(der)
        version = fields.version
        serialBytes = fields.serial
        signatureAlgorithm = fields.signatureAlgorithm
        let extensions = fields.extensions
        self.extensions = extensions
        duplicateExtensions = Self.repeatedOIDs(extensions)
        encodingDefects = fields.encodingDefects
        var critical: [String] = []
        for entry in extensions where entry.critical { critical.append(entry.oid) }
        criticalExtensionOIDs = critical
        unknownCriticalExtensions = critical.filter { !ExtensionOID.understood.contains($0) }
        isSelfIssued = subject.normalized == issuer.normalized
        basicConstraints = fields.basicConstraints
        keyUsage = fields.keyUsage
        extendedKeyUsage = fields.extendedKeyUsage
        subjectKeyIdentifier = fields.subjectKeyIdentifier
        authorityKeyIdentifier = fields.authorityKeyIdentifier
        policies = fields.policies
        subjectAlternativeNames = fields.subjectAlternativeNames
        nameConstraints = fields.nameConstraints
        unparseableExtensions = fields.unparseableExtensions
        authorityKeyIdentifierFields = fields.authorityKeyIdentifierFields
        authorityInfoAccess = fields.authorityInfoAccess
        policyMappings = fields.policyMappings
        policyConstraints = fields.policyConstraints
        inhibitAnyPolicy = fields.inhibitAnyPolicy
        crlDistributionPoints = fields.crlDistributionPoints
        freshestCRL = fields.freshestCRL
        issuerAlternativeNames = fields.issuerAlternativeNames
    }

    /// Each extension OID that an earlier extension already has, in order: compared pairwise for the
    /// handful a certificate has, through a set (linear) for more.
    private static func repeatedOIDs(_ extensions: [CertificateExtension]) -> [String] {
        if extensions.count <= 16 {
            return extensions.indices.compactMap { index in
                extensions[..<index].contains { $0.oid == extensions[index].oid } ? extensions[index].oid : nil
            }
        }
        var seen = Set<String>()
        return extensions.map(\.oid).filter { !seen.insert($0).inserted }
    }

    /// The DER of the first Certificate SEQUENCE in `input` (its tag, length and content, without
    /// trailing bytes): what `init(der:)` parses and `sha256` hashes.
    static func encoding(in input: [UInt8]) throws(CertificateParseError) -> [UInt8] {
        do {
            var reader = DERReader(input)
            let encoded = try reader.read(tag: DERTag.sequence, "a Certificate SEQUENCE").encoded
            return encoded.count == input.count ? input : Array(encoded)
        } catch {
            throw CertificateParseError(.malformedDER, "not a DER certificate: \(error)")
        }
    }

    /// Whether `issuer`'s key made this certificate's signature. The one place a certificate's
    /// signature is checked: a malformed signature value or a key GnuTLS cannot use verifies nothing.
    public func isSigned(by issuer: Certificate) -> Bool {
        signatureValue.isMade(by: issuer.publicKey, over: tbsBytes, algorithm: signatureAlgorithm)
    }

    /// Whether the certificate is self-issued and its own key made its signature. Decided once per
    /// certificate, on first use: an anchor's self-signature is a fact of its bytes, which no profile
    /// of Apple's needs (Apple never checks it), so long-lived anchors pay for it at most once and
    /// usually never.
    public var isSelfSigned: Bool { deferred.isSelfSigned.computedOnce { isSelfIssued && isSigned(by: self) } }

    // MARK: Derived views

    /// The signature's octets (see `signatureValue` for its unused bits).
    public var signature: [UInt8] { signatureValue.bytes }

    /// The first extension with `oid`, as the decoded properties use it when an extension is duplicated.
    public func `extension`(_ oid: String) -> CertificateExtension? { extensions.first(oid: oid) }

    /// SHA-256 of the SubjectPublicKeyInfo (see `PublicKeyInfo.spkiSHA256`).
    public var spkiSHA256: [UInt8] { publicKey.spkiSHA256 }
    /// The key's HPKP-style pin, "sha256/<base64>".
    public var pin: String { publicKey.pin }
    /// The subject's commonName values in order.
    public var commonNames: [String] { subject.commonNames }
    /// The SAN dNSName entries in order; empty without a SAN.
    public var dnsNames: [String] {
        subjectAlternativeNames?.compactMap { if case .dnsName(let name) = $0 { return name } else { return nil } } ?? []
    }
    /// The SAN rfc822Name entries followed by the subject's emailAddress attributes.
    public var emailAddresses: [String] {
        let san: [String] = subjectAlternativeNames?.compactMap {
            if case .rfc822Name(let address) = $0 { return address } else { return nil }
        } ?? []
        return san + subject.values(of: AttributeOID.emailAddress)
    }
    /// The SAN iPAddress entries' octets in order (see `IPAddress` for their text).
    public var ipAddresses: [[UInt8]] {
        subjectAlternativeNames?.compactMap { if case .ipAddress(let ip) = $0 { return ip } else { return nil } } ?? []
    }
    /// Whether basicConstraints asserts cA.
    public var isCA: Bool { basicConstraints?.isCA ?? false }

    /// The subject summary Apple shows (SecCertificateCopySubjectSummary), else the subject's RFC 4514 text.
    public var description: String { subjectSummary ?? subject.rfc4514 }

    /// DER byte equality, as Apple's CFEqual on SecCertificate.
    public static func == (lhs: Certificate, rhs: Certificate) -> Bool { lhs.der == rhs.der }
    /// Hashes the fingerprint, consistent with DER equality.
    public func hash(into hasher: inout Hasher) { ByteKey.hash(sha256, into: &hasher) }
}
