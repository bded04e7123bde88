import Foundation
import Testing
import TrustCertificates
@testable import TrustEvaluation

/// Failures that explain themselves: each typed context, its text, the web PKI rule names, the notes
/// on the presented certificates and the structured diagnostics. Fixtures: Fixtures/diagnostics
/// (generate.py).
@Suite struct FailureExplanationTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/diagnostics")
    static let time = RFC3339.date("2026-06-01T00:00:00Z")!

    static func load(_ name: String) throws -> Certificate {
        try CertificateLoader.load(path: fixtures.appendingPathComponent(name).path)[0]
    }

    static func evaluate(_ leaf: String, intermediates: [Certificate] = [], host: String? = nil,
                         profile: TrustProfile = .apple, anchors: TrustAnchors? = nil, at time: Date = time,
                         diagnostics: TrustDiagnostics? = nil) throws -> TrustEvaluationResult
    {
        let evaluator = TrustEvaluator(anchors: try anchors ?? .only(CertificateStore([load("root.pem")])),
                                       policies: [.ssl(hostname: host, profile: profile)])
        return evaluator.evaluate(leaf: try load(leaf), intermediates: intermediates, at: time, diagnostics: diagnostics)
    }

    @Test func hostMismatchListsTheSubjectAltNames() throws {
        let failure = try #require(try Self.evaluate("san-leaf.pem", host: "www.b.test").failures.first)
        #expect(failure.check == .sslHostname)
        #expect(failure.detail == "valid for www.a.test, a.test, 192.0.2.1, not www.b.test")
        guard case .hostname(_, let dnsNames, let ipAddresses, _, _, let hasSAN) = failure.context else {
            Issue.record("\(failure)")
            return
        }
        #expect(dnsNames == ["www.a.test", "a.test"] && ipAddresses == ["192.0.2.1"] && hasSAN)
    }

    @Test func aCommonNameOnlyCertificateSaysTheCNIsNeverUsed() throws {
        let result = try Self.evaluate("cn-only-leaf.pem", host: "www.x.test")
        #expect(result.failures.map(\.check) == [.sslHostname])
        #expect(result.failures.first?.detail == "the certificate has no subjectAltName; its CN www.x.test is never used "
            + "for host names (Apple, RFC 6125), so it is not valid for www.x.test")
    }

    @Test func aMissingIssuerNamesTheDNAndTheStoresSearched() throws {
        let leaf = try Self.load("san-leaf.pem")
        let result = try Self.evaluate("san-leaf.pem", anchors: TrustAnchors(custom: CertificateStore([]),
                                                                             system: CertificateStore([])))
        let failure = try #require(result.failures.first { $0.check == .missingIntermediate })
        #expect(failure.context == .missingIssuer(issuer: leaf.issuer, authorityKeyIdentifier: leaf.authorityKeyIdentifier,
                                                  searched: [.presented, .anchor], signatureDefect: nil))
        let keyID = try #require(leaf.authorityKeyIdentifier)
        #expect(failure.detail == "no issuer \u{201C}CN=Diagnostics Root\u{201D} with key identifier "
            + TrustFailure.Context.hex(keyID) + " found among the presented certificates or the custom anchors")
    }

    @Test func aValidityPeriodFailureStatesTheLimitAndTheValue() throws {
        let result = try Self.evaluate("long-leaf.pem", at: RFC3339.date("2022-01-01T00:00:00Z")!)
        let failure = try #require(result.failures.first { $0.check == .otherTrustValidityPeriod })
        #expect(failure.context == .validityPeriod(days: 1094, limitDays: 825,
                                                   issuedOnOrAfter: AppleDates.date(cfAbsoluteTime: 583_628_400)))
        #expect(failure.detail == "valid for 1094 days; a leaf issued on or after 2019-06-30T23:00:00Z may be valid for "
            + "at most 825 days")
    }

    @Test func notYetValidIsToldApartFromExpired() throws {
        let future = try #require(try Self.evaluate("future-leaf.pem").failures.first { $0.check == .temporalValidity })
        #expect(future.context?.validityPosition == .notYetValid)
        #expect(future.detail == "not yet valid: valid from 2030-01-01T00:00:00Z, evaluated at 2026-06-01T00:00:00Z")
        let expired = try #require(try Self.evaluate("long-leaf.pem").failures.first { $0.check == .temporalValidity })
        #expect(expired.context?.validityPosition == .expired)
        #expect(expired.detail == "expired at 2023-12-31T00:00:00Z, evaluated at 2026-06-01T00:00:00Z")
    }

    /// The check stays Apple's WebPKICompliance; the rule says which one.
    @Test func eachWebPKIRuleHasItsOwnName() throws {
        let result = try Self.evaluate("cn-only-leaf.pem", profile: .webpki)
        let failure = try #require(result.failures.first { $0.check == .webPKICompliance })
        #expect(failure.rule == .missingSubjectAltName)
        #expect(failure.description == "[0] WebPKICompliance/MissingSubjectAltName: no subjectAltName")
        #expect(Set(ComplianceRule.allCases.map(\.rawValue)).count == ComplianceRule.allCases.count)
    }

    /// Apple takes the first certificate as the leaf; the verdict stays, the note says why it fails.
    @Test func aCAGivenBeforeTheLeafIsAProbableWrongOrder() throws {
        let root = try Self.load("root.pem")
        let leaf = try Self.load("san-leaf.pem")
        let result = TrustEvaluator(anchors: .only(CertificateStore([])), policies: [.basicX509()])
            .evaluate(leaf: root, intermediates: [leaf], at: Self.time)
        #expect(!result.isTrusted)
        #expect(result.notes == [.probableWrongOrder(first: root, endEntity: leaf, leafIndex: 1, rightOrder: [leaf, root]), .unusedPresented([leaf])])
        let inOrder = try Self.evaluate("san-leaf.pem", intermediates: [root, root])
        #expect(inOrder.isTrusted && inOrder.notes.isEmpty)
    }

    @Test func presentedCertificatesThePathDoesNotUseAreListed() throws {
        let stray = try Self.load("future-leaf.pem")
        let result = try Self.evaluate("san-leaf.pem", intermediates: [stray])
        #expect(result.isTrusted)
        #expect(result.notes == [.unusedPresented([stray])])
        #expect(result.notes.first?.description == "presented certificates not used by the path: \u{201C}www.future.test\u{201D}")
    }

    @Test func diagnosticsAreStructuredSteps() throws {
        let steps = DiagnosticSteps()
        let stray = try Self.load("future-leaf.pem")
        _ = try Self.evaluate("san-leaf.pem", intermediates: [stray], host: "www.b.test",
                              anchors: TrustAnchors(custom: CertificateStore([]), system: CertificateStore([])),
                              diagnostics: steps.append)
        let all = steps.all
        #expect(all.first?.event == "evaluation_started")
        let leaf = try Self.load("san-leaf.pem")
        #expect(all.contains(.noIssuerFound(subject: leaf, searched: [.presented, .anchor])))
        #expect(all.contains(.pathComplete(length: 1, end: .missingIssuer)))
        #expect(all.contains { if case .checkFailed(1, let failures) = $0 { failures.count == 2 } else { false } })
        #expect(all.contains(.note(.unusedPresented([stray]))))
        guard case .verdict(let error) = all.last else {
            Issue.record("last step: \(String(describing: all.last))")
            return
        }
        #expect(error?.code == OSStatusCode.errSecCreateChainFailed)
    }

    @Test func candidatesNameTheirStoreAndRejectionsTheirReason() throws {
        let steps = DiagnosticSteps()
        let root = try Self.load("root.pem")
        let impostor = try Self.load("cn-only-leaf.pem")
        _ = try Self.evaluate("san-leaf.pem", diagnostics: steps.append)
        #expect(steps.all.contains(.issuerCandidatesFound(subject: try Self.load("san-leaf.pem"),
                                                          candidates: [ChainElement(certificate: root, source: .anchor)])))
        #expect(steps.all.contains(.signatureChecked(subject: try Self.load("san-leaf.pem"), issuer: root, verifies: true)))
        #expect(TrustDiagnostic.candidateRejected(candidate: impostor, subject: root, reason: .signatureDoesNotVerify)
            .description == "  \u{201C}www.x.test\u{201D} has the right name but did not sign \u{201C}Diagnostics Root\u{201D}")
        #expect(TrustDiagnostic.budgetSpent(.paths, limit: 100).description == "path budget of 100 spent")
    }

    /// Apple's rule: the lowest subtype wins, ties go to the lowest certificate index.
    @Test func thePrimaryFailureIsApplesChoice() {
        let failures = [TrustFailure(index: 0, check: .sslHostname), TrustFailure(index: 2, check: .anchorTrusted),
                        TrustFailure(index: 1, check: .anchorTrusted), TrustFailure(index: 0, check: .temporalValidity)]
        #expect(TrustError.primaryFailure(among: failures) == TrustFailure(index: 1, check: .anchorTrusted))
        #expect(TrustError.primaryFailure(among: []) == nil)
    }
}
