import FoundationEssentials
internal import GnuTLSBridge

/// Everything `Certificate` reads from a certificate's DER, decoded once by TrustCheck's own DER reader
/// (RFC 5280 §4.1): GnuTLS is left only the public key (import and signature checks) and, on request,
/// the text of names. Known extensions are decoded one by one; one that does not decode is recorded in
/// `unparseableExtensions` with the reason, so a check can fail closed on it without losing the rest.
/// The profile values (the policy tree's, revocation's, AKI and AIA) are decoded here too, once, into
/// `DecodedExtension`s: a malformed one is kept as `.malformed` for the rule that reads it.
struct CertificateFields {
    var version = 1
    var serial: ArraySlice<UInt8> = []
    var signatureAlgorithm: SignatureAlgorithm
    /// Where the TBSCertificate lies in the input (whose first certificate starts at its index 0, so
    /// the same range in the certificate's own DER).
    var tbsRange: Range<Int> = 0..<0
    var issuer: ArraySlice<UInt8> = []
    var subject: ArraySlice<UInt8> = []
    var notBefore = Date(timeIntervalSince1970: 0)
    var notAfter = Date(timeIntervalSince1970: 0)
    var subjectPublicKeyInfo: ArraySlice<UInt8> = []
    var signatureValue = SignatureValue(bytes: [], unusedBits: 0)
    var extensions: [CertificateExtension] = []
    var basicConstraints: BasicConstraints?
    var keyUsage: KeyUsage?
    var extendedKeyUsage: [String]?
    var subjectKeyIdentifier: [UInt8]?
    var authorityKeyIdentifier: [UInt8]?
    var policies: [CertificatePolicy]?
    var subjectAlternativeNames: [GeneralName]?
    var nameConstraints: NameConstraints?
    var unparseableExtensions: [String: String] = [:]
    var authorityKeyIdentifierFields: DecodedExtension<AuthorityKeyIdentifier>?
    var authorityInfoAccess: DecodedExtension<[AccessDescription]>?
    var policyMappings: DecodedExtension<PolicyMappings>?
    var policyConstraints: DecodedExtension<PolicyConstraints>?
    var inhibitAnyPolicy: DecodedExtension<InhibitAnyPolicy>?
    var crlDistributionPoints: DecodedExtension<[DistributionPoint]>?
    var freshestCRL: DecodedExtension<[DistributionPoint]>?
    /// issuerAltName's entries; empty when absent or unreadable (§6.3.3's implicit point adds none then).
    var issuerAlternativeNames: [GeneralName] = []
    /// The encoding rules this certificate breaks that GnuTLS or Apple load it despite.
    var encodingDefects: [EncodingDefect] = []

