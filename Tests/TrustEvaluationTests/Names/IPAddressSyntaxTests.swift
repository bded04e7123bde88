import Testing
@testable import TrustEvaluation

/// Apple's SecFrameworkCopyIPAddressData, which decides whether an SSL reference host is tried
/// against the SAN iPAddresses.
struct AppleIPAddressParserTests {
    private static let v6Loopback = [UInt8](repeating: 0, count: 15) + [1]
    private static let cloudflare: [UInt8] = [0x26, 0x06, 0x47, 0x00, 0x47, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0x11, 0x11]

    // Apple's own vectors (TrustInterfaceTests testSecFrameworkIsIPAddress / CopyIPAddressData) …
    static let addressCases: [(String, [UInt8]?)] = [
        ("127.0.0.1", [127, 0, 0, 1]),
        ("162.159.36.1", [162, 159, 36, 1]),
        ("162.159.132.53", [0xA2, 0x9F, 0x84, 0x35]),
        ("::", [UInt8](repeating: 0, count: 16)),
        ("::1", v6Loopback),
        ("cafe:feed:face::1", [0xca, 0xfe, 0xfe, 0xed, 0xfa, 0xce] + [UInt8](repeating: 0, count: 9) + [1]),
        ("cafe:FEED:FACE::", [0xca, 0xfe, 0xfe, 0xed, 0xfa, 0xce] + [UInt8](repeating: 0, count: 10)),
        ("2606:4700:4700::1111", cloudflare),
        ("2606:4700:4700:0:0:0:0:1111", cloudflare),
        ("[2606:4700:4700:0:0:0:0:1111]", cloudflare),
        // … and the quirks of its atoi/strtoul reading (apple-sectrust.md §4.1).
        ("010.1.1.1", [10, 1, 1, 1]),
        ("10..2.3", [10, 0, 2, 3]),
        ("1.2.3.", nil),
        (":1:2:3:4:5:6:7", [0, 0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7]),
        ("1:2:3:4:5:6:7:", [0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 0]),
    ]

    @Test(arguments: addressCases)
    func addresses(_ text: String, _ expected: [UInt8]?) {
        #expect(IPAddressSyntax.appleAddress(text) == expected)
    }

    @Test(arguments: [
        "apple.com.1", "284.321.1.1", "192.168.254.0/24", "2606:4700:4700::1111::1",
        "[2606:4700:4700:[0:0:0:0]:1111]", "...1", "23.45.56.67.78", ":1", "100:90:80:70:60:50:40:30:20:10",
        "2600:f00000000d::1", "cov:fefe::1",
        // No IPv4-mapped form, no zone identifier, at most 41 characters.
        "::ffff:1.2.3.4", "fe80::1%en0", "0000:0000:0000:0000:0000:0000:0000:00001",
    ])
    func notAddresses(_ text: String) {
        #expect(IPAddressSyntax.appleAddress(text) == nil)
    }
}
