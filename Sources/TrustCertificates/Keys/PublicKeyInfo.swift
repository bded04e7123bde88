internal import GnuTLSBridge

/// A certificate's SubjectPublicKeyInfo with everything pinning and policy need, computed once.
public struct PublicKeyInfo: Sendable {
    /// The DER SubjectPublicKeyInfo exactly as in the certificate.
    public var subjectPublicKeyInfo: [UInt8] { Array(spkiBytes) }
    /// The same octets where they lie in the certificate's DER: no copy per certificate at parse.
    let spkiBytes: ArraySlice<UInt8>
    /// The key's algorithm (and curve), from the SPKI's AlgorithmIdentifier.
    public let algorithm: PublicKeyAlgorithm
    /// RSA modulus bits, EC curve bits, 256/456 for Ed25519/Ed448; 0 when unknown.
    public let bits: Int
    /// The RSA public exponent, big-endian without leading zeros; nil for other keys.
    public let rsaPublicExponent: [UInt8]?
    /// Why this cannot be a real key of its algorithm (see `KeyDefects`); nil when it can be. A key
    /// with a defect makes no trustworthy signature, whatever GnuTLS's arithmetic says of one.
    public let defect: String?
    /// Apple's SecKeyCopyExternalRepresentation: PKCS#1 RSAPublicKey for RSA, 04||X||Y for EC,
    /// the raw key for EdDSA. Empty for keys Apple cannot represent.
    public var externalRepresentation: [UInt8] { Array(externalBytes) }
    /// The same octets where they lie in the SPKI (the subjectPublicKey BIT STRING's): no copy at parse.
    let externalBytes: ArraySlice<UInt8>
    /// SHA-256 of the SPKI DER: the HPKP / TrustKit / ATS pin.
    public let spkiSHA256: [UInt8]
    /// SHA-256 of `externalRepresentation`; empty when that is.
    public var externalRepresentationSHA256: [UInt8] {
        // Hashed when asked (key-representation pins only), not for every certificate parsed.
        externalBytes.isEmpty ? [] : SHA256.hash(externalBytes)
    }
    /// The key imported into GnuTLS; nil when GnuTLS cannot import it or finds its parameters invalid.
    /// Internal: signatures are checked through `Certificate.isSigned(by:)` and the CRL's, never by
    /// callers holding a GnuTLS object.
    let verifier: PublicKeyVerifier?

    /// Whether the cryptography library can check signatures with this key at all (it imported the
    /// key and found its parameters valid). A key that cannot verifies no signature.
    public var canVerifySignatures: Bool { verifier != nil }

    /// The HPKP-style pin, "sha256/" and the Base64 of `spkiSHA256`.
    public var pin: String { "sha256/" + Base64.encode(spkiSHA256) }