    /// Reads a whole DER Certificate: SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue }.
    /// Throws on anything that is not a well-formed certificate (as GnuTLS refuses at import): a
    /// truncated or non-minimal TLV, a missing field, trailing data inside a structure, unique
    /// identifiers or extensions where the version forbids them. What GnuTLS or Apple load although it
    /// breaks an RFC 5280 rule (a version above v3, a signatureAlgorithm that differs from the TBS's
    /// signature field, a validity time outside §4.1.2.5's profile) loads, with the fault recorded in
    /// `encodingDefects` for the profiles' checks.
    init(certificate: DERNode) throws {
        var parts = DERReader(certificate.content)
        let tbsNode = try parts.read(tag: DERTag.sequence, "a TBSCertificate SEQUENCE")
        let outerAlgorithm = try parts.read(tag: DERTag.sequence, "a signatureAlgorithm")
        let (signatureBytes, unusedBits) = try parts.read(tag: DERTag.bitString, "a signature BIT STRING").bitString()
        guard parts.isAtEnd else { throw DERError.unexpected("a Certificate of three fields") }
        signatureValue = SignatureValue(octets: signatureBytes, unusedBits: unusedBits)
        tbsRange = tbsNode.encoded.indices

        var fields = DERReader(tbsNode.content)
        if let explicitVersion = try fields.readIfPresent(tag: 0xA0) {
            var inner = DERReader(explicitVersion.content)
            let number = try inner.read(tag: DERTag.integer, "a version INTEGER")
            guard inner.isAtEnd, number.content.count == 1, let value = number.content.first, value < 0x80 else {
                throw DERError.unexpected("a version INTEGER of one octet")
            }
            version = Int(value) + 1
            if version > 3 { encodingDefects.append(.unknownVersion(version)) }
        }
        let serialNode = try fields.read(tag: DERTag.integer, "a serialNumber")
        guard !serialNode.content.isEmpty else { throw DERError.unexpected("a serialNumber INTEGER") }
        serial = serialNode.content
        let innerAlgorithm = try fields.read(tag: DERTag.sequence, "a signature AlgorithmIdentifier")
        signatureAlgorithm = try Self.signatureAlgorithm(innerAlgorithm)
        if !innerAlgorithm.encoded.elementsEqual(outerAlgorithm.encoded) {
            encodingDefects.append(try Self.mismatch(outer: outerAlgorithm, inner: innerAlgorithm))
        }
        issuer = try fields.read(tag: DERTag.sequence, "an issuer Name").encoded
        let validity = try fields.read(tag: DERTag.sequence, "a Validity")
        var times = DERReader(validity.content)
        let (start, startDeviation) = try X509Time.decodeValidity(try times.read())
        let (end, endDeviation) = try X509Time.decodeValidity(try times.read())
        notBefore = start
        notAfter = end
        if let startDeviation { encodingDefects.append(.validityTimeEncoding("notBefore is a \(startDeviation)")) }
        if let endDeviation { encodingDefects.append(.validityTimeEncoding("notAfter is a \(endDeviation)")) }
        guard times.isAtEnd else { throw DERError.unexpected("a Validity of two times") }
        subject = try fields.read(tag: DERTag.sequence, "a subject Name").encoded
        subjectPublicKeyInfo = try fields.read(tag: DERTag.sequence, "a SubjectPublicKeyInfo").encoded
        for uniqueIDTag: UInt8 in [0x81, 0xA1, 0x82, 0xA2] where try fields.readIfPresent(tag: uniqueIDTag) != nil {
            guard version >= 2 else { throw DERError.unexpected("no unique identifiers in a v1 certificate") }
        }
        if let explicitExtensions = try fields.readIfPresent(tag: 0xA3) {
            guard version >= 3 else { throw DERError.unexpected("extensions only in a v3 certificate") }
            var inner = DERReader(explicitExtensions.content)
            let list = try inner.read(tag: DERTag.sequence, "an Extensions SEQUENCE")
            guard inner.isAtEnd, !list.content.isEmpty else { throw DERError.unexpected("a non-empty Extensions SEQUENCE") }
            extensions = try CertificateExtension.list(list)
        }
        guard fields.isAtEnd else { throw DERError.unexpected("nothing after the extensions of a TBSCertificate") }
        decodeKnownExtensions()
        decodeProfileValues()
    }

    /// How the outer signatureAlgorithm differs from the TBSCertificate's signature field, which the
    /// signature is checked with (as Apple's SecCertificateIsSignedBy does).
    private static func mismatch(outer: DERNode, inner: DERNode) throws -> EncodingDefect {
        let outerParts = try algorithmParts(outer), innerParts = try algorithmParts(inner)
        let nullParameters: [UInt8] = [DERTag.null, 0]
        func isAbsentOrNull(_ parameters: ArraySlice<UInt8>?) -> Bool {
            parameters.map { $0.elementsEqual(nullParameters) } ?? true
        }
        let sameOID = outerParts.oid == innerParts.oid
        let equivalent = sameOID && rsaPKCS1v15OIDs.contains(outerParts.oid)
            && isAbsentOrNull(outerParts.parameters) && isAbsentOrNull(innerParts.parameters)
        func describe(_ parts: (oid: String, parameters: ArraySlice<UInt8>?)) -> String {
            let name = SignatureAlgorithm.named(byOID: parts.oid).name
            let algorithm = name == "unknown" ? parts.oid : name
            guard let parameters = parts.parameters else { return "\(algorithm) without parameters" }
            return parameters.elementsEqual(nullParameters) ? "\(algorithm) with NULL parameters" : "\(algorithm) with parameters"
        }
        return .signatureAlgorithmMismatch(outer: describe(outerParts), inner: describe(innerParts),
                                           sameOID: sameOID, equivalentParameters: equivalent)
    }

    /// The PKCS #1 v1.5 signature algorithms (md2/md4/md5/sha1/sha224/sha256/sha384/sha512WithRSAEncryption),
    /// whose parameters are NULL and, by RFC 4055 §5 (and RFC 3279 §2.2.1 in practice), may be absent.
    private static let rsaPKCS1v15OIDs: Set<String> = [
        "1.2.840.113549.1.1.2", "1.2.840.113549.1.1.3", "1.2.840.113549.1.1.4", "1.2.840.113549.1.1.5",
        "1.2.840.113549.1.1.14", "1.2.840.113549.1.1.11", "1.2.840.113549.1.1.12", "1.2.840.113549.1.1.13",
    ]

