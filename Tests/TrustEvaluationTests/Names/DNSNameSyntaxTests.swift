import Testing
@testable import TrustEvaluation

struct DNSNameSyntaxTests {
    /// SecFrameworkIsDNSName, the filter on SAN dNSNames before Apple's hostname matching.
    @Test(arguments: [
        // Apple's valid vectors (TrustInterfaceTests testSecFrameworkIsDNSName).
        ("apple.com", true), ("127.0.0.1.example.com", true), ("1a.example.com", true), ("a1.example.com", true),
        ("example.xn--3hcrj9c", true), ("example.xn--80ao21a", true),
        // Apple's invalid vectors.
        ("apple.com.1", false), ("127.0.0.1", false), ("-a.example.com", false), ("a-.example.com", false),
        ("example.--3hcrj9c", false), ("example.80ao21a--", false),
        // Underscores and asterisks pass the filter anywhere; the wildcard rules come later.
        ("_foo.example.com", true), ("foo_bar.example.com", true), ("*.apple.com", true), ("t*t.apple.com", true),
        ("*", true), ("*.*", true), ("a.*", true),
        // A letter (or `*`) is needed in the last label only.
        ("1.2.3.com", true), ("a.b.123", false),
        // Empty labels, a trailing dot, non-ASCII, length limits.
        ("test.apple.com.", false), (".test.apple.com", false), ("a..com", false), ("", false), ("é.com", false),
        (String(repeating: "a", count: 63) + ".com", true), (String(repeating: "a", count: 64) + ".com", false),
        (String(repeating: "a.", count: 127) + "a", true), (String(repeating: "a.", count: 127) + "ab", false),
    ])
    func appleDNSName(_ name: String, _ valid: Bool) {
        #expect(DNSNameSyntax.isAppleDNSName(name) == valid)
    }

    /// Preferred name syntax, as webpki wants both reference and presented names.
    @Test(arguments: [
        ("example.com", true), ("EXAMPLE.com", true), ("a-b.example.com", true), ("xn--n3h.com", true), ("localhost", true),
        ("123.example.com", true), ("example.123", false), ("1.2.3.4", false),
        ("foo_bar.example.com", false), ("-a.com", false), ("a-.com", false), ("a..com", false), (".a.com", false),
        ("a.com.", false), ("*.example.com", false), ("", false), ("😜.example.com", false),
        (String(repeating: "a", count: 63) + ".com", true), (String(repeating: "a", count: 64) + ".com", false),
        (String(repeating: "a.", count: 126) + "a", true), (String(repeating: "a.", count: 126) + "aa", false),
        // The bytes next to the letter and digit ranges, in either case (the classes are told by arithmetic).
        ("a@b.com", false), ("a[b.com", false), ("a`b.com", false), ("a{b.com", false), ("a/b.com", false), ("a:b.com", false),
        ("AZaz09.com", true), ("a\u{00C1}.com", false), ("a\u{0141}.com", false), ("0-9.com", true), ("com.0-9", true), ("com.09", false),
    ])
    func hostName(_ name: String, _ valid: Bool) {
        #expect(DNSNameSyntax.isHostName(name) == valid)
    }

    @Test(arguments: [
        ("*.example.com", true), ("example.com", true), ("*", false), ("*.", false), ("**.example.com", false),
        ("ba*.example.com", false), ("foo.*.example.com", false), ("*.*.example.com", false), (".example.com", false),
    ])
    func presentedName(_ name: String, _ valid: Bool) {
        #expect(DNSNameSyntax.isPresentedName(name) == valid)
    }
}
