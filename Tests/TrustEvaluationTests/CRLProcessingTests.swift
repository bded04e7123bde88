import Foundation
import Testing
import TestSupport
import TrustCertificates
@testable import TrustEvaluation

/// RFC 5280 §6.3.3 on the generated `crl-*` PKIs: beyond the verdicts the vectors record, what each
/// certificate's revocation status says — which CRLs were used for which reasons, by which signer, with
/// which delta, and why the others were not — and the limits on nested CRL signer validation.
@Suite struct CRLProcessingTests {
    /// The vector's evaluator (its anchors, CRLs and revocation mode unless `revocation` says otherwise) and inputs.
    struct Prepared {
        let evaluator: TrustEvaluator
        let leaf: Certificate
        let intermediates: [Certificate]
        let time: Date

        func evaluate(diagnostics: TrustDiagnostics? = nil) -> TrustEvaluationResult {
            evaluator.evaluate(leaf: leaf, intermediates: intermediates, at: time, diagnostics: diagnostics)
        }
    }

    static func prepare(_ file: String, _ name: String, revocation: RevocationPolicy? = nil,
                        budget: SearchBudget = .default, profile: TrustProfile = .apple) throws -> Prepared
    {
        let vector = try RecordedVector(file: file, name: name)
        func certificates(_ pems: [String]) throws -> [Certificate] {
            try pems.flatMap { try CertificateLoader.certificates(in: Array($0.utf8), from: vector.id) }
        }
        let crls = try vector.crls.flatMap { try CRLLoader.crls(in: Array($0.utf8), from: vector.id) }
        let policy = revocation ?? RevocationPolicy(mode: vector.revocation == "require" ? .require : .soft)
        let evaluator = TrustEvaluator(anchors: .only(CertificateStore(try certificates(vector.trusted))),
                                       policies: [.basicX509(profile: profile)], budget: budget, crls: crls, revocation: policy)
        let time = try #require(ISO8601DateFormatter().date(from: vector.time.replacingOccurrences(of: "+00:00", with: "Z")))
        return Prepared(evaluator: evaluator, leaf: try certificates([vector.peer])[0],
                        intermediates: try certificates(vector.intermediates), time: time)
    }

    static func evaluate(_ file: String, _ name: String, revocation: RevocationPolicy? = nil,
                         budget: SearchBudget = .default, profile: TrustProfile = .apple) throws -> TrustEvaluationResult
    {
        try prepare(file, name, revocation: revocation, budget: budget, profile: profile).evaluate()
    }

    @Test func separateSigningKeyIsNamedAsTheSigner() throws {
        let result = try Self.evaluate("crl-signers", "separate-signing-key-clean")
        #expect(result.isTrusted)
        let leaf = try #require(result.revocation.first)
        #expect(leaf.status == .notRevoked && leaf.sources == [.crl] && leaf.isChecked)
        #expect(leaf.reasonsCovered == .allReasons)
        let used = try #require(leaf.crls.first)
        #expect(used.isUsed)
        // The signer is the self-issued CRL-signing certificate, not the CA (whose key signs certificates only).
        #expect(used.signer?.keyUsage == .cRLSign)
        #expect(result.revocation.map(\.statusName) == ["not-revoked", "not-checked", "not-checked"])
        #expect(result.revocation[1].why == "no CRL of its issuer \u{201C}CN=CRL Signers Root\u{201D} was given")
        #expect(result.revocation[2].why == "it is the trust anchor, whose revocation is not checked")
    }

    @Test func keyRolloverLinkCertificateSignsTheCRL() throws {
        let result = try Self.evaluate("crl-signers", "key-rollover-new-key-crl-revokes")
        #expect(result.failures.map(\.description) == ["[0] Revocation: revoked 2025-12-01T00:00:00Z, reason superseded"])
        let used = try #require(result.revocation.first?.crls.first)
        let signer = try #require(used.signer)
        #expect(signer.isSelfIssued && signer.subject.rfc4514 == "CN=CRL Rollover Root")
        #expect(signer.spkiSHA256 != result.chain[1].certificate.spkiSHA256, "the new key, not the anchor's")
        // Without the link certificate nothing vouches for the new key: ignored, not unusable.
        let alone = try Self.evaluate("crl-signers", "key-rollover-without-link-certificate")
        #expect(alone.isTrusted)
        guard case .notSignedByIssuer? = alone.revocation.first?.crls.first?.verdict else {
            Issue.record("expected an ignored CRL: \(alone.revocation)"); return
        }
    }