    /// Reads `spki` and imports it into GnuTLS once: that import is the certificate's one key object,
    /// and GnuTLS's key size the fallback for algorithms TrustCheck does not size itself.
    init(spki: ArraySlice<UInt8>) throws {
        spkiBytes = spki
        var reader = DERReader(spki)
        let outer = try reader.read(tag: DERTag.sequence, "a SubjectPublicKeyInfo")
        var fields = DERReader(outer.content)
        let algorithmIdentifier = try fields.read(tag: DERTag.sequence, "an AlgorithmIdentifier")
        // A key of a fractional number of octets is no key any algorithm defines; GnuTLS loads such a
        // certificate (Apple does not), so it loads here too, with the key unusable (a defect).
        let (keyBits, unusedBits) = try fields.read(tag: DERTag.bitString, "a subjectPublicKey BIT STRING").bitString()
        var algorithmFields = DERReader(algorithmIdentifier.content)
        let oidNode = try algorithmFields.read(tag: DERTag.oid, "a key algorithm OID")
        let oid = OIDDecoder.dotted(oidNode.content) ?? "?"
        let parameters = algorithmFields.isAtEnd ? nil : try algorithmFields.read()
        let raw = Self.rawKey(oid: oid, parameters: parameters, keyBits: keyBits, parametersEnd: algorithmFields.isAtEnd)
        let imported = Result { () throws(GnuTLSError) -> PublicKeyVerifier in
            if let raw { return try PublicKeyVerifier(raw: raw) }
            return try PublicKeyVerifier(subjectPublicKeyInfo: Array(spki))
        }
        let gnutlsBits = (try? imported.get())?.bits ?? 0

        var defects: [String] = []
        var exponent: [UInt8]?
        switch oid {
        case "1.2.840.113549.1.1.1", "1.2.840.113549.1.1.10":
            algorithm = oid == "1.2.840.113549.1.1.1" ? .rsa : .rsaPSS
            // Apple represents rsaEncryption keys only; an RSA-PSS SPKI has no SecKey.
            externalBytes = algorithm == .rsa ? keyBits : []
            if let key = KeyDefects.RSAPublicKey(pkcs1: keyBits) {
                bits = key.modulusBits
                exponent = key.exponent
                defects = KeyDefects.rsa(key)
            } else {
                bits = 0
                defects = ["the RSA key is not a DER RSAPublicKey of two positive INTEGERs"]
            }
        case "1.2.840.10045.2.1":
            let curveOID = parameters.flatMap { $0.tag == DERTag.oid ? OIDDecoder.dotted($0.content) : nil } ?? "?"
            let curve = PublicKeyAlgorithm.curveNames[curveOID] ?? curveOID
            algorithm = .ecdsa(curve: curve)
            externalBytes = keyBits
            bits = ["P-256": 256, "P-384": 384, "P-521": 521, "P-224": 224, "P-192": 192, "secp256k1": 256][curve] ?? gnutlsBits
            defects = KeyDefects.ec(point: keyBits)
        case "1.3.101.112":
            algorithm = .ed25519
            externalBytes = keyBits
            bits = 256
        case "1.3.101.113":
            algorithm = .ed448
            externalBytes = keyBits
            bits = 456
        case "1.2.840.10040.4.1":
            algorithm = .dsa
            externalBytes = []
            bits = gnutlsBits
        default:
            algorithm = .other(oid: oid)
            externalBytes = []
            bits = gnutlsBits
        }
        spkiSHA256 = SHA256.hash(spki)
        rsaPublicExponent = exponent
        switch imported {
        case .success(let key):
            verifier = key
        case .failure(let error):
            verifier = nil
            // DSA and unknown algorithms are unusable by policy already (KeyStrengthCheck); for the
            // others, GnuTLS's refusal is the one defect TrustCheck's own checks did not name.
            if defects.isEmpty, algorithm.isVerifiable { defects = [Self.defect(importing: algorithm, error)] }
        }
        if unusedBits != 0 { defects.insert("the subjectPublicKey BIT STRING has \(unusedBits) unused bits", at: 0) }
        defect = defects.isEmpty ? nil : defects.joined(separator: "; ")
    }

    /// The key's parts when the SPKI has one of the usual exact forms GnuTLS can import from parts
    /// (cheaper than its DER import, which decodes the SPKI again with libtasn1): rsaEncryption with
    /// NULL parameters and a DER-minimal RSAPublicKey; id-ecPublicKey on P-256, P-384 or P-521 with an
    /// uncompressed point of the curve's length; id-Ed25519 without parameters and 32 bytes. nil for
    /// anything else, which GnuTLS imports (or refuses) from the SPKI as before.
    static func rawKey(oid: String, parameters: DERNode?, keyBits: ArraySlice<UInt8>, parametersEnd: Bool) -> RawPublicKey? {
        guard parametersEnd else { return nil }
        switch oid {
        case "1.2.840.113549.1.1.1":
            guard let parameters, parameters.tag == DERTag.null, parameters.content.isEmpty,
                  let key = KeyDefects.RSAPublicKey(pkcs1: keyBits), key.isMinimallyEncoded,
                  !key.modulus.isEmpty, !key.exponent.isEmpty
            else { return nil }
            return .rsa(modulus: Array(key.modulus), exponent: key.exponent)
        case "1.2.840.10045.2.1":
            guard let parameters, parameters.tag == DERTag.oid else { return nil }
            let curve: RawPublicKey.Curve
            switch OIDDecoder.dotted(parameters.content) {
            case "1.2.840.10045.3.1.7": curve = .p256
            case "1.3.132.0.34": curve = .p384
            case "1.3.132.0.35": curve = .p521
            default: return nil
            }
            let size = curve.coordinateBytes
            guard keyBits.count == 1 + 2 * size, keyBits.first == 0x04 else { return nil }
            let x = keyBits.index(after: keyBits.startIndex)
            return .ec(curve: curve, x: Array(keyBits[x..<x + size]), y: Array(keyBits[(x + size)...]))
        case "1.3.101.112":
            guard parameters == nil, keyBits.count == 32 else { return nil }
            return .ed25519(Array(keyBits))
        default:
            return nil
        }
    }

    /// GnuTLS's refusal in words: its parameter check of an EC key is the on-curve test.
    private static func defect(importing algorithm: PublicKeyAlgorithm, _ error: GnuTLSError) -> String {
        if case .ecdsa(let curve) = algorithm, error.function == "gnutls_pubkey_verify_params" {
            return "EC public key is not a point on \(curve)"
        }
        return "GnuTLS cannot use the key: \(error.message)"
    }
}
