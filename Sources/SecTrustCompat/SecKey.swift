import Foundation
import TrustCertificates

/// Apple's SecKey, for the public keys trust evaluation hands out: RSA and EC P-256/P-384/P-521.
///
/// Immutable. Two keys are equal when they have the same type and the same external representation,
/// as Apple's CFEqual (which compares attribute dictionaries); unlike Apple, the hash is the value's, so
/// `Set<SecKey>` works.
public final class SecKey: Sendable, Hashable, CustomStringConvertible {
    enum KeyType: Sendable, Hashable {
        case rsa
        case ec(curve: Curve)

        /// Apple's kSecAttrKeyType value.
        var attributeValue: String {
            switch self {
            case .rsa: return kSecAttrKeyTypeRSA
            case .ec: return kSecAttrKeyTypeECSECPrimeRandom
            }
        }
    }

    enum Curve: Int, Sendable, Hashable {
        case p256 = 256, p384 = 384, p521 = 521

        /// Bytes per coordinate.
        var fieldSize: Int { (rawValue + 7) / 8 }
        /// Length of the ANSI X9.63 uncompressed point 04‖X‖Y.
        var pointLength: Int { 1 + 2 * fieldSize }

        init?(name: String) {
            switch name {
            case "P-256": self = .p256
            case "P-384": self = .p384
            case "P-521": self = .p521
            default: return nil
            }
        }

        init?(pointLength: Int) {
            guard let curve = [Curve.p256, .p384, .p521].first(where: { $0.pointLength == pointLength }) else {
                return nil
            }
            self = curve
        }
    }

    let type: KeyType
    /// kSecAttrKeySizeInBits: the RSA modulus bit length, or the curve size.
    let sizeInBits: Int
    /// SecKeyCopyExternalRepresentation: PKCS#1 RSAPublicKey (minimal INTEGERs) or X9.63 04‖X‖Y.
    let externalRepresentation: [UInt8]

    private init(type: KeyType, sizeInBits: Int, externalRepresentation: [UInt8]) {
        self.type = type
        self.sizeInBits = sizeInBits
        self.externalRepresentation = externalRepresentation
    }

    /// The key of a certificate (SecCertificateCopyKey); nil for keys Apple's public API cannot represent
    /// (DSA, RSA-PSS keys, other curves, and EdDSA, whose key type constant is Apple SPI).
    convenience init?(publicKey: PublicKeyInfo) {
        switch publicKey.algorithm {
        case .rsa:
            guard let (pkcs1, bits) = Self.normalizedRSA(publicKey.externalRepresentation[...]) else { return nil }
            self.init(type: .rsa, sizeInBits: bits, externalRepresentation: pkcs1)
        case .ecdsa(let curveName):
            guard let curve = Curve(name: curveName), publicKey.externalRepresentation.count == curve.pointLength,
                  publicKey.externalRepresentation.first == 0x04
            else { return nil }
            self.init(type: .ec(curve: curve), sizeInBits: curve.rawValue,
                      externalRepresentation: publicKey.externalRepresentation)
        default:
            return nil
        }
    }

    /// An RSA public key from PKCS#1 RSAPublicKey or X.509 SubjectPublicKeyInfo (SecKeyCreateWithData).
    static func rsa(importing data: [UInt8]) -> SecKey? {
        let pkcs1 = rsaPublicKeyFromSPKI(data) ?? data
        guard let (normalized, bits) = normalizedRSA(pkcs1[...]) else { return nil }
        return SecKey(type: .rsa, sizeInBits: bits, externalRepresentation: normalized)
    }

    /// An EC public key from an uncompressed X9.63 point; the curve follows from the length.
    static func ec(importing data: [UInt8]) -> SecKey? {
        guard data.first == 0x04, let curve = Curve(pointLength: data.count) else { return nil }
        return SecKey(type: .ec(curve: curve), sizeInBits: curve.rawValue, externalRepresentation: data)
    }