    /// An AlgorithmIdentifier's OID and the encoding of its parameters (nil when absent).
    private static func algorithmParts(_ node: DERNode) throws -> (oid: String, parameters: ArraySlice<UInt8>?) {
        var fields = DERReader(node.content)
        let oidNode = try fields.read(tag: DERTag.oid, "a signature algorithm OID")
        guard let oid = OIDDecoder.dotted(oidNode.content) else { throw DERError.unexpected("a signature algorithm OID") }
        let parameters = fields.isAtEnd ? nil : try fields.read().encoded
        guard fields.isAtEnd else { throw DERError.unexpected("an AlgorithmIdentifier of two fields") }
        return (oid, parameters)
    }

    /// The algorithm, with GnuTLS's number for it (RSA-PSS by the hash in its parameters).
    private static func signatureAlgorithm(_ node: DERNode) throws -> SignatureAlgorithm {
        var fields = DERReader(node.content)
        let oidNode = try fields.read(tag: DERTag.oid, "a signature algorithm OID")
        guard let oid = OIDDecoder.dotted(oidNode.content) else { throw DERError.unexpected("a signature algorithm OID") }
        let parameters = fields.isAtEnd ? nil : try fields.read()
        guard fields.isAtEnd else { throw DERError.unexpected("an AlgorithmIdentifier of two fields") }
        guard oid == "1.2.840.113549.1.1.10" else { return SignatureAlgorithm.named(byOID: oid) }
        // RSASSA-PSS-params (RFC 4055 §3.1): hashAlgorithm [0] defaults to SHA-1.
        var hashOID = "1.3.14.3.2.26"
        if let parameters, parameters.tag == DERTag.sequence {
            var pss = DERReader(parameters.content)
            if let hash = try pss.readIfPresent(tag: 0xA0) {
                var explicit = DERReader(hash.content)
                var identifier = DERReader(try explicit.read(tag: DERTag.sequence, "a hashAlgorithm").content)
                hashOID = OIDDecoder.dotted(try identifier.read(tag: DERTag.oid, "a hash OID").content) ?? "?"
            }
        } else if parameters != nil {
            throw DERError.unexpected("RSASSA-PSS-params")
        }
        return SignatureAlgorithm(gnutlsID: SignatureAlgorithmLookup.rsaPSS(hashOID: hashOID), oid: oid)
    }

    /// Decodes the extensions the model has properties for, each from its first occurrence.
    private mutating func decodeKnownExtensions() {
        basicConstraints = decode(ExtensionOID.basicConstraints) { try Self.basicConstraints($0) }
        keyUsage = decode(ExtensionOID.keyUsage) { try Self.keyUsage($0.valueBytes) }
        extendedKeyUsage = decode(ExtensionOID.extendedKeyUsage) { try Self.extendedKeyUsage($0.valueBytes) }
        subjectKeyIdentifier = decode(ExtensionOID.subjectKeyIdentifier) { try Self.octetString($0.valueBytes) }
        policies = decode(ExtensionOID.certificatePolicies) { try CertificatePolicy.policies(der: $0.valueBytes) }
        subjectAlternativeNames = decode(ExtensionOID.subjectAltName) { try GeneralName.names(der: $0.valueBytes) }
        nameConstraints = decode(ExtensionOID.nameConstraints) { try NameConstraints(der: $0.valueBytes, critical: $0.critical) }
    }

    /// Decodes the profile values, each from its first occurrence: a malformed one is the finding of the
    /// rule that reads it (the policy tree, revocation checking, a profile's AKI or AIA rule), not an
    /// unparseable extension, so a profile that never reads it does not refuse the certificate.
    private mutating func decodeProfileValues() {
        authorityKeyIdentifierFields = extensions.decoded(ExtensionOID.authorityKeyIdentifier) { try AuthorityKeyIdentifier(der: $0) }
        // Issuer lookup's keyIdentifier, from the same one decoding: a malformed AKI is also an
        // unparseable extension; an AKI of issuer and serial alone gives nil, as GnuTLS's getter did.
        switch authorityKeyIdentifierFields {
        case .valid(let fields): authorityKeyIdentifier = fields.keyIdentifier
        case .malformed(let reason): unparseableExtensions[ExtensionOID.authorityKeyIdentifier] = reason
        case nil: break
        }
        authorityInfoAccess = extensions.decoded(ExtensionOID.authorityInfoAccess) { try AccessDescription.descriptions(der: $0) }
        policyMappings = extensions.decoded(ExtensionOID.policyMappings) { try PolicyMappings(der: $0) }
        policyConstraints = extensions.decoded(ExtensionOID.policyConstraints) { try PolicyConstraints(der: $0) }
        inhibitAnyPolicy = extensions.decoded(ExtensionOID.inhibitAnyPolicy) { try InhibitAnyPolicy(der: $0) }
        crlDistributionPoints = extensions.decoded(ExtensionOID.crlDistributionPoints) { try DistributionPoint.points(der: $0) }
        freshestCRL = extensions.decoded(CRLExtensionOID.freshestCRL) { try DistributionPoint.points(der: $0) }
        issuerAlternativeNames = extensions.first(oid: ExtensionOID.issuerAltName)
            .flatMap { try? GeneralName.names(der: $0.valueBytes) } ?? []
    }

