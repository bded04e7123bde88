import GnuTLSBridge

/// A certificate's SubjectPublicKeyInfo with everything pinning and policy need, computed once.
public struct PublicKeyInfo: Sendable {
    /// The DER SubjectPublicKeyInfo exactly as in the certificate.
    public let subjectPublicKeyInfo: [UInt8]
    public let algorithm: PublicKeyAlgorithm
    /// RSA modulus bits, EC curve bits, 256/456 for Ed25519/Ed448; 0 when unknown.
    public let bits: Int
    /// Apple's SecKeyCopyExternalRepresentation: PKCS#1 RSAPublicKey for RSA, 04||X||Y for EC,
    /// the raw key for EdDSA. Empty for keys Apple cannot represent.
    public let externalRepresentation: [UInt8]
    /// SHA-256 of the SPKI DER: the HPKP / TrustKit / ATS pin.
    public let spkiSHA256: [UInt8]
    public let externalRepresentationSHA256: [UInt8]
    /// nil when GnuTLS cannot import the key; such a key verifies no signature.
    public let verifier: PublicKeyVerifier?

    public var pin: String { "sha256/" + Base64.encode(spkiSHA256) }

    init(spki: [UInt8], gnutlsBits: Int) throws {
        subjectPublicKeyInfo = spki
        var reader = DERReader(spki)
        let outer = try reader.read(tag: DERTag.sequence, "a SubjectPublicKeyInfo")
        var fields = DERReader(outer.content)
        let algorithmIdentifier = try fields.read(tag: DERTag.sequence, "an AlgorithmIdentifier")
        let keyBits = try fields.read(tag: DERTag.bitString, "a subjectPublicKey BIT STRING").bitStringBytes()
        var algorithmFields = DERReader(algorithmIdentifier.content)
        let oidNode = try algorithmFields.read(tag: DERTag.oid, "a key algorithm OID")
        let oid = OIDDecoder.dotted(oidNode.content) ?? "?"
        let parameters = algorithmFields.isAtEnd ? nil : try algorithmFields.read()

        switch oid {
        case "1.2.840.113549.1.1.1":
            algorithm = .rsa
            externalRepresentation = Array(keyBits)
            bits = try Self.rsaModulusBits(keyBits)
        case "1.2.840.113549.1.1.10":
            algorithm = .rsaPSS
            externalRepresentation = []
            bits = try Self.rsaModulusBits(keyBits)
        case "1.2.840.10045.2.1":
            let curveOID = parameters.flatMap { $0.tag == DERTag.oid ? OIDDecoder.dotted($0.content) : nil } ?? "?"
            let curve = PublicKeyAlgorithm.curveNames[curveOID] ?? curveOID
            algorithm = .ecdsa(curve: curve)
            externalRepresentation = Array(keyBits)
            bits = ["P-256": 256, "P-384": 384, "P-521": 521, "P-224": 224, "P-192": 192, "secp256k1": 256][curve] ?? gnutlsBits
        case "1.3.101.112":
            algorithm = .ed25519
            externalRepresentation = Array(keyBits)
            bits = 256
        case "1.3.101.113":
            algorithm = .ed448
            externalRepresentation = Array(keyBits)
            bits = 456
        case "1.2.840.10040.4.1":
            algorithm = .dsa
            externalRepresentation = []
            bits = gnutlsBits
        default:
            algorithm = .other(oid: oid)
            externalRepresentation = []
            bits = gnutlsBits
        }
        spkiSHA256 = Digest.sha256(spki)
        externalRepresentationSHA256 = externalRepresentation.isEmpty ? [] : Digest.sha256(externalRepresentation)
        verifier = try? PublicKeyVerifier(subjectPublicKeyInfo: spki)
    }

    /// Bit length of the modulus in a PKCS#1 RSAPublicKey.
    private static func rsaModulusBits(_ pkcs1: ArraySlice<UInt8>) throws -> Int {
        var reader = DERReader(pkcs1)
        let sequence = try reader.read(tag: DERTag.sequence, "an RSAPublicKey")
        var fields = DERReader(sequence.content)
        let modulus = try fields.read(tag: DERTag.integer, "an RSA modulus").content.drop { $0 == 0 }
        guard let top = modulus.first else { return 0 }
        return (modulus.count - 1) * 8 + (8 - top.leadingZeroBitCount)
    }
}