    /// SecKeyGetBlockSize: modulus bytes for RSA, field bytes for EC.
    var blockSize: Int {
        switch type {
        case .rsa: return (sizeInBits + 7) / 8
        case .ec(let curve): return curve.fieldSize
        }
    }

    /// SecKeyCopyAttributes for a public key (apple-sectrust.md §1.4).
    var attributes: CFDictionary {
        let bits = NSNumber(value: sizeInBits)
        var attributes: CFDictionary = [
            kSecClass: kSecClassKey,
            kSecAttrKeyClass: kSecAttrKeyClassPublic,
            kSecAttrKeyType: type.attributeValue,
            kSecAttrKeySizeInBits: bits,
            kSecAttrEffectiveKeySize: bits,
            kSecAttrApplicationLabel: Data(SHA1.hash(externalRepresentation)),
            kSecValueData: Data(externalRepresentation),
            kSecAttrIsPermanent: true,
            "priv": true,
            kSecAttrIsModifiable: true,
            kSecAttrIsSensitive: false,
            kSecAttrWasAlwaysSensitive: false,
            kSecAttrIsExtractable: true,
            kSecAttrWasNeverExtractable: false,
            kSecAttrCanEncrypt: true,
            kSecAttrCanDecrypt: false,
            kSecAttrCanDerive: false,
            kSecAttrCanSign: false,
            kSecAttrCanVerify: true,
            kSecAttrCanSignRecover: false,
            kSecAttrCanVerifyRecover: false,
            kSecAttrCanWrap: true,
            kSecAttrCanUnwrap: false,
        ]
        if type == .rsa { attributes[kSecAttrCanDecrypt] = true }  // Apple's RSA public key dictionary says so
        return attributes
    }

    /// Apple's debug form, shortened: `<SecKeyRef algorithm id: 1, key type: RSAPublicKey, block size: 2048 bits>`,
    /// and for EC the curve first (`curve type: kSecECCurveSecp256r1, algorithm id: 3, key type: ECPublicKey`);
    /// Apple's version, key material and address are left out.
    public var description: String {
        switch type {
        case .rsa:
            return "<SecKeyRef algorithm id: 1, key type: RSAPublicKey, block size: \(sizeInBits) bits>"
        case .ec(let curve):
            return "<SecKeyRef curve type: kSecECCurveSecp\(curve.rawValue)r1, algorithm id: 3, "
                + "key type: ECPublicKey, block size: \(sizeInBits) bits>"
        }
    }

    public static func == (lhs: SecKey, rhs: SecKey) -> Bool {
        lhs.type == rhs.type && lhs.externalRepresentation == rhs.externalRepresentation
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(externalRepresentation)
    }

    // MARK: DER

