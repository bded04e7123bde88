import Testing
@testable import TrustCertificates

/// RFC 8017 §3.1's rules on RSA public keys, on hand-made RSAPublicKey DER (the certificates that
/// carry such keys are in TrustEvaluationTests/Fixtures/keys).
@Suite struct KeyDefectsTests {
    /// SEQUENCE { INTEGER modulus, INTEGER exponent }, each given as its content octets.
    static func pkcs1(modulus: [UInt8], exponent: [UInt8]) -> ArraySlice<UInt8> {
        let body = [0x02, UInt8(modulus.count)] + modulus + [0x02, UInt8(exponent.count)] + exponent
        return ([0x30, UInt8(body.count)] + body)[...]
    }

    static func defects(modulus: [UInt8], exponent: [UInt8]) throws -> [String] {
        KeyDefects.rsa(try #require(KeyDefects.RSAPublicKey(pkcs1: pkcs1(modulus: modulus, exponent: exponent))))
    }

    @Test func wellFormedKeyHasNoDefect() throws {
        #expect(try Self.defects(modulus: [0x00, 0xC1, 0x01, 0x02, 0x03], exponent: [0x01, 0x00, 0x01]) == [])
    }

    @Test func exponentRules() throws {
        let n: [UInt8] = [0x00, 0xC1, 0x01, 0x02, 0x03]
        #expect(try Self.defects(modulus: n, exponent: [0x00]) == ["RSA public exponent 0 is less than 3"])
        #expect(try Self.defects(modulus: n, exponent: [0x01]) == ["RSA public exponent 1 is less than 3"])
        #expect(try Self.defects(modulus: n, exponent: [0x01, 0x00, 0x00]) == ["RSA public exponent 65536 is even"])
        #expect(try Self.defects(modulus: n, exponent: [0x00, 0xC1, 0x01, 0x02, 0x05])
            == ["RSA public exponent is not smaller than the modulus"])
    }

    @Test func modulusRules() throws {
        #expect(try Self.defects(modulus: [0x00, 0xC1, 0x01, 0x02, 0x04], exponent: [0x03]) == ["RSA modulus is even"])
    }

    @Test func negativeOrMalformedIntegersAreNoRSAPublicKey() {
        #expect(KeyDefects.RSAPublicKey(pkcs1: Self.pkcs1(modulus: [0xC1, 0x01], exponent: [0x03])) == nil)
        #expect(KeyDefects.RSAPublicKey(pkcs1: Self.pkcs1(modulus: [], exponent: [0x03])) == nil)
        #expect(KeyDefects.RSAPublicKey(pkcs1: Self.pkcs1(modulus: [0x41], exponent: [0x03]).dropLast()) == nil)
    }
}