    /// §6.3.3 (f): a signer's own status comes from CRLs too, so under require the CRL it alone covers fails.
    @Test func signerWhoseOwnStatusIsUnknownCannotVouchUnderRequire() throws {
        let result = try Self.evaluate("crl-signers", "separate-signing-key-require")
        let failure = try #require(result.failures.first)
        #expect(failure.check == .revocationResponseRequired && failure.index == 0)
        #expect(failure.detail?.contains("whose own status it cannot vouch for") == true, "\(failure.detail ?? "")")
        // Soft-fail: the same PKI is trusted, the signer's own status merely unknown.
        #expect(try Self.evaluate("crl-signers", "separate-signing-key-require", revocation: .soft).isTrusted)
    }

    /// PKITS 4.14.30 under the rfc5280 profile: a CRL signer's own status may come from the CRL it signed
    /// (§6.3.3 (f) asks for a valid path to the same anchor, which the signer's validation under way
    /// decides). The same PKI Apple's profile refuses is answered for every certificate.
    @Test func signerWhoseOnlyCRLIsItsOwnVouchesUnderRFC5280() throws {
        let result = try Self.evaluate("crl-signers", "separate-signing-key-require", profile: .rfc5280)
        #expect(result.isTrusted, "\(result.failures.map(\.description))")
        let leaf = try #require(result.revocation.first)
        #expect(leaf.status == .notRevoked)
        let used = try #require(leaf.crls.first { $0.isUsed })
        #expect(used.signer?.keyUsage == .cRLSign)
        guard case .validatedToAnchor? = used.signerValidation else {
            Issue.record("expected a signer validated to the anchor: \(String(describing: used.signerValidation))"); return
        }
        // The stricter answer, as a named option: the rfc5280 profile then refuses as Apple's does.
        let strict = RevocationPolicy(mode: .require, selfCoveredCRLSignersVouch: false)
        let refused = try Self.evaluate("crl-signers", "separate-signing-key-require", revocation: strict, profile: .rfc5280)
        let failure = try #require(refused.failures.first)
        #expect(failure.check == .revocationResponseRequired && failure.index == 0)
        #expect(failure.detail?.contains("whose own status it cannot vouch for") == true, "\(failure.detail ?? "")")
    }

