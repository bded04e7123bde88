import Testing
import TrustCertificates
@testable import TrustEvaluation

/// One hostname case: a leaf with these SANs (and CN), a reference host, the verdict.
struct HostnameCase: CustomTestStringConvertible, Sendable {
    let label: String
    let san: [TestCertificate.GeneralNameSpec]?
    let commonName: String?
    let host: String
    let matches: Bool

    init(_ label: String, san: [TestCertificate.GeneralNameSpec]?, cn: String? = nil, host: String, _ matches: Bool) {
        self.label = label
        self.san = san
        self.commonName = cn
        self.host = host
        self.matches = matches
    }

    var testDescription: String { label }

    func certificate() throws -> Certificate {
        try TestCertificate(subject: commonName.map { [[.cn($0)]] } ?? [], san: san).build()
    }
}

struct AppleHostnameTests {
    static let psl = PublicSuffixListTests.list

    /// apple-sectrust.md §4.1 and SecurityTests/ssl-policy-certs/TestDescriptions.txt: only Test4,
    /// Test7, Test17 and Test19 succeed.
    static let sslPolicyCases: [HostnameCase] = [
        HostnameCase("Test1 neither CN nor SAN", san: [.dns("bad.apple.com")], cn: "bad.apple.com", host: "test.apple.com", false),
        HostnameCase("Test2 CN but not SAN", san: [.dns("bad.apple.com")], cn: "test.apple.com", host: "test.apple.com", false),
        HostnameCase("Test3 CN only, no SAN", san: nil, cn: "test.apple.com", host: "test.apple.com", false),
        HostnameCase("Test4 SAN, CN mismatch", san: [.dns("test.apple.com")], cn: "bad.apple.com", host: "test.apple.com", true),
        HostnameCase("Test7 wildcard left-most label", san: [.dns("*.test.apple.com")], host: "good.test.apple.com", true),
        HostnameCase("Test17 plain SAN match", san: [.dns("test.apple.com")], cn: "test.apple.com", host: "test.apple.com", true),
        HostnameCase("Test19 reference with trailing dot", san: [.dns("test.apple.com")], host: "test.apple.com.", true),
        HostnameCase("Test29 CN only, SAN without dNSName", san: [.email("test@apple.com")], cn: "test.apple.com", host: "test.apple.com", false),
        HostnameCase("wildcard in a middle label", san: [.dns("test.*.apple.com")], host: "test.bad.apple.com", false),
        HostnameCase("wildcard over a TLD", san: [.dns("*.com")], host: "apple.com", false),
        HostnameCase("wildcard over a multi-label public suffix", san: [.dns("*.co.uk")], host: "apple.co.uk", false),
        HostnameCase("partial wildcard t*t", san: [.dns("t*t.apple.com")], host: "test.apple.com", false),
        HostnameCase("partial wildcard apple*", san: [.dns("apple*.com")], host: "apple.com", false),
        HostnameCase("partial wildcard *est", san: [.dns("*est.apple.com")], host: "test.apple.com", false),
        HostnameCase("partial wildcard tes*", san: [.dns("tes*.apple.com")], host: "test.apple.com", false),
        HostnameCase("wildcard *.*", san: [.dns("*.*")], host: "apple.com", false),
        HostnameCase("wildcard * alone", san: [.dns("*")], host: "apple", false),
        HostnameCase("SAN with trailing dot", san: [.dns("test.apple.com.")], host: "test.apple.com", false),
        HostnameCase("SAN with leading dot", san: [.dns(".test.apple.com")], host: "test.apple.com", false),
        HostnameCase("reference with leading dot", san: [.dns("test.apple.com")], host: ".test.apple.com", false),
        HostnameCase("reference with an extra trailing label", san: [.dns("test.apple.com")], host: "test.apple.com.com", false),
        HostnameCase("no SAN at all", san: nil, host: "test.apple.com", false),
        HostnameCase("IP in a dNSName (testIPAddressInDNSField)", san: [.dns("192.168.1.1")], host: "192.168.1.1", false),
        HostnameCase("IP in the CN (testIPAddressInCN)", san: nil, cn: "192.168.1.1", host: "192.168.1.1", false),
    ]

