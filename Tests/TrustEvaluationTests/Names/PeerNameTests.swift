import Testing
import TrustCertificates
@testable import TrustEvaluation

struct PeerNameTests {
    private static func zeros(_ count: Int) -> [UInt8] { [UInt8](repeating: 0, count: count) }

    static let parsingCases: [(String, PeerName)] = [
        ("example.com", PeerName.dns("example.com")),
        ("127.0.0.1", .ip([127, 0, 0, 1])),
        ("255.255.255.255", .ip([255, 255, 255, 255])),
        ("::1", .ip(zeros(15) + [1])),
        ("[::1]", .ip(zeros(15) + [1])),
        ("::", .ip(zeros(16))),
        ("2001:db8::8a2e:370:7334", .ip([0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0x8a, 0x2e, 0x03, 0x70, 0x73, 0x34])),
        ("2001:DB8::1", .ip([0x20, 0x01, 0x0d, 0xb8] + zeros(11) + [1])),
        ("2001:0db8:0000:0000:0000:0000:0000:0001", .ip([0x20, 0x01, 0x0d, 0xb8] + zeros(11) + [1])),
        ("1::", .ip([0, 1] + zeros(14))),
        ("::ffff:192.0.2.1", .ip(zeros(10) + [0xff, 0xff, 192, 0, 2, 1])),
        ("64:ff9b::192.0.2.33", .ip([0, 0x64, 0xff, 0x9b] + zeros(8) + [192, 0, 2, 33])),
        ("1:2:3:4:5:6:7:8", .ip([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8])),
        // Not addresses in strict reading: they stay DNS names (and match no dNSName under webpki).
        ("192.168.001.001", .dns("192.168.001.001")),
        ("0xC0A80101", .dns("0xC0A80101")),
        ("1.2.3", .dns("1.2.3")),
        ("1.2.3.4.5", .dns("1.2.3.4.5")),
        ("256.1.1.1", .dns("256.1.1.1")),
        ("1.2.3.-4", .dns("1.2.3.-4")),
        ("1:2:3:4:5:6:7:8:9", .dns("1:2:3:4:5:6:7:8:9")),
        ("1:2:3:4:5:6:7:8::", .dns("1:2:3:4:5:6:7:8::")),
        ("1::2::3", .dns("1::2::3")),
        ("12345::1", .dns("12345::1")),
        ("+1::1", .dns("+1::1")),
        ("fe80::1%eth0", .dns("fe80::1%eth0")),
        ("[127.0.0.1]", .dns("[127.0.0.1]")),
        ("::1.2.3", .dns("::1.2.3")),
    ]

    @Test(arguments: parsingCases)
    func parsing(_ text: String, _ expected: PeerName) {
        #expect(PeerName(parsing: text) == expected)
    }

    /// `init(parsing:)` as it read hosts before its byte test: Substring brackets, then `IPAddress` on the text.
    private static func referenceParsing(_ text: String) -> PeerName {
        var literal = Substring(text)
        if literal.hasPrefix("["), literal.hasSuffix("]") {
            literal = literal.dropFirst().dropLast()
            if let address = IPAddress(String(literal)), address.bytes.count == 16 { return .ip(address.bytes) }
        } else if let address = IPAddress(text) {
            return .ip(address.bytes)
        }
        return .dns(text)
    }

    static let byteTestCases = parsingCases.map(\.0) + [
        "", "[", "]", "[]", "[:]", "[::1", "::1]", "[[::1]]", "[1:2:3:4:5:6:7:8]", "[2001:db8::192.0.2.1]",
        "beef.cafe", "dead:beef::cafe", "DEAD:BEEF::CAFE", "::g", "1.2.3.4 ", " 1.2.3.4", "1.2.3.4.",
        "\u{0661}.2.3.4", "[\u{0301}::1]", "[::1]\u{0301}", "\u{FF11}.2.3.4", "::1\u{0000}", "host3.shared.ed25519.bench.test",
    ]

    @Test(arguments: byteTestCases)
    func byteTestReadsAsBefore(_ text: String) {
        #expect(PeerName(parsing: text) == Self.referenceParsing(text))
    }

    @Test func description() {
        #expect(PeerName.dns("example.com").description == "example.com")
        #expect(PeerName.ip([192, 0, 2, 1]).description == "192.0.2.1")
        #expect(PeerName.ip([0x20, 0x01, 0x0d, 0xb8] + Self.zeros(11) + [1]).description == "2001:db8::1")
        #expect(PeerName.email("user@example.com").description == "user@example.com")
    }
}