    private static let rsaEncryptionOID: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]

    /// The PKCS#1 key inside an rsaEncryption SubjectPublicKeyInfo; nil if `data` is not one.
    private static func rsaPublicKeyFromSPKI(_ data: [UInt8]) -> [UInt8]? {
        do {
            var reader = DERReader(data)
            let spki = try reader.read(tag: DERTag.sequence, "a SubjectPublicKeyInfo")
            guard reader.isAtEnd else { return nil }
            var fields = DERReader(spki.content)
            let algorithm = try fields.read(tag: DERTag.sequence, "an AlgorithmIdentifier")
            let key = try fields.read(tag: DERTag.bitString, "a subjectPublicKey")
            guard fields.isAtEnd else { return nil }
            var algorithmFields = DERReader(algorithm.content)
            let oid = try algorithmFields.read(tag: DERTag.oid, "an algorithm OID")
            guard Array(oid.content) == rsaEncryptionOID else { return nil }
            if !algorithmFields.isAtEnd {
                _ = try algorithmFields.read(tag: DERTag.null, "NULL parameters")
                guard algorithmFields.isAtEnd else { return nil }
            }
            return Array(try key.bitStringBytes())
        } catch {
            return nil
        }
    }

    /// Re-encodes a PKCS#1 RSAPublicKey with minimal INTEGERs, as Apple exports it, and measures the modulus.
    private static func normalizedRSA(_ data: ArraySlice<UInt8>) -> ([UInt8], Int)? {
        do {
            var reader = DERReader(data)
            let sequence = try reader.read(tag: DERTag.sequence, "an RSAPublicKey")
            guard reader.isAtEnd else { return nil }
            var fields = DERReader(sequence.content)
            let modulus = try fields.read(tag: DERTag.integer, "a modulus").content
            let exponent = try fields.read(tag: DERTag.integer, "an exponent").content
            guard fields.isAtEnd,
                  let n = positiveMagnitude(modulus), let e = positiveMagnitude(exponent)
            else { return nil }
            let bits = (n.count - 1) * 8 + (8 - n[0].leadingZeroBitCount)
            let body = derInteger(n) + derInteger(e)
            return ([DERTag.sequence] + DEREncoder.length(body.count) + body, bits)
        } catch {
            return nil
        }
    }

    /// The big-endian magnitude of a positive DER INTEGER without leading zeros; nil for zero or negatives.
    private static func positiveMagnitude(_ content: ArraySlice<UInt8>) -> [UInt8]? {
        guard let first = content.first, first & 0x80 == 0 else { return nil }
        let magnitude = Array(content.drop { $0 == 0 })
        return magnitude.isEmpty ? nil : magnitude
    }

    private static func derInteger(_ magnitude: [UInt8]) -> [UInt8] {
        let content = magnitude[0] & 0x80 != 0 ? [0] + magnitude : magnitude
        return [DERTag.integer] + DEREncoder.length(content.count) + content
    }

}

// MARK: - Attribute keys and values (SecItem.h), Apple's string values