    /// Further consequences of SecDNSMatch and Apple's IP parser.
    static let quirkCases: [HostnameCase] = [
        HostnameCase("case is ignored", san: [.dns("TEST.Apple.COM")], host: "test.apple.COM", true),
        HostnameCase("only one trailing dot is stripped", san: [.dns("test.apple.com")], host: "test.apple.com..", false),
        HostnameCase("wildcard covers exactly one label", san: [.dns("*.apple.com")], host: "a.b.apple.com", false),
        HostnameCase("wildcard does not cover the parent", san: [.dns("*.apple.com")], host: "apple.com", false),
        HostnameCase("wildcard over a private suffix is allowed", san: [.dns("*.github.io")], host: "foo.github.io", true),
        HostnameCase("wildcard over an unlisted two-label domain", san: [.dns("*.example.unlisted")], host: "a.example.unlisted", true),
        HostnameCase("SecDNSMatch lets a wildcard take an empty label", san: [.dns("*.apple.com")], host: ".apple.com", true),
        HostnameCase("underscores pass SecFrameworkIsDNSName", san: [.dns("foo_bar.apple.com")], host: "foo_bar.apple.com", true),
        HostnameCase("IPv4 reference against an iPAddress SAN", san: [.ip([192, 168, 1, 1])], host: "192.168.1.1", true),
        HostnameCase("atoi reads leading zeros as decimal", san: [.ip([192, 168, 1, 1])], host: "192.168.001.001", true),
        HostnameCase("an empty IPv4 part reads as 0", san: [.ip([10, 0, 2, 3])], host: "10..2.3", true),
        HostnameCase("IPv6 reference, brackets stripped", san: [.ip([UInt8](repeating: 0, count: 15) + [1])], host: "[::1]", true),
        HostnameCase("IPv6 compares in binary", san: [.ip([0x20, 0x01, 0x0d, 0xb8] + [UInt8](repeating: 0, count: 11) + [1])],
                     host: "2001:DB8:0:0:0:0:0:1", true),
        HostnameCase("no IPv4-mapped IPv6 form", san: [.ip([UInt8](repeating: 0, count: 10) + [0xff, 0xff, 1, 2, 3, 4])],
                     host: "::ffff:1.2.3.4", false),
        HostnameCase("IPv4 is not IPv4-mapped IPv6", san: [.ip([UInt8](repeating: 0, count: 10) + [0xff, 0xff, 1, 2, 3, 4])],
                     host: "1.2.3.4", false),
    ]

    @Test(arguments: sslPolicyCases + quirkCases)
    func appleRules(_ testCase: HostnameCase) throws {
        let certificate = try testCase.certificate()
        #expect(HostnameMatcher.matches(certificate, hostname: testCase.host, rules: .apple, publicSuffixes: Self.psl) == testCase.matches)
        #expect(HostnameMatcher.matches(certificate, peer: .dns(testCase.host), rules: .apple, publicSuffixes: Self.psl) == testCase.matches)
    }

    /// With no list CFNetwork's check is missing and Apple fails open: only the label count stops `*.co.uk`.
    @Test func missingSuffixListFailsOpen() throws {
        let coUK = try TestCertificate(san: [.dns("*.co.uk")]).build()
        #expect(HostnameMatcher.matches(coUK, hostname: "apple.co.uk", rules: .apple, publicSuffixes: .empty))
        let com = try TestCertificate(san: [.dns("*.com")]).build()
        #expect(!HostnameMatcher.matches(com, hostname: "apple.com", rules: .apple, publicSuffixes: .empty))
    }

    @Test func typedPeers() throws {
        let certificate = try TestCertificate(
            subject: [[.cn("leaf"), .email("Leaf@Example.com")]],
            san: [.ip([192, 0, 2, 1]), .email("user@example.com"), .dns("example.com")]
        ).build()
        #expect(HostnameMatcher.matches(certificate, peer: .ip([192, 0, 2, 1]), rules: .apple, publicSuffixes: Self.psl))
        #expect(!HostnameMatcher.matches(certificate, peer: .ip([192, 0, 2, 2]), rules: .apple, publicSuffixes: Self.psl))
        // SecPolicyCheckCertEmail: SAN and subject addresses, case ignored throughout.
        #expect(HostnameMatcher.matches(certificate, peer: .email("USER@example.com"), rules: .apple, publicSuffixes: Self.psl))
        #expect(HostnameMatcher.matches(certificate, peer: .email("leaf@example.COM"), rules: .apple, publicSuffixes: Self.psl))
        #expect(!HostnameMatcher.matches(certificate, peer: .email("other@example.com"), rules: .apple, publicSuffixes: Self.psl))
    }

