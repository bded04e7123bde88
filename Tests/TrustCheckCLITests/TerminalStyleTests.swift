import Foundation
import Testing
import TrustCertificates
@testable import TrustCheckCLI
import CertificateFixtures

/// Colour only for a terminal, never under NO_COLOR or TERM=dumb; days left green, yellow under 30
/// days, red outside the validity period.
@Suite struct TerminalStyleTests {
    struct Terminal: TextOutput {
        func write(_ text: String) {}
        var isTerminal: Bool { true }
    }

    @Test func colourOnlyOnATerminalWithoutNoColor() {
        #expect(TerminalStyle.for(Terminal(), environment: [:]).colours)
        #expect(TerminalStyle.for(Terminal(), environment: ["NO_COLOR": ""]).colours, "NO_COLOR counts when non-empty")
        #expect(!TerminalStyle.for(Terminal(), environment: ["NO_COLOR": "1"]).colours)
        #expect(!TerminalStyle.for(Terminal(), environment: ["TERM": "dumb"]).colours)
        #expect(!TerminalStyle.for(CapturedOutput(), environment: [:]).colours)
        #expect(TerminalStyle(colours: true).paint("x", .red) == "\u{1B}[31mx\u{1B}[0m")
        #expect(TerminalStyle.plain.paint("x", .red) == "x")
    }

    @Test func daysLeftColours() throws {
        let certificate = try #require(try CertificateLoader.load(path: Fixtures.path("ec-p256-leaf.pem")).first)
        let day: TimeInterval = 86_400
        func status(_ at: Date) -> ValidityStatus { ValidityStatus(certificate, at: at) }
        #expect(status(certificate.notAfter.addingTimeInterval(-31 * day)).colour == .green)
        #expect(status(certificate.notAfter.addingTimeInterval(-29 * day)).colour == .yellow)
        #expect(status(certificate.notAfter.addingTimeInterval(-29 * day)).text == "valid, 29 days left")
        #expect(status(certificate.notAfter).colour == .yellow)
        #expect(status(certificate.notAfter.addingTimeInterval(day)).colour == .red)
        #expect(status(certificate.notAfter.addingTimeInterval(day)).text == "expired 1 day ago")
        #expect(status(certificate.notBefore.addingTimeInterval(-2 * day)).text == "not yet valid, starts in 2 days")
        #expect(status(certificate.notBefore.addingTimeInterval(-2 * day)).colour == .red)
    }

    /// Colour is added after escaping: the only escape sequences in the tree are TrustCheck's own SGR codes.
    @Test func colouredShowOutputStillEscapesCertificateText() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/terminal/hostile.pem").path
        let certificate = try #require(try CertificateLoader.load(path: path).first)
        let text = ShowCommand.text(certificate, now: certificate.notBefore, style: TerminalStyle(colours: true))
        #expect(text.contains("\u{1B}[32mvalid, "))
        let withoutColour = text.replacingOccurrences(of: "\u{1B}[32m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
        #expect(!withoutColour.contains("\u{1B}"))
    }
}
