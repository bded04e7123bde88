import Testing
import TrustCertificates

/// The strict reading, RFC 5952 writing and its round trip.
struct IPAddressStrictTests {
    static let roundTrips: [(String, [UInt8])] = [
        ("127.0.0.1", [127, 0, 0, 1]),
        ("0.0.0.0", [0, 0, 0, 0]),
        ("255.255.255.255", [255, 255, 255, 255]),
        ("::", [UInt8](repeating: 0, count: 16)),
        ("::1", [UInt8](repeating: 0, count: 15) + [1]),
        ("2001:db8::1:0:0:1", [0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1]),
        ("fe80::", [0xfe, 0x80] + [UInt8](repeating: 0, count: 14)),
        ("1:2:3:4:5:6:7:8", [0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]),
        // A single zero group is not compressed (RFC 5952 §4.2.2).
        ("1:0:3:4:5:6:7:8", [0, 1, 0, 0, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]),
    ]

    @Test(arguments: roundTrips)
    func roundTrip(_ text: String, _ bytes: [UInt8]) {
        #expect(IPAddress(text)?.bytes == bytes)
        #expect(IPAddress(bytes: bytes)?.description == text)
        #expect(IPAddress(IPAddress(bytes: bytes)!.description) == IPAddress(bytes: bytes))
    }

    /// Other spellings of the same address read to it, and write back canonically.
    @Test(arguments: [
        ("2001:DB8:0:0:1:0:0:1", "2001:db8::1:0:0:1"),
        ("2001:0db8:0000:0000:0001:0000:0000:0001", "2001:db8::1:0:0:1"),
        ("::ffff:192.0.2.1", "::ffff:c000:201"),
        ("1:2:3:4:5:6:7::", "1:2:3:4:5:6:7:0"),
    ])
    func canonicalises(_ text: String, _ canonical: String) {
        #expect(IPAddress(text)?.description == canonical)
    }

    @Test(arguments: [
        "", "1.2.3", "1.2.3.4.5", "256.0.0.1", "01.2.3.4", "1.2.3.4 ", "+1.2.3.4", "0x7f.0.0.1", "example.com",
        "1::2::3", ":::", ":1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8::", "1:2:3:4:5:6:7:8:9", "12345::", "+1::",
        "[::1]", "fe80::1%eth0", "::ffff:1.2.3", "::ffff:01.2.3.4", "1:2:3:4:5:6:7:1.2.3.4",
    ])
    func refuses(_ text: String) {
        #expect(IPAddress(text) == nil)
    }

    @Test func onlyFourOrSixteenOctetsAreAnAddress() {
        #expect(IPAddress(bytes: [1, 2, 3]) == nil)
        #expect(IPAddress(bytes: [UInt8](repeating: 0, count: 8)) == nil)
    }

    @Test func namesConstraintOctetsAreAddressAndPrefix() {
        #expect(IPAddress.text([192, 168, 0, 0, 255, 255, 0, 0]) == "192.168.0.0/16")
        #expect(IPAddress.text([0x20, 0x01, 0x0d, 0xb8] + [UInt8](repeating: 0, count: 12)
            + [UInt8](repeating: 0xff, count: 4) + [UInt8](repeating: 0, count: 12)) == "2001:db8::/32")
        #expect(IPAddress.text([1, 0xab, 3]) == "1:ab:3")
    }

    /// inet_aton's hexadecimal form, which the web PKI commonName rule recognises as a misspelt address.
    @Test func hexadecimalIPv4() {
        #expect(IPAddress(hexadecimalIPv4: "0xC0A80101")?.bytes == [192, 168, 1, 1])
        #expect(IPAddress(hexadecimalIPv4: "0X7f000001")?.bytes == [127, 0, 0, 1])
        #expect(IPAddress(hexadecimalIPv4: "C0A80101") == nil)
        #expect(IPAddress(hexadecimalIPv4: "0x1FFFFFFFF") == nil)
        #expect(IPAddress(hexadecimalIPv4: "192.168.1.1") == nil)
    }
}

/// Apple's SecFrameworkCopyIPAddressData, which decides whether an SSL reference host is tried
/// against the SAN iPAddresses.
struct IPAddressAppleLenientTests {
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
        #expect(IPAddress(appleLenient: text)?.bytes == expected)
    }

    @Test(arguments: [
        "apple.com.1", "284.321.1.1", "192.168.254.0/24", "2606:4700:4700::1111::1",
        "[2606:4700:4700:[0:0:0:0]:1111]", "...1", "23.45.56.67.78", ":1", "100:90:80:70:60:50:40:30:20:10",
        "2600:f00000000d::1", "cov:fefe::1",
        // No IPv4-mapped form, no zone identifier, at most 41 characters.
        "::ffff:1.2.3.4", "fe80::1%en0", "0000:0000:0000:0000:0000:0000:0000:00001",
    ])
    func notAddresses(_ text: String) {
        #expect(IPAddress(appleLenient: text) == nil)
    }

    /// Where the two readings part: Apple's forms that strict text refuses, and the reverse. Each
    /// address Apple reads still writes back as canonical text the strict reading accepts.
    @Test(arguments: ["010.1.1.1", "10..2.3", ":1:2:3:4:5:6:7", "1:2:3:4:5:6:7:", "[::1]"])
    func lenientOnly(_ text: String) throws {
        #expect(IPAddress(text) == nil)
        let address = try #require(IPAddress(appleLenient: text))
        #expect(IPAddress(address.description) == address)
    }

    @Test func strictOnly() {
        #expect(IPAddress("::ffff:1.2.3.4") != nil)
        #expect(IPAddress(appleLenient: "::ffff:1.2.3.4") == nil)
    }
}