    @Test(arguments: [
        ("*.apple.com", "www.apple.com", true), ("*.apple.com", "*.apple.com", true), ("f*o.apple.com", "foo.apple.com", false),
        ("www.apple.com", "WWW.APPLE.COM.", true), ("*.co.uk", "apple.co.uk", false), ("*.s3.amazonaws.com", "a.s3.amazonaws.com", true),
    ])
    func singleName(_ presented: String, _ reference: String, _ expected: Bool) {
        #expect(HostnameMatcher.matches(presented: presented, reference: reference, rules: .apple, publicSuffixes: Self.psl) == expected)
    }

    /// SecDNSMatch label by label, as the general (non-ASCII) path reads it: the reference for the ASCII
    /// path's one-pass test of equal names.
    private static func labelWiseMatch(presented: String, reference: String) -> Bool {
        guard !reference.isEmpty else { return false }
        let trimmed = reference.hasSuffix(".") ? String(reference.dropLast()) : reference
        let referenceLabels = DNSNameSyntax.labels(trimmed), presentedLabels = DNSNameSyntax.labels(presented)
        guard referenceLabels.count == presentedLabels.count else { return false }
        for index in presentedLabels.indices.reversed() {
            let label = presentedLabels[index]
            if label == "*" {
                guard index == 0, presentedLabels.count > 2,
                      !psl.isPublicSuffix(String(presented.dropFirst(2)), includingPrivateDomains: false)
                else { return false }
            } else {
                guard !label.contains("*"), label.lowercased() == referenceLabels[index].lowercased() else { return false }
            }
        }
        return true
    }

    @Test("Names equal but for ASCII case match in one pass, as label by label", arguments: [
        ("www.apple.com", "www.apple.com"), ("WWW.Apple.com", "www.apple.COM"), ("www.apple.com", "www.apple.com."),
        ("www.apple.com.", "www.apple.com."), ("www.apple.com.", "www.apple.com"), ("a..b", "a..b"), (".", "."), ("..", "."),
        ("", ""), ("", "."), ("*", "*"), ("*.apple.com", "*.apple.com"), ("*.apple.com", "*.APPLE.com"), ("w*w.apple.com", "w*w.apple.com"),
        ("*.com", "*.com"), ("*.co.uk", "*.co.uk"), ("www.apple.com", "www.apple.co"), ("www.apple.co", "www.apple.com"),
        ("www.apple.com", "www-apple.com"), ("[.apple.com", "{.apple.com"), ("@.apple.com", "`.apple.com"), ("_.apple.com", "_.apple.com"),
    ])
    func equalNamesMatchAsLabelByLabel(_ presented: String, _ reference: String) {
        #expect(HostnameMatcher.matches(presented: presented, reference: reference, rules: .apple, publicSuffixes: Self.psl)
            == Self.labelWiseMatch(presented: presented, reference: reference))
    }
}

struct WebPKIHostnameTests {
    static let psl = PublicSuffixListTests.list

