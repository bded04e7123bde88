import Foundation
import Testing

/// Text output never passes a certificate's control characters to the terminal (escape sequences, NUL,
/// carriage returns, bidirectional overrides, C1 controls); JSON escapes them and still round-trips.
/// The fixtures come from Fixtures/terminal/generate.py.
@Suite struct TerminalEscapingTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/terminal")
    static let hostile = fixtures.appendingPathComponent("hostile.pem").path
    static let badUTF8 = fixtures.appendingPathComponent("bad-utf8.pem").path
    static let at = "2026-01-01T00:00:00Z"
    static let commonName = "evil\u{1B}[31mred\u{0}nul\u{7}\rok"

    /// Every scalar a terminal could act on, other than the line breaks the output itself is made of.
    static func controls(in text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            scalar != "\n" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value))
        }.map { "U+" + String($0.value, radix: 16) }
    }

    @Test(arguments: [
        ["show", hostile, "--at", at],
        ["show", badUTF8, "--at", at],
        ["verify", hostile, "--anchors", hostile, "--host", "x.test", "--at", at],
        ["verify", hostile, "--anchors", hostile, "--policy", "basic", "--at", at, "--explain"],
        ["pin", hostile],
        ["pin", hostile, "--trustkit"],
    ])
    func textOutputHasNoRawControlCharacters(_ arguments: [String]) {
        let result = trustcheck(arguments)
        #expect(result.status != 2, "\(result.stderr)")
        #expect(Self.controls(in: result.stdout) == [])
        #expect(result.stdout.contains(#"evil\e[31mred\0nul\x07\rok"#))
    }

    /// The headline names the certificate it is about, escaped as the tree is.
    @Test func theHeadlineNamesTheCertificateEscaped() {
        let trusted = trustcheck("verify", Self.hostile, "--anchors", Self.hostile, "--policy", "basic", "--at", Self.at)
        #expect(trusted.stdoutLines.first == #"TRUSTED: chain to “evil\e[31mred\0nul\x07\rok” (anchor)"#)
        let untrusted = trustcheck("verify", Self.hostile, "--anchors", Self.badUTF8, "--policy", "basic", "--at", Self.at)
        #expect(untrusted.status == 1)
        #expect(untrusted.stdoutLines.first?.hasPrefix(#"NOT TRUSTED: untrusted root: the leaf “evil\e[31mred\0nul\x07\rok”: "#) == true,
                "\(untrusted.stdout)")
        #expect(Self.controls(in: untrusted.stdout) == [])
    }

    @Test func showEscapesEveryNameField() {
        let stdout = trustcheck("show", Self.hostile, "--at", Self.at).stdout
        #expect(stdout.contains(#"O=bidi\u{202e}txt.exe\u{9b}"#))
        #expect(stdout.contains(#"DNS:line\nbreak.example.test"#))
        #expect(stdout.contains(#"notice: "notice\e]0;owned\x07""#))
    }

    @Test func jsonEscapesControlsAndRoundTrips() throws {
        let result = trustcheck("show", Self.hostile, "--json", "--at", Self.at)
        #expect(Self.controls(in: result.stdout) == [])
        #expect(result.stdout.contains(#"\u009b"#))
        let objects = try result.jsonArray()
        #expect(objects.first?["subject_summary"] as? String == Self.commonName)
        let names = try #require(objects.first?["subject_alt_names"] as? [[String: Any]])
        #expect(names.first?["value"] as? String == "line\nbreak.example.test")
    }
}
