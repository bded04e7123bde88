import Foundation
import Testing
import TestSupport

/// `trustcheck verify --crl … --explain`: the narration of the path search includes each certificate's CRL
/// processing (text lines and JSON `explain` steps), from the engine's diagnostics.
@Suite struct VerifyExplainRevocationTests {
    @Test func textNarratesCRLsAndStatuses() throws {
        let files = try VerifyRevocationModeTests.Files("crl-modes", "soft-stale-beside-current")
        let result = files.verify(["--explain"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdoutLines
        let used = try #require(lines.firstIndex {
            $0.hasPrefix("    revocation of [0] \u{201C}www.example.test\u{201D}: CRL of CN=CRL Modes CA (number 2) issued 2026-01-01T00:00:00Z: used for all reasons")
                && $0.hasSuffix("; its signer is on the path")
        }, "\(result.stdout)")
        let status = try #require(lines.firstIndex {
            $0 == "    revocation status of [0] \u{201C}www.example.test\u{201D}: not revoked (CRL), current until 2026-02-01T00:00:00Z"
        })
        let passes = try #require(lines.firstIndex { $0 == "  candidate path of 3 passes every check" })
        #expect(used < status && status < passes)
        #expect(lines.contains("    revocation status of [1] \u{201C}CRL Modes CA\u{201D}: not checked: no CRL of its issuer \u{201C}CN=CRL Modes Root\u{201D} was given"))
    }

    @Test func textNarratesAStaleCRLOnTheFailingPath() throws {
        let files = try VerifyRevocationModeTests.Files("crl-modes", "soft-stale-crl-fails")
        let result = files.verify(["--explain"])
        #expect(result.status == 1)
        #expect(result.stdoutLines.contains {
            $0.hasPrefix("    revocation of [0] \u{201C}www.example.test\u{201D}: CRL of CN=CRL Modes CA (number 1) issued 2025-11-01T00:00:00Z: "
                + "not usable: expired: nextUpdate 2025-12-01T00:00:00Z has passed")
        }, "\(result.stdout)")
        #expect(result.stdoutLines.contains("    revocation status of [0] \u{201C}www.example.test\u{201D}: undetermined: no usable CRL"))
    }

    @Test func jsonExplainHasTypedRevocationSteps() throws {
        let files = try VerifyRevocationModeTests.Files("crl-signers", "separate-signing-key-clean")
        let result = files.verify(["--explain", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let steps = try #require(json["explain"] as? [[String: Any]])
        let considered = try #require(steps.first { $0["event"] as? String == "crl_considered" })
        #expect(considered["index"] as? Int == 0)
        let crl = try #require(considered["crl"] as? [String: Any])
        #expect(crl["verdict"] as? String == "used")
        #expect(crl["signer_validation"] as? String == "its signer was validated to the anchor \u{201C}CRL Signers Root\u{201D}, revocation included")
        let status = try #require(steps.first { $0["event"] as? String == "revocation_status" })
        #expect(((status["status"] as? [String: Any])?["status"]) as? String == "not-revoked")
        #expect(((status["status"] as? [String: Any])?["valid_until"]) as? String == "2026-02-01T00:00:00Z")
        #expect((status["subject"] as? [String: Any])?["subject"] as? String == "CN=www.example.test")
        // The same assessment as the report's revocation object.
        let revocation = try #require(json["revocation"] as? [String: Any])
        let leaf = try #require((revocation["certificates"] as? [[String: Any]])?.first)
        #expect((leaf["crls"] as? [[String: Any]])?.first?["crl"] as? String == crl["crl"] as? String)
    }
}