    /// x509-limbo's webpki::san::* and rfc5280::san::* hostname cases, plus the ones they imply.
    static let limboCases: [HostnameCase] = [
        HostnameCase("webpki::san::exact-dns-san", san: [.dns("example.com")], host: "example.com", true),
        HostnameCase("webpki::san::exact-localhost-ip-san", san: [.ip([127, 0, 0, 1])], host: "127.0.0.1", true),
        HostnameCase("webpki::san::mismatch-domain-san", san: [.dns("example.com")], host: "example2.com", false),
        HostnameCase("webpki::san::mismatch-subdomain-san", san: [.dns("abc.example.com")], host: "def.example.com", false),
        HostnameCase("webpki::san::mismatch-subdomain-apex-san", san: [.dns("example.com")], host: "abc.example.com", false),
        HostnameCase("webpki::san::mismatch-apex-subdomain-san", san: [.dns("abc.example.com")], host: "example.com", false),
        HostnameCase("webpki::san::public-suffix-wildcard-san", san: [.dns("*.com")], host: "example.com", false),
        HostnameCase("webpki::san::public-suffix-multi-label-wildcard-san", san: [.dns("*.co.uk")], host: "example.co.uk", false),
        HostnameCase("webpki::san::public-suffix-private-namespace-wildcard-san", san: [.dns("*.s3.amazonaws.com")],
                     host: "example.s3.amazonaws.com", false),
        HostnameCase("webpki::san::leftmost-wildcard-san", san: [.dns("*.example.com")], host: "foo.example.com", true),
        HostnameCase("webpki::san::wildcard-embedded-leftmost-san", san: [.dns("ba*.example.com")], host: "baz.example.com", false),
        HostnameCase("webpki::san::wildcard-not-in-leftmost-san", san: [.dns("foo.*.example.com")], host: "foo.bar.example.com", false),
        HostnameCase("webpki::san::wildcard-match-across-labels-san", san: [.dns("*.example.com")], host: "foo.bar.example.com", false),
        HostnameCase("webpki::san::wildcard-embedded-ulabel-san", san: [.dns("xn--*-1b3c148a.example.com")],
                     host: "xn--bliss-1b3c148a.example.com", false),
        HostnameCase("webpki::san::unicode-emoji-san", san: [.dns("😜.example.com")], host: "xn--628h.example.com", false),
        HostnameCase("webpki::san::no-san", san: nil, cn: "example.com", host: "example.com", false),
        HostnameCase("webpki::san::san-wildcard-only", san: [.dns("*")], host: "example.com", false),
        HostnameCase("webpki::san::san-wildcard-only-tld", san: [.dns("*")], host: "com", false),
        HostnameCase("webpki::cn::not-in-san (CN ignored)", san: [.dns("valid.example.com")], cn: "notinsan.example.com",
                     host: "notinsan.example.com", false),
        HostnameCase("rfc5280::san::underscore-dns", san: [.dns("foo_bar.example.com")], host: "foo_bar.example.com", false),
        HostnameCase("rfc5280::san::ip-in-dns", san: [.dns("8.8.8.8")], host: "8.8.8.8", false),
        HostnameCase("bettertls: IP reference, other IP", san: [.ip([1, 1, 1, 1])], host: "127.0.0.1", false),
        HostnameCase("bettertls: dNSName in a URI does not count", san: [.dns("bad.example.com"), .uri("http://foo.bar, DNS:test.localhost")],
                     host: "test.localhost", false),
    ]

    static let ruleCases: [HostnameCase] = [
        HostnameCase("case is ignored", san: [.dns("Example.COM")], host: "EXAMPLE.com", true),
        HostnameCase("one trailing dot on the reference is ignored", san: [.dns("example.com")], host: "example.com.", true),
        HostnameCase("a trailing dot on the SAN is invalid", san: [.dns("example.com.")], host: "example.com", false),
        HostnameCase("a wildcard needs two labels after it", san: [.dns("*.localhost")], host: "test.localhost", false),
        HostnameCase("a wildcard under an exception rule is fine", san: [.dns("*.www.ck")], host: "a.www.ck", true),
        HostnameCase("a wildcard over a PSL wildcard rule is not", san: [.dns("*.foo.ck")], host: "a.foo.ck", false),
        HostnameCase("a wildcard over an A-label suffix is not", san: [.dns("*.xn--55qx5d.cn")], host: "a.xn--55qx5d.cn", false),
        HostnameCase("an invalid reference matches nothing", san: [.dns("foo_bar.example.com")], host: "foo_bar.example.com", false),
        HostnameCase("a U-label reference is not converted", san: [.dns("xn--bcher-kva.example")], host: "bücher.example", false),
        HostnameCase("IPv6 reference in brackets", san: [.ip([UInt8](repeating: 0, count: 15) + [1])], host: "[::1]", true),
        HostnameCase("IPv6 in any valid text form", san: [.ip([0x20, 0x01, 0x0d, 0xb8] + [UInt8](repeating: 0, count: 11) + [1])],
                     host: "2001:DB8:0:0:0:0:0:1", true),
        HostnameCase("leading zeros are not an address", san: [.ip([192, 168, 1, 1])], host: "192.168.001.001", false),
        HostnameCase("an iPAddress of 8 bytes matches nothing", san: [.ip([192, 0, 2, 1, 255, 255, 255, 255])], host: "192.0.2.1", false),
        HostnameCase("an IP reference ignores dNSNames", san: [.dns("example.com")], host: "192.0.2.1", false),
    ]

