import Foundation

/// RSA public key: PKCS#1 RSAPublicKey DER (minimal INTEGERs). EC public key: ANSI X9.63 `04‖X‖Y`.
/// This is *not* a SubjectPublicKeyInfo: pinning code prepends a fixed ASN.1 header to hash the SPKI.
@discardableResult
public func SecKeyCopyExternalRepresentation(
    _ key: SecKey, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> CFData? {
    Data(key.externalRepresentation)
}

/// The public key's attributes: `class` "keys", `kcls` "0", `type` "42" (RSA) or "73" (EC), `bsiz`/`esiz`
/// the modulus bits or curve bits (NSNumber), `klbl` the SHA-1 of the external representation, `v_Data` the
/// external representation, and Apple's usage flags (`encr`, `vrfy`, `wrap` true; `decr` true for RSA; …).
@discardableResult
public func SecKeyCopyAttributes(_ key: SecKey) -> CFDictionary? {
    key.attributes
}

/// RSA: the modulus in bytes; EC: the field size in bytes (32, 48, 66).
@discardableResult
public func SecKeyGetBlockSize(_ key: SecKey) -> Int {
    key.blockSize
}

/// Imports a public key. `attributes` must name `kSecAttrKeyType` (`kSecAttrKeyTypeRSA` /
/// `kSecAttrKeyTypeECSECPrimeRandom`, or the numbers 42 / 73) and `kSecAttrKeyClass`
/// (`kSecAttrKeyClassPublic` or 0); `kSecAttrKeySizeInBits` is ignored.
/// RSA accepts PKCS#1 RSAPublicKey or an X.509 SubjectPublicKeyInfo; EC accepts only an uncompressed
/// X9.63 point, whose length picks the curve (65: P-256, 97: P-384, 133: P-521).
/// Failures return nil and set `error` (NSOSStatusErrorDomain) with Apple's messages, e.g. errSecParam
/// "RSA public key creation from data failed", "Unsupported key type: (null)". Private keys are not
/// supported (errSecUnimplemented), where Apple would import them.
@discardableResult
public func SecKeyCreateWithData(
    _ keyData: CFData, _ attributes: CFDictionary, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> SecKey? {
    func fail(_ status: OSStatus, _ message: String) -> SecKey? {
        SecErrors.report(SecErrors.secError(status, message), to: error)
        return nil
    }
    let type = attributes[kSecAttrKeyType]
    guard let algorithm = KeyParameter.integer(type) else {
        return fail(errSecParam, "Unsupported key type: \(KeyParameter.describe(type))")
    }
    let keyClassValue = attributes[kSecAttrKeyClass]
    guard let keyClass = KeyParameter.integer(keyClassValue) else {
        return fail(errSecParam, "Unsupported key class: \(KeyParameter.describe(keyClassValue))")
    }
    let bytes = [UInt8](keyData)
    switch (keyClass, algorithm) {
    case (0, 42):
        return SecKey.rsa(importing: bytes) ?? fail(errSecParam, "RSA public key creation from data failed")
    case (0, 43), (0, 73):
        return SecKey.ec(importing: bytes) ?? fail(errSecParam, "EC public key creation from data failed")
    case (0, _):
        return fail(errSecParam, "Unsupported public key type: \(KeyParameter.describe(type))")
    case (1, 42), (1, 43), (1, 73):
        return fail(errSecUnimplemented, "SecTrustCompat does not import private keys")
    case (1, _):
        return fail(errSecParam, "Unsupported private key type: \(KeyParameter.describe(type))")
    case (2, _):
        return fail(errSecUnimplemented, "Unsupported symmetric key type: \(KeyParameter.describe(type))")
    default:
        return fail(errSecParam, "Unsupported key class: \(KeyParameter.describe(keyClassValue))")
    }
}

/// Apple's SecKeyParamsGetCFIndex: a non-negative number, or a string that is exactly such a number's
/// decimal spelling ("42", not "042" or "RSA").
private enum KeyParameter {
    static func integer(_ value: Any?) -> Int? {
        switch value {
        case let string as String:
            guard let number = Int(string), String(number) == string, number >= 0 else { return nil }
            return number
        case let number as NSNumber:
            return number.intValue >= 0 ? number.intValue : nil
        case let number as Int:
            return number >= 0 ? number : nil
        default:
            return nil
        }
    }

    /// How CoreFoundation's `%@` prints the value (NULL as "(null)").
    static func describe(_ value: Any?) -> String {
        guard let value else { return "(null)" }
        return "\(value)"
    }
}