    /// The signer's own status read from the CRL it signed can be "revoked": then the signer is not valid
    /// and that CRL may not be used for the leaf (under both profiles, for different reasons).
    @Test func signerRevokedByItsOwnCRLDoesNotVouch() throws {
        let rfc = try Self.evaluate("crl-signers", "separate-signing-key-revokes-itself", profile: .rfc5280)
        let failure = try #require(rfc.failures.first)
        #expect(rfc.failures.count == 1 && failure.check == .revocationResponseRequired && failure.index == 0)
        let crl = try #require(rfc.revocation.first?.crls.first)
        guard case .unusable(let why) = crl.verdict else { Issue.record("expected an unusable CRL: \(crl)"); return }
        #expect(why.contains("has no valid path") && why.contains("revoked"), "\(why)")
        let apple = try Self.evaluate("crl-signers", "separate-signing-key-revokes-itself")
        #expect(apple.failures.first?.detail?.contains("whose own status it cannot vouch for") == true,
                "\(apple.failures.map(\.description))")
    }

    /// Nested signer validation stops at the search budget's depth: at 0, no signer off the path validates.
    @Test func crlSignerDepthIsBoundedByTheBudget() throws {
        var budget = SearchBudget()
        budget.maximumCRLSignerDepth = 0
        let result = try Self.evaluate("crl-signers", "separate-signing-key-revokes", budget: budget)
        let failure = try #require(result.failures.first)
        #expect(result.failures.count == 1 && failure.check == .revocationResponseRequired)
        #expect(failure.detail?.contains("would be validated 1 levels deep, more than the search budget's 0") == true,
                "\(failure.detail ?? "")")
        // A CRL signed by the issuer itself needs no nested validation.
        #expect(try Self.evaluate("crl-modes", "require-every-certificate-answered", budget: budget).isTrusted)
    }

    /// CRL signature checks count against the budget's signature checks; once spent, no further CRL
    /// verifies (nil), while a pair already checked keeps its answer.
    @Test func crlSignatureChecksAreBudgeted() throws {
        let vector = try RecordedVector(file: "crl-modes", name: "require-every-certificate-answered")
        let crls = try vector.crls.flatMap { try CRLLoader.crls(in: Array($0.utf8), from: vector.id) }
        let ca = try CertificateLoader.certificates(in: Array(vector.intermediates[0].utf8), from: vector.id)[0]
        let root = try CertificateLoader.certificates(in: Array(vector.trusted[0].utf8), from: vector.id)[0]
        let work = RevocationWork(budget: SearchBudget(maximumSignatureChecks: 1))
        #expect(work.verifies(crls[0], byKey: ca.publicKey) == true)
        #expect(work.verifies(crls[1], byKey: root.publicKey) == nil)
        #expect(work.verifies(crls[0], byKey: ca.publicKey) == true)
        #expect(work.signatureChecks == 1)
    }

    @Test func reasonPartitionsAddUpToAllReasons() throws {
        let both = try Self.evaluate("crl-scope", "only-some-reasons-both-partitions-require")
        #expect(both.isTrusted)
        let leaf = try #require(both.revocation.first)
        #expect(leaf.reasonsCovered == .allReasons)
        #expect(leaf.crls.filter(\.isUsed).count == 2)
        #expect(leaf.crls.compactMap { if case .used(let reasons) = $0.verdict { return reasons } else { return nil } }
            == [[.keyCompromise, .cACompromise], ReasonFlags.allReasons.subtracting([.keyCompromise, .cACompromise])])

        let one = try Self.evaluate("crl-scope", "only-some-reasons-one-partition-soft")
        #expect(one.isTrusted)
        #expect(one.revocation[0].status == .undetermined)
        #expect(one.revocation[0].why == "the usable CRLs cover keyCompromise, cACompromise, not every reason")
    }

    @Test func scopeThatDoesNotFitIsNotApplicableNotUnusable() throws {
        for name in ["idp-only-ca-certificates", "idp-only-attribute-certificates", "idp-other-distribution-point"] {
            let result = try Self.evaluate("crl-scope", name)
            #expect(result.isTrusted, "\(name)")
            let crl = try #require(result.revocation.first?.crls.first)
            guard case .notApplicable(let why) = crl.verdict else { Issue.record("\(name): \(crl)"); continue }
            #expect(!why.isEmpty)
        }
        let onlyCA = try Self.evaluate("crl-scope", "idp-only-ca-certificates")
        #expect(onlyCA.revocation[0].crls[0].description.hasSuffix("does not apply: it covers only CA certificates"))
        // Under the strict mode, not applicable leaves the status unknown.
        #expect(!(try Self.evaluate("crl-scope", "idp-only-ca-certificates", revocation: .require)).isTrusted)
    }

    @Test func deltaIsUsedWithItsBase() throws {
        let result = try Self.evaluate("crl-delta", "delta-remove-from-crl-unrevokes")
        #expect(result.isTrusted)
        let used = try #require(result.revocation.first?.crls.first)
        #expect(used.delta == "delta CRL of CN=CRL Delta CA (number 11) issued 2026-01-01T00:00:00Z")
        let later = try Self.evaluate("crl-delta", "delta-for-a-later-base-is-not-used")
        let notes = try #require(later.revocation.first?.crls.first?.notes)
        #expect(notes.contains { $0.contains("base CRL number 12 does not fit the complete CRL's 10 number") })
        #expect(notes.contains { $0.hasPrefix("freshestCRL announces delta CRLs") })
    }

    /// RFC 5280 says UNDETERMINED for a certificate whose CRLs are all unusable; x509-limbo says fail.
    /// The default follows limbo; `unusableCRLsFail: false` gives the RFC's (and Apple's soft-fail) answer.
    @Test func unusableCRLsFailOnlyWhenAsked() throws {
        let strict = try Self.evaluate("crl-modes", "soft-stale-crl-fails")
        #expect(strict.failures.map(\.check) == [.revocationResponseRequired])
        let lenient = try Self.evaluate("crl-modes", "soft-stale-crl-fails",
                                        revocation: RevocationPolicy(mode: .soft, unusableCRLsFail: false))
        #expect(lenient.isTrusted)
        #expect(lenient.revocation[0].status == .undetermined && lenient.revocation[0].why == "no usable CRL")
        #expect(lenient.revocation[0].crls.first?.isUnusable == true)
    }

    @Test func requireNamesEveryUnansweredCertificate() throws {
        let result = try Self.evaluate("crl-modes", "require-without-crls")
        #expect(result.failures.map(\.description) == [
            "[0] RevocationResponseRequired: no CRL was given and no usable stapled OCSP response names it",
            "[1] RevocationResponseRequired: no CRL was given and no usable stapled OCSP response names it",
        ])
        #expect(result.error?.code == -67635)
        #expect(try Self.evaluate("crl-modes", "require-without-crls", revocation: .soft).isTrusted)
    }

    @Test func indirectCRLAuthorityIsValidatedWithItsOwnRevocation() throws {
        let result = try Self.evaluate("crl-indirect", "indirect-crl-authority-revoked")
        let failure = try #require(result.failures.first)
        #expect(failure.detail?.contains("its signer \u{201C}CRL Indirect Authority\u{201D} has no valid path to the anchor "
            + "\u{201C}CRL Indirect Root\u{201D}: [0] Revocation: revoked 2025-12-01T00:00:00Z, reason cACompromise") == true,
            "\(failure.detail ?? "")")
        let revoked = try Self.evaluate("crl-indirect", "indirect-crl-revokes")
        #expect(revoked.revocation[0].crls[0].signer?.subject.rfc4514 == "CN=CRL Indirect Authority")
    }
}