    @Test(arguments: limboCases + ruleCases)
    func webpkiRules(_ testCase: HostnameCase) throws {
        let certificate = try testCase.certificate()
        #expect(HostnameMatcher.matches(certificate, hostname: testCase.host, rules: .webpki, publicSuffixes: Self.psl) == testCase.matches)
    }

    /// limbo CLIENT cases name RFC 822 peers: SAN rfc822Names only, exact local part, domain case ignored.
    @Test(arguments: [
        ("foo@example.com", "foo@example.com", true), ("foo@example.com", "foo@EXAMPLE.com", true),
        ("Foo@example.com", "foo@example.com", false), ("*@example.com", "*@example.com", true),
        ("*@example.com", "user@example.com", false), ("invalid@address@example.com", "invalid@address@example.com", false),
        ("\"a@b\"@example.com", "\"a@b\"@example.com", true), ("foo@example.com", "foo@sub.example.com", false),
    ])
    func emailPeers(_ san: String, _ peer: String, _ expected: Bool) throws {
        let certificate = try TestCertificate(subject: [[.email(peer)]], san: [.email(san)]).build()
        #expect(HostnameMatcher.matches(certificate, peer: .email(peer), rules: .webpki, publicSuffixes: Self.psl) == expected)
    }

    @Test func subjectEmailIsNotAPeerName() throws {
        let certificate = try TestCertificate(subject: [[.email("foo@example.com")]], san: [.dns("example.com")]).build()
        #expect(!HostnameMatcher.matches(certificate, peer: .email("foo@example.com"), rules: .webpki, publicSuffixes: Self.psl))
    }

    /// webpki's dNSName match as it was written before an equal name skipped the syntax pass: syntax first,
    /// then equality or the wildcard rules.
    private static func referenceMatch(presented: String, reference: String) -> Bool {
        let host = reference.hasSuffix(".") ? String(reference.dropLast()) : reference
        guard DNSNameSyntax.isHostName(host), DNSNameSyntax.isPresentedName(presented) else { return false }
        let referenceName = DNSNameSyntax.asciiLowercased(host), presentedName = DNSNameSyntax.asciiLowercased(presented)
        guard presentedName.hasPrefix("*.") else { return presentedName == referenceName }
        let base = String(presentedName.dropFirst(2))
        guard let dot = referenceName.firstIndex(of: "."), referenceName[referenceName.index(after: dot)...] == base,
              base.contains("."), !psl.isPublicSuffix(base, includingPrivateDomains: true)
        else { return false }
        return true
    }

    @Test("An equal name matches before its syntax is read, as when the syntax was read first", arguments: [
        ("example.com", "example.com"), ("EXAMPLE.com", "example.com"), ("example.com", "Example.COM."),
        ("foo_bar.example.com", "foo_bar.example.com"), ("-a.example.com", "-a.example.com"), ("a-.example.com", "a-.example.com"),
        ("example.123", "example.123"), ("1.2.3.4", "1.2.3.4"), ("", ""), (".", "."), ("example.com.", "example.com."),
        ("example..com", "example..com"), ("*.example.com", "*.example.com"), ("*.example.com", "www.example.com"),
        ("*.EXAMPLE.com", "www.example.com"), ("*.com", "example.com"), ("*.co.uk", "example.co.uk"),
        ("\u{212A}.example.com", "k.example.com"), ("\u{212A}.example.com", "K.example.com"), ("é.example.com", "é.example.com"),
        ("e\u{301}.example.com", "\u{e9}.example.com"), ("xn--e1afmkfd.example", "XN--E1AFMKFD.example"),
        (String(repeating: "a", count: 64) + ".com", String(repeating: "a", count: 64) + ".com"),
    ])
    func equalNamesMatchAsBefore(_ presented: String, _ reference: String) {
        #expect(HostnameMatcher.matches(presented: presented, reference: reference, rules: .webpki, publicSuffixes: Self.psl)
            == Self.referenceMatch(presented: presented, reference: reference))
    }

    @Test func ipPeerNeedsIPSAN() throws {
        let certificate = try TestCertificate(san: [.dns("192.0.2.1"), .ip([192, 0, 2, 1])]).build()
        #expect(HostnameMatcher.matches(certificate, peer: .ip([192, 0, 2, 1]), rules: .webpki, publicSuffixes: Self.psl))
        #expect(!HostnameMatcher.matches(certificate, peer: .ip([192, 0, 2, 1, 0, 0]), rules: .webpki, publicSuffixes: Self.psl))
    }
}
