import TrustCertificates

/// Key sizes and key validity: broken keys fail every policy (WeakKeySize, fatal); the SSL server
/// policy also requires RSA ≥ 2048 and EC ≥ 256 on every certificate, the anchor included (KeySize).
/// The two are separate checks in Apple's policy, so a broken key fails both.
///
/// A key that no key pair can have (`PublicKeyInfo.defect`: RSA exponent 1, an even modulus, an EC
/// point off its curve, ...) is broken too, on every certificate of the path: the anchor's key is
/// what verifies the next certificate, and a pin on a leaf key that cannot exist means nothing.
/// Apple's SecCertificateIsWeakKey counts a key SecCertificateCopyKey cannot create as weak, so
/// WeakKeySize (errSecUnsupportedKeySize, -67735, fatal) is Apple's own answer for such a key.
struct KeyStrengthCheck: PathCheck {
    /// Whether the policy's minimum sizes (KeySize) apply, on top of the broken-key floor.
    let enforceMinimumSizes: Bool
    /// Whether RSA exponents must lie in the Baseline Requirements' range (web PKI profile).
    let requireBaselineExponent: Bool
    /// Whether DSA keys of `minimumDSABits` and more are usable (rfc5280: RFC 3279 §2.3.2 defines them
    /// for X.509; Apple and the web PKI refuse DSA at any size).
    var acceptsDSA = false

    /// NIST SP 800-131A Rev. 2 §3 keeps DSA ≥ 1024 bits for verifying legacy signatures; pyhanko's PKITS
    /// runner uses the same threshold (dsa_key_size_threshold=1024).
    static let minimumDSABits = 1024

    func evaluate(_ context: PathContext, into failures: inout [TrustFailure]) {
        for index in context.certificates.indices {
            // A DSA key that inherits its parameters is judged with them (§6.1.4 (f)).
            let key = acceptsDSA ? DSAParameterInheritanceCheck.workingKey(at: index, in: context.certificates)
                : context.certificates[index].publicKey
            if Self.isBroken(key), !(acceptsDSA && Self.isUsableDSA(key)) {
                failures.append(TrustFailure(index: index, check: .weakKeySize,
                                             context: .brokenKey(algorithm: "\(key.algorithm)", bits: key.bits, defect: key.defect)))
            }
            if enforceMinimumSizes && !Self.meetsMinimum(key) {
                failures.append(TrustFailure(index: index, check: .keySize, context: .keySize(
                    algorithm: "\(key.algorithm)", bits: key.bits, minimumBits: Self.minimumBits(key.algorithm))))
            }
            if requireBaselineExponent, key.defect == nil, let exponent = key.rsaPublicExponent,
               !Self.isInBaselineRange(exponent)
            {
                // Below the range it has at most 3 octets, above it more than 32.
                let value = exponent.count <= 8 ? "\(exponent.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })" : "above 2^256-1"
                failures.append(TrustFailure(index: index, check: .webPKICompliance, context: .rule(
                    .rsaExponentOutOfRange,
                    detail: "RSA public exponent \(value) is outside the Baseline Requirements' range 2^16+1 to 2^256-1 (BR 6.1.6)")))
            }
        }
    }

    /// RSA below 1024 bits, EC below 160, keys of an algorithm Apple cannot use, and keys that
    /// cannot exist.
    static func isBroken(_ key: PublicKeyInfo) -> Bool {
        if key.defect != nil { return true }
        switch key.algorithm {
        case .rsa, .rsaPSS: return key.bits < 1024
        case .ecdsa: return key.bits < 160
        case .ed25519, .ed448: return false
        case .dsa, .other: return true
        }
    }

    /// A DSA key GnuTLS imported, of at least `minimumDSABits`.
    static func isUsableDSA(_ key: PublicKeyInfo) -> Bool {
        key.algorithm == .dsa && key.defect == nil && key.canVerifySignatures && key.bits >= minimumDSABits
    }

    /// Apple compares byte sizes, so a 2047-bit modulus passes the 2048-bit floor.
    static func meetsMinimum(_ key: PublicKeyInfo) -> Bool {
        let minimum = minimumBits(key.algorithm)
        return minimum > 0 && (key.bits + 7) / 8 >= minimum / 8
    }

    /// The SSL server policy's minimum size: RSA 2048, EC 256; 0 for algorithms it refuses at any size.
    static func minimumBits(_ algorithm: PublicKeyAlgorithm) -> Int {
        switch algorithm {
        case .rsa, .rsaPSS: return 2048
        case .ecdsa: return 256
        case .ed25519, .ed448, .dsa, .other: return 0
        }
    }

    /// CA/Browser Forum Baseline Requirements §6.1.6: "The value of the public exponent MUST be an
    /// odd number equal to 3 or more. Additionally, the public exponent SHOULD be in the range
    /// between 2^16 + 1 and 2^256 - 1." The web PKI profile holds the SHOULD as x509-limbo's webpki
    /// verifiers do; oddness and ≥ 3 are every profile's (`PublicKeyInfo.defect`).
    /// `exponent` is big-endian without leading zeros.
    static func isInBaselineRange(_ exponent: [UInt8]) -> Bool {
        guard exponent.count <= 32 else { return false }
        return exponent.count > 3 || (exponent.count == 3 && !exponent.lexicographicallyPrecedes([0x01, 0x00, 0x01]))
    }

    /// Path scoring's notion of a weak key (RSA < 2048, EC < 224).
    static func isWeakForScoring(_ key: PublicKeyInfo) -> Bool {
        switch key.algorithm {
        case .rsa, .rsaPSS: return key.bits < 2048
        case .ecdsa: return key.bits < 224
        case .ed25519, .ed448: return false
        case .dsa, .other: return true
        }
    }
}
