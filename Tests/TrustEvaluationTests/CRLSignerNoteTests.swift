import Foundation
import Testing
import TrustCertificates
@testable import TrustEvaluation

/// A presented certificate off the path that signed a CRL is reported as that CRL's signer (which CRL,
/// for which certificate, with what outcome), never among the presented certificates the path does not use.
@Suite struct CRLSignerNoteTests {
    static func signerNotes(_ result: TrustEvaluationResult) -> [TrustNote] {
        result.notes.filter { if case .crlSigner = $0 { return true } else { return false } }
    }

    static func unused(_ result: TrustEvaluationResult) -> [Certificate] {
        result.notes.flatMap { note -> [Certificate] in
            if case .unusedPresented(let certificates) = note { return certificates } else { return [] }
        }
    }

    @Test func separateSigningCertificateIsTheUsedCRLSigner() throws {
        let result = try CRLProcessingTests.evaluate("crl-signers", "separate-signing-key-clean")
        #expect(result.isTrusted)
        #expect(Self.unused(result).isEmpty, "the CRL signer is used: \(result.notes)")
        let notes = Self.signerNotes(result)
        #expect(notes.count == 1)
        guard case .crlSigner(let signer, let crl, let verdict, let subject, let index)? = notes.first else {
            Issue.record("no CRL signer note: \(result.notes)"); return
        }
        let assessment = try #require(result.revocation.first?.crls.first)
        #expect(signer == assessment.signer && signer.keyUsage == .cRLSign)
        #expect(!result.certificates.contains(signer))
        #expect(crl == assessment.crl && crl.hasPrefix("CRL of CN=CRL Signers CA"))
        #expect(verdict == .used(reasons: .allReasons))
        #expect(index == 0 && subject == result.certificates[0])
        #expect(notes[0].name == "crl_signer")
        #expect(notes[0].description.hasPrefix("presented certificate \u{201C}"))
        #expect(notes[0].description.hasSuffix("used for the revocation status of [0] \u{201C}www.example.test\u{201D}"))
    }

    @Test func signerOfARevokingCRLIsReportedOnTheFailingPath() throws {
        let result = try CRLProcessingTests.evaluate("crl-signers", "separate-signing-key-revokes")
        #expect(!result.isTrusted)
        #expect(Self.unused(result).isEmpty)
        #expect(Self.signerNotes(result).count == 1)
    }

    /// A signer refused (keyUsage without cRLSign) still signed the CRL: reported as its signer, with the outcome.
    @Test func refusedSignerIsReportedWithTheCRLsOutcome() throws {
        let result = try CRLProcessingTests.evaluate("crl-signers", "separate-signing-key-without-crlsign")
        #expect(Self.unused(result).isEmpty)
        guard case .crlSigner(_, _, .unusable, _, 0)? = Self.signerNotes(result).first else {
            Issue.record("expected an unusable CRL's signer note: \(result.notes)"); return
        }
        #expect(Self.signerNotes(result)[0].description.contains("could not be used"))
    }

    /// The key rollover's link certificate (self-issued, off the path) signs the new key's CRL.
    @Test func rolloverLinkCertificateIsTheCRLSigner() throws {
        let result = try CRLProcessingTests.evaluate("crl-signers", "key-rollover-new-key-crl-clean")
        #expect(result.isTrusted)
        #expect(Self.unused(result).isEmpty)
        guard case .crlSigner(let signer, _, .used, _, 0)? = Self.signerNotes(result).first else {
            Issue.record("no CRL signer note: \(result.notes)"); return
        }
        #expect(signer.isSelfIssued)
    }

    /// Without CRLs the same presented signing certificate signs nothing: unused, as before.
    @Test func withoutCRLsTheSigningCertificateIsUnused() throws {
        var prepared = try CRLProcessingTests.prepare("crl-signers", "separate-signing-key-clean")
        prepared = .init(evaluator: TrustEvaluator(anchors: prepared.evaluator.anchors), leaf: prepared.leaf,
                         intermediates: prepared.intermediates, time: prepared.time)
        let result = prepared.evaluate()
        #expect(result.isTrusted)
        #expect(Self.signerNotes(result).isEmpty)
        #expect(Self.unused(result).count == 1 && Self.unused(result)[0].keyUsage == .cRLSign)
    }
}