/// `kSecClass` ("class"): an item's class; a key's attributes have ``kSecClassKey``.
public let kSecClass: CFString = "class"
/// `kSecClassKey` ("keys"): the class of cryptographic keys.
public let kSecClassKey: CFString = "keys"
/// `kSecValueData` ("v_Data"): an item's data; for a key, its external representation (the bytes
/// ``SecKeyCopyExternalRepresentation(_:_:)`` returns).
public let kSecValueData: CFString = "v_Data"
/// `kSecAttrKeyType` ("type"): the key's algorithm, ``kSecAttrKeyTypeRSA`` or
/// ``kSecAttrKeyTypeECSECPrimeRandom``. SecKeyCreateWithData requires it; pinning code reads it to
/// choose the SubjectPublicKeyInfo header it prepends.
public let kSecAttrKeyType: CFString = "type"
/// `kSecAttrKeyClass` ("kcls"): public, private or symmetric. SecKeyCreateWithData requires it and
/// imports public keys only.
public let kSecAttrKeyClass: CFString = "kcls"
/// `kSecAttrKeySizeInBits` ("bsiz"): the key size, an NSNumber: the RSA modulus's bit length (2048, or
/// 2047 for a short modulus) or the curve size (256, 384, 521). SecKeyCreateWithData ignores it.
public let kSecAttrKeySizeInBits: CFString = "bsiz"
/// `kSecAttrEffectiveKeySize` ("esiz"): how many of the key's bits count for its strength; the same
/// as kSecAttrKeySizeInBits for RSA and EC, as Apple reports it.
public let kSecAttrEffectiveKeySize: CFString = "esiz"
/// `kSecAttrApplicationLabel` ("klbl"): a key's lookup label, which Apple sets to the SHA-1 of its
/// external representation (some pinning code compares it).
public let kSecAttrApplicationLabel: CFString = "klbl"
/// `kSecAttrApplicationTag` ("atag"): an application's own tag on a keychain key. Never present:
/// SecTrustCompat has no keychain.
public let kSecAttrApplicationTag: CFString = "atag"
/// `kSecAttrLabel` ("labl"): the user-visible label of a keychain item. Never present: no keychain.
public let kSecAttrLabel: CFString = "labl"
/// `kSecAttrIsPermanent` ("perm"): whether the key is stored in a keychain; true, because Apple's
/// public-key attributes say so.
public let kSecAttrIsPermanent: CFString = "perm"
/// `kSecAttrIsModifiable` ("modi"): whether the item's attributes can be changed; true, as on Apple.
public let kSecAttrIsModifiable: CFString = "modi"
/// `kSecAttrIsSensitive` ("sens"): whether the key can only be exported wrapped; false for a public key.
public let kSecAttrIsSensitive: CFString = "sens"
/// `kSecAttrWasAlwaysSensitive` ("asen"): whether the key has always been sensitive; false.
public let kSecAttrWasAlwaysSensitive: CFString = "asen"
/// `kSecAttrIsExtractable` ("extr"): whether the key can be exported; true.
public let kSecAttrIsExtractable: CFString = "extr"
/// `kSecAttrWasNeverExtractable` ("next"): whether the key has never been exportable; false.
public let kSecAttrWasNeverExtractable: CFString = "next"
/// `kSecAttrCanEncrypt` ("encr"): whether the key can encrypt; true for a public key. (SecKey does no
/// cryptography here: these usage flags copy Apple's dictionaries.)
public let kSecAttrCanEncrypt: CFString = "encr"
/// `kSecAttrCanDecrypt` ("decr"): whether the key can decrypt; true for RSA public keys, false for EC,
/// as Apple's dictionaries say.
public let kSecAttrCanDecrypt: CFString = "decr"
/// `kSecAttrCanDerive` ("drve"): whether the key can derive other keys; false.
public let kSecAttrCanDerive: CFString = "drve"
/// `kSecAttrCanSign` ("sign"): whether the key can sign; false for a public key.
public let kSecAttrCanSign: CFString = "sign"
/// `kSecAttrCanVerify` ("vrfy"): whether the key can verify signatures; true.
public let kSecAttrCanVerify: CFString = "vrfy"
/// `kSecAttrCanSignRecover` ("snrc"): whether the key can sign with data recovery; false.
public let kSecAttrCanSignRecover: CFString = "snrc"
/// `kSecAttrCanVerifyRecover` ("vyrc"): whether the key can verify with data recovery; false.
public let kSecAttrCanVerifyRecover: CFString = "vyrc"
/// `kSecAttrCanWrap` ("wrap"): whether the key can wrap other keys; true.
public let kSecAttrCanWrap: CFString = "wrap"
/// `kSecAttrCanUnwrap` ("unwp"): whether the key can unwrap other keys; false.
public let kSecAttrCanUnwrap: CFString = "unwp"
/// `kSecAttrTokenID` ("tkid"): the token holding the key, such as the Secure Enclave. Never present;
/// SecKeyCreateWithData ignores it.
public let kSecAttrTokenID: CFString = "tkid"

/// `kSecAttrKeyTypeRSA` ("42"): RSA keys. SecKeyCreateWithData also accepts the number 42.
public let kSecAttrKeyTypeRSA: CFString = "42"
/// `kSecAttrKeyTypeECSECPrimeRandom` ("73"): elliptic-curve keys on NIST prime curves (P-256,
/// P-384 and P-521 here). SecKeyCreateWithData also accepts the number 73.
public let kSecAttrKeyTypeECSECPrimeRandom: CFString = "73"
/// The older name of kSecAttrKeyTypeECSECPrimeRandom (same value).
public let kSecAttrKeyTypeEC: CFString = "73"

/// `kSecAttrKeyClassPublic` ("0"): public keys, the only class SecTrustCompat creates or imports.
public let kSecAttrKeyClassPublic: CFString = "0"
/// `kSecAttrKeyClassPrivate` ("1"): private keys. SecKeyCreateWithData refuses them:
/// ``errSecUnimplemented`` for RSA and EC (which Apple imports), ``errSecParam`` for other types.
public let kSecAttrKeyClassPrivate: CFString = "1"
/// `kSecAttrKeyClassSymmetric` ("2"): symmetric keys. SecKeyCreateWithData refuses them with
/// ``errSecUnimplemented``.
public let kSecAttrKeyClassSymmetric: CFString = "2"