    private mutating func decode<T>(_ oid: String, _ body: (CertificateExtension) throws -> T) -> T? {
        guard let found = extensions.first(oid: oid) else { return nil }
        do { return try body(found) } catch {
            unparseableExtensions[oid] = "\(error)"
            return nil
        }
    }

    /// BasicConstraints ::= SEQUENCE { cA BOOLEAN DEFAULT FALSE, pathLenConstraint INTEGER (0..MAX) OPTIONAL }.
    private static func basicConstraints(_ entry: CertificateExtension) throws -> BasicConstraints {
        var reader = DERReader(entry.valueBytes)
        let sequence = try reader.read(tag: DERTag.sequence, "a BasicConstraints SEQUENCE")
        guard reader.isAtEnd else { throw DERError.unexpected("a single BasicConstraints SEQUENCE") }
        var fields = DERReader(sequence.content)
        var isCA = false
        if let flag = try fields.readIfPresent(tag: DERTag.boolean) {
            guard flag.content.count == 1 else { throw DERError.unexpected("a cA BOOLEAN") }
            isCA = flag.content.first != 0
        }
        var pathLength: Int?
        if let length = try fields.readIfPresent(tag: DERTag.integer) {
            let octets = length.content
            guard let first = octets.first, first & 0x80 == 0, octets.count <= 4 else {
                throw DERError.unexpected("a pathLenConstraint between 0 and 2^31-1")
            }
            pathLength = octets.reduce(0) { $0 << 8 | Int($1) }
        }
        guard fields.isAtEnd else { throw DERError.unexpected("a BasicConstraints of cA and pathLenConstraint") }
        return BasicConstraints(isCA: isCA, pathLength: pathLength, critical: entry.critical)
    }

    /// KeyUsage ::= BIT STRING, as GnuTLS's GNUTLS_KEY_* bits: the first octet as is (digitalSignature
    /// 0x80 … encipherOnly 0x01) and decipherOnly, bit 8, as 0x8000.
    private static func keyUsage(_ value: ArraySlice<UInt8>) throws -> KeyUsage {
        var reader = DERReader(value)
        let node = try reader.read(tag: DERTag.bitString, "a KeyUsage BIT STRING")
        guard reader.isAtEnd else { throw DERError.unexpected("a single KeyUsage BIT STRING") }
        let (bytes, _) = try node.bitString()
        guard bytes.count <= 2 else { throw DERError.unexpected("a KeyUsage of at most 9 bits") }
        let first = UInt32(bytes.first ?? 0), second = UInt32(bytes.dropFirst().first ?? 0)
        return KeyUsage(rawValue: first | (second & 0x80) << 8)
    }

    /// ExtKeyUsageSyntax ::= SEQUENCE SIZE (1..MAX) OF KeyPurposeId.
    private static func extendedKeyUsage(_ value: ArraySlice<UInt8>) throws -> [String] {
        var reader = DERReader(value)
        let sequence = try reader.read(tag: DERTag.sequence, "an ExtKeyUsageSyntax SEQUENCE")
        guard reader.isAtEnd else { throw DERError.unexpected("a single ExtKeyUsageSyntax SEQUENCE") }
        return try sequence.children().map { node in
            guard node.tag == DERTag.oid, let oid = OIDDecoder.dotted(node.content) else {
                throw DERError.unexpected("a KeyPurposeId OID")
            }
            return oid
        }
    }

    /// An extension value that is one OCTET STRING (SubjectKeyIdentifier).
    private static func octetString(_ value: ArraySlice<UInt8>) throws -> [UInt8] {
        var reader = DERReader(value)
        let node = try reader.read(tag: DERTag.octetString, "a KeyIdentifier OCTET STRING")
        guard reader.isAtEnd else { throw DERError.unexpected("a single KeyIdentifier OCTET STRING") }
        return Array(node.content)
    }
}
