import Testing
@testable import TrustCertificates

/// `OIDDecoder.dotted` against a plain reference decoding, over the OIDs certificates carry and over
/// edge cases: arcs at the 40/80 split, long and 64-bit subidentifiers, text longer than a small String.
@Suite struct OIDDecoderTests {
    /// X.690 §8.19 decoded the obvious way.
    static func reference(_ content: [UInt8]) -> String? {
        guard let last = content.last, last & 0x80 == 0 else { return nil }
        var numbers: [UInt64] = [], value: UInt64 = 0
        for byte in content {
            guard value >> 57 == 0 else { return nil }
            value = value << 7 | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 { numbers.append(value); value = 0 }
        }
        let first = numbers.removeFirst()
        let arcs = [first < 40 ? 0 : first < 80 ? 1 : 2, first < 40 ? first : first < 80 ? first - 40 : first - 80] + numbers
        return arcs.map(String.init).joined(separator: ".")
    }

    static func encode(_ number: UInt64) -> [UInt8] {
        var octets = [UInt8(number & 0x7F)], rest = number >> 7
        while rest > 0 { octets.insert(UInt8(rest & 0x7F) | 0x80, at: 0); rest >>= 7 }
        return octets
    }

    @Test func writesWhatTheReferenceWrites() {
        var cases: [[UInt8]] = [
            [0x2B, 0x65, 0x70], [0x55, 0x04, 0x03], [0x55, 0x1D, 0x13], [0x55, 0x1D, 0x81, 0x00],
            [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0B], [0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x01],
            [0x00], [0x27], [0x28], [0x4F], [0x50], [0x7F], [0x81, 0x00], [0xFF, 0x7F],
            [0x60, 0x86, 0x48, 0x01, 0x86, 0xF8, 0x42, 0x01, 0x01],
        ]
        for first: UInt64 in [0, 39, 40, 79, 80, 1_000, UInt64.max >> 1, UInt64.max] {
            cases.append(Self.encode(first) + Self.encode(UInt64.max) + Self.encode(0) + Self.encode(1 << 35))
        }
        cases.append(Array((0..<40).flatMap { Self.encode(UInt64($0) * 997) }))
        for content in cases {
            #expect(OIDDecoder.dotted(content[...]) == Self.reference(content), "\(content)")
        }
        #expect(OIDDecoder.dotted([0x2B, 0x65, 0x70][...]) == "1.3.101.112")
        #expect(OIDDecoder.dotted([0x81][...]) == nil)
        #expect(OIDDecoder.dotted([][...]) == nil)
        #expect(OIDDecoder.dotted(([0x81] + Array(repeating: 0xFF, count: 9) + [0x7F])[...]) == nil, "over 64 bits")
    }
}
