/// The CertID naming the certificate a SingleResponse is about (RFC 6960 §4.1.1): hashes of its
/// issuer's name and key, and its serial number.
public struct OCSPCertificateID: Sendable, Hashable {
    /// The hashAlgorithm OID in dotted form (SHA-1 "1.3.14.3.2.26" in practice).
    public let hashAlgorithmOID: String
    /// The hash of the issuer's subject Name DER.
    public let issuerNameHash: [UInt8]
    /// The hash of the issuer's subjectPublicKey BIT STRING value (without tag, length, unused bits).
    public let issuerKeyHash: [UInt8]
    /// The serial number's INTEGER content octets.
    public let serialNumber: [UInt8]

    /// The CertID fields as read.
    public init(hashAlgorithmOID: String, issuerNameHash: [UInt8], issuerKeyHash: [UInt8], serialNumber: [UInt8]) {
        self.hashAlgorithmOID = hashAlgorithmOID
        self.issuerNameHash = issuerNameHash
        self.issuerKeyHash = issuerKeyHash
        self.serialNumber = serialNumber
    }

    /// Whether this names `certificate` as issued by `issuer`. The serial alone is not enough: the
    /// hashes tie it to that issuer's name and key, so a response about another CA's certificate with
    /// the same serial matches nothing. An unknown hash algorithm matches nothing either. Serials are
    /// compared as integers (`DERInteger.minimal`): a CertID serial with a redundant leading 0x00 is the
    /// certificate's.
    public func identifies(_ certificate: Certificate, issuedBy issuer: Certificate) -> Bool {
        guard DERInteger.sameValue(serialNumber, certificate.serialNumber), let key = Self.subjectPublicKey(of: issuer) else { return false }
        let hash: ([UInt8]) -> [UInt8]
        switch hashAlgorithmOID {
        case "1.3.14.3.2.26": hash = SHA1.hash
        case "2.16.840.1.101.3.4.2.1": hash = SHA256.hash
        default: return false
        }
        return hash(issuer.subject.der) == issuerNameHash && hash(key) == issuerKeyHash
    }

    /// The subjectPublicKey BIT STRING's octets of a certificate's SubjectPublicKeyInfo.
    private static func subjectPublicKey(of certificate: Certificate) -> [UInt8]? {
        var reader = DERReader(certificate.publicKey.subjectPublicKeyInfo)
        guard let spki = try? reader.read(tag: DERTag.sequence, "a SubjectPublicKeyInfo") else { return nil }
        var fields = DERReader(spki.content)
        guard (try? fields.read(tag: DERTag.sequence, "an AlgorithmIdentifier")) != nil,
              let bits = try? fields.read(tag: DERTag.bitString, "a subjectPublicKey").bitString()
        else { return nil }
        return Array(bits.bytes)
    }
}
