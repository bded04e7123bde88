import Foundation
import Testing
import TrustCertificates
@testable import TrustEvaluation

/// The diagnostics stream narrates CRL processing for each candidate path: one `crlConsidered` step per
/// CRL and certificate, then the `revocationStatus` reached — the same assessments the result reports,
/// and narrating changes no verdict.
@Suite struct RevocationDiagnosticsTests {
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [TrustDiagnostic] = []
        func append(_ step: TrustDiagnostic) { lock.withLock { recorded.append(step) } }
        var steps: [TrustDiagnostic] { lock.withLock { recorded } }
    }

    /// The vector evaluated without and with diagnostics, and the steps recorded.
    static func narrated(_ file: String, _ name: String, revocation: RevocationPolicy? = nil) throws
        -> (plain: TrustEvaluationResult, narrated: TrustEvaluationResult, steps: [TrustDiagnostic])
    {
        let prepared = try CRLProcessingTests.prepare(file, name, revocation: revocation)
        let recorder = Recorder()
        let plain = prepared.evaluate()
        let narrated = prepared.evaluate(diagnostics: recorder.append)
        return (plain, narrated, recorder.steps)
    }

    static func considered(_ steps: [TrustDiagnostic]) -> [(Int, CRLAssessment)] {
        steps.compactMap { if case .crlConsidered(_, let index, let assessment) = $0 { return (index, assessment) } else { return nil } }
    }

    static func statuses(_ steps: [TrustDiagnostic]) -> [CertificateRevocationStatus] {
        steps.compactMap { if case .revocationStatus(_, let status) = $0 { return status } else { return nil } }
    }

    @Test func narratesEachCRLAndTheStatusOfTheReportedPath() throws {
        let (plain, narrated, steps) = try Self.narrated("crl-modes", "soft-stale-beside-current")
        #expect(plain.isTrusted && narrated.isTrusted)
        #expect(narrated.revocation == plain.revocation)
        // One candidate path: its three statuses, leaf first, equal to the result's.
        #expect(Self.statuses(steps) == plain.revocation)
        let leafCRLs = Self.considered(steps).filter { $0.0 == 0 }.map(\.1)
        #expect(leafCRLs == plain.revocation[0].crls)
        // The newest CRL decides; the stale one beside it is not needed, so not considered.
        #expect(leafCRLs.count == 1)
        // The signer's validation: the CA, on the path.
        let used = try #require(leafCRLs.first { $0.isUsed })
        #expect(used.signerValidation == .onPath)
        // Steps come after the path is complete and before its verdict.
        let complete = try #require(steps.firstIndex { if case .pathComplete = $0 { return true } else { return false } })
        let firstCRL = try #require(steps.firstIndex { $0.event == "crl_considered" })
        let accepted = try #require(steps.firstIndex { $0.event == "path_accepted" })
        #expect(complete < firstCRL && firstCRL < accepted)
        let status = try #require(steps.first { $0.event == "revocation_status" })
        #expect(status.description == "  revocation status of [0] \u{201C}www.example.test\u{201D}: not revoked (CRL), "
            + "current until 2026-02-01T00:00:00Z")
    }

    /// Freshness: a stale CRL alone is narrated as not usable, with why, on the failing path too.
    @Test func staleCRLIsNarratedAsNotUsable() throws {
        let (plain, narrated, steps) = try Self.narrated("crl-modes", "soft-stale-crl-fails")
        #expect(!plain.isTrusted && plain.failures.map(\.description) == narrated.failures.map(\.description))
        let stale = try #require(Self.considered(steps).first { $0.0 == 0 }?.1)
        #expect(stale.isUnusable && stale.description.contains("not usable: expired: nextUpdate 2025-12-01T00:00:00Z has passed"))
        #expect(stale.signerValidation == .onPath)
        #expect(Self.statuses(steps).first?.summary == "undetermined: no usable CRL")
        let failed = try #require(steps.firstIndex { $0.event == "check_failed" })
        let narratedAt = try #require(steps.firstIndex { $0.event == "crl_considered" })
        #expect(narratedAt < failed)
    }

    @Test func scopeMismatchIsNarratedWithWhy() throws {
        let (plain, _, steps) = try Self.narrated("crl-scope", "idp-only-ca-certificates")
        #expect(plain.isTrusted)
        let step = try #require(steps.first { $0.event == "crl_considered" })
        #expect(step.description.hasPrefix("  revocation of [0] \u{201C}www.example.test\u{201D}: CRL of CN="))
        #expect(step.description.contains("does not apply: it covers only CA certificates"))
    }

    @Test func signerValidatedOffThePathIsNarrated() throws {
        let (_, _, steps) = try Self.narrated("crl-signers", "separate-signing-key-revokes")
        let step = try #require(steps.first { $0.event == "crl_considered" })
        guard case .crlConsidered(_, 0, let assessment) = step else { Issue.record("\(step)"); return }
        guard case .validatedToAnchor(let anchor)? = assessment.signerValidation else {
            Issue.record("expected a signer validated to the anchor: \(assessment)"); return
        }
        #expect(anchor.subject.rfc4514 == "CN=CRL Signers Root")
        #expect(step.description.hasSuffix("its signer was validated to the anchor \u{201C}CRL Signers Root\u{201D}, revocation included"))
        let status = try #require(Self.statuses(steps).first)
        #expect(status.statusName == "revoked")
    }

    @Test func deltaAndReasonsAreNarrated() throws {
        let (_, _, deltaSteps) = try Self.narrated("crl-delta", "delta-remove-from-crl-unrevokes")
        let used = try #require(Self.considered(deltaSteps).first { $0.0 == 0 }?.1)
        #expect(used.delta?.hasPrefix("delta CRL of CN=CRL Delta CA (number 11)") == true)
        let (_, _, laterBase) = try Self.narrated("crl-delta", "delta-for-a-later-base-is-not-used")
        let notes = try #require(Self.considered(laterBase).first { $0.0 == 0 }?.1.notes)
        #expect(notes.contains { $0.contains("base CRL number 12 does not fit the complete CRL's 10 number") })

        let (_, _, partition) = try Self.narrated("crl-scope", "only-some-reasons-one-partition-soft")
        let status = try #require(Self.statuses(partition).first)
        #expect(status.statusName == "undetermined")
        #expect(try #require(partition.first { $0.event == "revocation_status" }).description.contains("not every reason"))
    }

    @Test func nothingToCheckWithNarratesNothing() throws {
        let (_, _, steps) = try Self.narrated("crl-modes", "soft-without-crls")
        #expect(!steps.contains { $0.event == "crl_considered" || $0.event == "revocation_status" })
        // A requirement is narrated even without CRLs: what is missing, per certificate.
        let (_, _, required) = try Self.narrated("crl-modes", "require-without-crls")
        #expect(Self.statuses(required).map(\.statusName).prefix(2) == ["not-checked", "not-checked"])
    }
}
