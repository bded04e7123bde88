import Foundation
import SecTrustCompat
import Testing
import TrustCertificates

/// SecCertificateCreateWithData refuses encodings Apple's parser refuses, even where GnuTLS (and so
/// TrustCheck's certificate model) accepts them. Each case rewrites one field of a valid certificate;
/// the signature no longer matches, which creation does not check.
@Suite("SecCertificateCreateWithData encoding rules")
struct AppleEncodingRulesTests {
    /// Re-encodes leaf.cer with its TBS fields passed through `change`.
    static func rewritten(_ change: (inout [[UInt8]]) -> Void) throws -> Data {
        let der = [UInt8](Fixtures.data("leaf.cer"))
        var outer = DERReader(der)
        let parts = try outer.read(tag: DERTag.sequence, "Certificate").children()
        var fields = try parts[0].children().map { Array($0.encoded) }
        change(&fields)
        let tbs = encode(DERTag.sequence, fields.flatMap { $0 })
        return Data(encode(DERTag.sequence, tbs + parts[1].encoded + parts[2].encoded))
    }

    static func encode(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] { [tag] + DEREncoder.length(content.count) + content }

    @Test func unchangedRewriteIsAccepted() throws {
        #expect(SecCertificateCreateWithData(nil, try Self.rewritten { _ in } as CFData) != nil)
    }

    @Test(arguments: [UInt8(0), 3, 7])
    func explicitVersionOutsideOneToTwoIsRefused(version: UInt8) throws {
        let data = try Self.rewritten { fields in fields[0] = Self.encode(0xA0, Self.encode(DERTag.integer, [version])) }
        #expect(SecCertificateCreateWithData(nil, data as CFData) == nil)
    }

    @Test(arguments: [38, 40])
    func serialLongerThan37OctetsIsRefused(octets: Int) throws {
        let data = try Self.rewritten { fields in
            fields[1] = Self.encode(DERTag.integer, [0x01] + [UInt8](repeating: 0x5A, count: octets - 1))
        }
        _ = try Certificate(der: [UInt8](data))
        #expect(SecCertificateCreateWithData(nil, data as CFData) == nil)
    }

    @Test func serialOf37OctetsIsAccepted() throws {
        let data = try Self.rewritten { fields in
            fields[1] = Self.encode(DERTag.integer, [0x01] + [UInt8](repeating: 0x5A, count: 36))
        }
        #expect(SecCertificateCreateWithData(nil, data as CFData) != nil)
    }

    @Test func emptyExtensionsAreRefused() throws {
        let data = try Self.rewritten { fields in
            fields[fields.count - 1] = Self.encode(0xA3, Self.encode(DERTag.sequence, []))
        }
        #expect(SecCertificateCreateWithData(nil, data as CFData) == nil)
    }
}
