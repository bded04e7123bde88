import Foundation
import Testing
import TestSupport

/// `trustcheck verify --crl`: a presented CRL-signing certificate is reported as the CRL's signer, in the
/// text notes and in `--json` (notes, not unused_certificates).
@Suite struct VerifyCRLSignerNoteTests {
    @Test func jsonListsTheSignerAsUsedNotUnused() throws {
        let files = try VerifyRevocationModeTests.Files("crl-signers", "separate-signing-key-clean")
        let result = files.verify(["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((json["unused_certificates"] as? [Any])?.isEmpty == true)
        let notes = try #require(json["notes"] as? [[String: Any]])
        let note = try #require(notes.first { $0["note"] as? String == "crl_signer" })
        #expect((note["crl"] as? String)?.hasPrefix("CRL of CN=CRL Signers CA (number ") == true)
        #expect(note["crl_verdict"] as? String == "used")
        #expect(note["for_index"] as? Int == 0)
        #expect((note["for"] as? [String: Any])?["subject"] as? String == "CN=www.example.test")
        #expect((note["signer"] as? [String: Any])?["subject"] as? String == "CN=CRL Signers CA")
        #expect(!notes.contains { $0["note"] as? String == "unused_presented" })
        // The signer named in the note is the one the revocation report names.
        let revocation = try #require(json["revocation"] as? [String: Any])
        let leaf = try #require((revocation["certificates"] as? [[String: Any]])?.first)
        let crl = try #require((leaf["crls"] as? [[String: Any]])?.first)
        #expect(crl["crl"] as? String == note["crl"] as? String)
    }

    @Test func textNotesTheSigner() throws {
        let files = try VerifyRevocationModeTests.Files("crl-signers", "separate-signing-key-clean")
        let result = files.verify()
        #expect(result.status == 0)
        #expect(!result.stdout.contains("not used by the path"))
        #expect(result.stdoutLines.contains {
            $0.hasPrefix("note: presented certificate \u{201C}") && $0.contains("is not on the path but signed the CRL of CN=CRL Signers CA")
                && $0.hasSuffix("used for the revocation status of [0] \u{201C}www.example.test\u{201D}")
        }, "\(result.stdout)")
    }
}
