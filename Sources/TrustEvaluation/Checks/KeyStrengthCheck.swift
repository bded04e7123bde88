import TrustCertificates

/// Key sizes: broken keys fail every policy (WeakKeySize, fatal); the SSL server policy also requires
/// RSA ≥ 2048 and EC ≥ 256 on every certificate, the anchor included (KeySize). The two are separate
/// checks in Apple's policy, so a broken key fails both.
struct KeyStrengthCheck: PathCheck {
    /// Whether the policy's minimum sizes (KeySize) apply, on top of the broken-key floor.
    let enforceMinimumSizes: Bool

    func check(_ context: PathContext, into failures: inout [TrustFailure]) {
        for (index, certificate) in context.certificates.enumerated() {
            let key = certificate.publicKey
            if Self.isBroken(key) {
                failures.append(TrustFailure(index: index, check: .weakKeySize, detail: "\(key.algorithm) \(key.bits) bits"))
            }
            if enforceMinimumSizes && !Self.meetsMinimum(key) {
                failures.append(TrustFailure(index: index, check: .keySize, detail: "\(key.algorithm) \(key.bits) bits"))
            }
        }
    }

    /// RSA below 1024 bits, EC below 160, and keys of an algorithm Apple cannot use.
    static func isBroken(_ key: PublicKeyInfo) -> Bool {
        switch key.algorithm {
        case .rsa, .rsaPSS: return key.bits < 1024
        case .ecdsa: return key.bits < 160
        case .ed25519, .ed448: return false
        case .dsa, .other: return true
        }
    }

    /// Apple compares byte sizes, so a 2047-bit modulus passes the 2048-bit floor.
    static func meetsMinimum(_ key: PublicKeyInfo) -> Bool {
        switch key.algorithm {
        case .rsa, .rsaPSS: return (key.bits + 7) / 8 >= 256
        case .ecdsa: return (key.bits + 7) / 8 >= 32
        case .ed25519, .ed448, .dsa, .other: return false
        }
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
