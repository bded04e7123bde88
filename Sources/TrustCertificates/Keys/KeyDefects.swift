/// What makes a public key one that no key pair can have, checked once when a certificate is parsed.
///
/// Such a key is not merely weak: with an RSA exponent of 1 every "signature" is the padded digest
/// itself, so anyone can forge certificates under it without a private key. These rules hold for
/// every profile; the Baseline Requirements' narrower exponent range is the web PKI policy's.
enum KeyDefects {
    /// OpenSSL's OPENSSL_RSA_MAX_MODULUS_BITS (include/openssl/rsa.h), above which its RSA public
    /// operations refuse the key ("modulus too large"): a bound on the work one key can cost a
    /// verifier, and far above any key a CA issues (the Baseline Requirements' largest is 4096).
    static let maximumRSAModulusBits = 16_384

    /// The two INTEGERs of a PKCS#1 RSAPublicKey (RFC 8017 §A.1.1), as big-endian magnitudes.
    struct RSAPublicKey {
        let modulus: ArraySlice<UInt8>
        let exponent: [UInt8]

        /// nil unless `pkcs1` is exactly SEQUENCE { INTEGER, INTEGER } with both INTEGERs positive.
        init?(pkcs1: ArraySlice<UInt8>) {
            var reader = DERReader(pkcs1)
            guard let sequence = try? reader.read(tag: DERTag.sequence, "an RSAPublicKey"), reader.isAtEnd else {
                return nil
            }
            var fields = DERReader(sequence.content)
            guard let n = try? fields.read(tag: DERTag.integer, "an RSA modulus"),
                  let e = try? fields.read(tag: DERTag.integer, "an RSA public exponent"), fields.isAtEnd,
                  let modulus = Self.positive(n.content), let exponent = Self.positive(e.content)
            else { return nil }
            self.modulus = modulus
            self.exponent = Array(exponent)
            isMinimallyEncoded = Self.isMinimal(n.content) && Self.isMinimal(e.content)
        }

        /// Whether both INTEGERs are in DER's shortest form (no leading 00 but before a high bit).
        let isMinimallyEncoded: Bool

        private static func isMinimal(_ content: ArraySlice<UInt8>) -> Bool {
            content.count == 1 || content.first != 0 || content[content.startIndex + 1] & 0x80 != 0
        }

        /// The magnitude of a positive INTEGER's content octets (a zero is empty); nil if negative.
        private static func positive(_ content: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
            guard let first = content.first, first & 0x80 == 0 else { return nil }
            return content.drop { $0 == 0 }
        }

        var modulusBits: Int { Self.bitLength(modulus) }
        var exponentBits: Int { Self.bitLength(exponent[...]) }

        static func bitLength(_ magnitude: ArraySlice<UInt8>) -> Int {
            guard let top = magnitude.first else { return 0 }
            return (magnitude.count - 1) * 8 + (8 - top.leadingZeroBitCount)
        }

        /// The exponent in words: its value when it is small enough to read, else its size.
        var exponentText: String {
            exponent.count <= 8 ? "\(exponent.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })" : "of \(exponentBits) bits"
        }
    }

    /// RFC 8017 §3.1: n is a product of odd primes (so odd), 3 ≤ e ≤ n − 1 and e is odd (e must be
    /// coprime with λ(n), which is even). The size bound is `maximumRSAModulusBits`; too small a
    /// modulus is a broken key size, which the evaluation reports on its own (WeakKeySize).
    static func rsa(_ key: RSAPublicKey) -> [String] {
        var defects: [String] = []
        let bits = key.modulusBits
        if bits > maximumRSAModulusBits {
            defects.append("RSA modulus of \(bits) bits is larger than \(maximumRSAModulusBits) bits")
        }
        if key.modulus.last.map({ $0 & 1 == 0 }) ?? true { defects.append("RSA modulus is even") }
        if key.exponent.count <= 1 && (key.exponent.first ?? 0) < 3 {
            defects.append("RSA public exponent \(key.exponentText) is less than 3")
        } else if key.exponent.last! & 1 == 0 {
            defects.append("RSA public exponent \(key.exponentText) is even")
        }
        if !isLess(key.exponent[...], than: key.modulus) {
            defects.append("RSA public exponent is not smaller than the modulus")
        }
        return defects
    }

    /// SEC 1 §2.3.3: the point at infinity is encoded as the single octet 00, and it is no public
    /// key (it is the identity, whose "signatures" say nothing). Whether the other points lie on the
    /// curve is GnuTLS's to check (gnutls_pubkey_verify_params, in `PublicKeyVerifier`).
    static func ec(point: ArraySlice<UInt8>) -> [String] {
        point.count == 1 && point.first == 0 ? ["EC public key is the point at infinity"] : []
    }

    /// Compares two big-endian magnitudes without leading zeros.
    private static func isLess(_ lhs: ArraySlice<UInt8>, than rhs: ArraySlice<UInt8>) -> Bool {
        lhs.count != rhs.count ? lhs.count < rhs.count : lhs.lexicographicallyPrecedes(rhs)
    }
}
