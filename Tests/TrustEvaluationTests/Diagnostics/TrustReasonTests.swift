import Foundation
import Testing
import TrustCertificates
@testable import TrustEvaluation

/// The one-line reason of a result (`TrustEvaluationResult.reason`): the most specific failure in the
/// user's terms with its code, not Apple's primary error, which stays as Apple chooses it.
/// Fixtures: Fixtures/diagnostics (generate.py), anchored at its root.pem.
@Suite struct TrustReasonTests {
    typealias Fixture = FailureExplanationTests

    @Test func aTrustedChainSaysWhatItEndsAt() throws {
        let result = try Fixture.evaluate("san-leaf.pem", host: "www.a.test")
        #expect(result.isTrusted)
        #expect(result.reason == "chain to \u{201C}Diagnostics Root\u{201D} (anchor)")
    }

    @Test func aHostMismatchListsTheNamesTheCertificateIsValidFor() throws {
        let result = try Fixture.evaluate("san-leaf.pem", host: "www.b.test")
        #expect(result.reason == "host name mismatch: the certificate is valid for www.a.test, a.test, 192.0.2.1, not www.b.test (-67602)")
        let cnOnly = try Fixture.evaluate("cn-only-leaf.pem", host: "www.x.test")
        #expect(cnOnly.reason == "host name mismatch: the certificate has no subjectAltName; its CN www.x.test is never "
            + "used for host names (Apple, RFC 6125), so it is not valid for www.x.test (-67602)")
    }

    /// Apple's message says "expired" for both; the reason does not.
    @Test func notYetValidIsNotCalledExpired() throws {
        let result = try Fixture.evaluate("future-leaf.pem")
        #expect(result.reason == "not yet valid: the leaf \u{201C}www.future.test\u{201D} is valid from 2030-01-01T00:00:00Z, "
            + "evaluated at 2026-06-01T00:00:00Z (-67818)")
        #expect(result.error?.message == "\u{201C}www.future.test\u{201D} certificate is expired")
    }

    /// Apple's primary error is the validity period (compliance outranks expiry); the headline names the
    /// expiry, and counts the rest.
    @Test func expiryOutranksAComplianceFailureAndTheOthersAreCounted() throws {
        let result = try Fixture.evaluate("long-leaf.pem")
        #expect(Set(result.failures.map(\.check)) == [.temporalValidity, .otherTrustValidityPeriod])
        #expect(result.error?.check == .otherTrustValidityPeriod)
        #expect(result.reason == "expired: the leaf \u{201C}www.long.test\u{201D} expired at 2023-12-31T00:00:00Z, "
            + "evaluated at 2026-06-01T00:00:00Z (-67818), and 1 more failure")
    }

    /// No anchor and the wrong host: Apple reports the untrusted chain, the headline the host.
    @Test func aHostMismatchOutranksAMissingIssuer() throws {
        let result = try Fixture.evaluate("san-leaf.pem", host: "www.b.test",
                                          anchors: TrustAnchors(custom: CertificateStore([]), system: CertificateStore([])))
        #expect(result.error?.check == .missingIntermediate)
        #expect(result.reason.hasPrefix("host name mismatch: the certificate is valid for www.a.test"))
        #expect(result.reason.hasSuffix("(-67602), and 1 more failure"))
        let anchored = try Fixture.evaluate("san-leaf.pem",
                                            anchors: TrustAnchors(custom: CertificateStore([]), system: CertificateStore([])))
        #expect(anchored.reason.hasPrefix("no path to an anchor: the leaf \u{201C}www.a.test\u{201D}: no issuer "
            + "\u{201C}CN=Diagnostics Root\u{201D}"))
    }

    /// Given CA first, every failure is about the CA evaluated as the leaf: the reason says the order is
    /// wrong and gives the right one, with Apple's code.
    @Test func aChainPresentedOutOfOrderSaysSoAndGivesTheRightOrder() throws {
        let root = try Fixture.load("root.pem")
        let leaf = try Fixture.load("san-leaf.pem")
        let result = TrustEvaluator(anchors: .only(CertificateStore([])), policies: [.ssl(hostname: "www.a.test")])
            .evaluate(leaf: root, intermediates: [leaf], at: Fixture.time)
        let code = try #require(result.error?.code)
        let expected = "chain presented out of order: the CA \u{201C}Diagnostics Root\u{201D} came first, the end entity "
            + "\u{201C}www.a.test\u{201D} as certificate 1; the right order is \u{201C}www.a.test\u{201D}, \u{201C}Diagnostics Root\u{201D}"
        #expect(result.reason == expected + " (\(code))")
        #expect(result.notes.first?.outOfOrder == expected)
        #expect(result.notes.first?.description == expected + " (it was evaluated as given, the first certificate as the leaf)")
        #expect(!result.notes.first!.description.contains("not standards compliant"))
    }

    @Test func theRightOrderFollowsIssuersByNameAndLeavesTheRestOut() throws {
        let root = try Fixture.load("root.pem")
        let leaf = try Fixture.load("san-leaf.pem")
        let stray = try Fixture.load("cn-only-leaf.pem")
        #expect(TrustNote.rightOrder(from: leaf, among: [root, stray, leaf]) == [leaf, root])
        #expect(TrustNote.rightOrder(from: stray, among: [stray]) == [stray])
    }

    /// The ranking, on failures made up for it: revocation, then the host, then validity (leaf first),
    /// then cryptography, usage, compliance, an unknown revocation status, the chain not reaching an
    /// anchor, the limits.
    @Test func failuresAreRankedBySpecificityThenIndex() {
        func failure(_ index: Int, _ check: CheckName) -> TrustFailure { TrustFailure(index: index, check: check) }
        var failures = [failure(0, .searchBudgetExhausted), failure(2, .anchorTrusted), failure(0, .revocationResponseRequired),
                        failure(1, .basicConstraintsCA), failure(0, .serverAuthEKU), failure(1, .keySize),
                        failure(2, .temporalValidity), failure(0, .temporalValidity), failure(0, .sslHostname),
                        failure(1, .revocation)]
        var order: [TrustFailure] = []
        while let next = TrustFailure.mostSpecific(among: failures) {
            order.append(next)
            failures.removeAll { $0 == next }
        }
        #expect(order.map(\.check) == [.revocation, .sslHostname, .temporalValidity, .temporalValidity, .keySize,
                                       .serverAuthEKU, .basicConstraintsCA, .revocationResponseRequired, .anchorTrusted,
                                       .searchBudgetExhausted])
        #expect(order[2].index == 0 && order[3].index == 2)
        #expect(TrustFailure.mostSpecific(among: []) == nil)
        // Every check has a headline of its own words.
        #expect(CheckName.allCases.allSatisfy { !$0.headline.isEmpty && $0.headline != $0.rawValue })
    }

    /// The certificate a failure is about, by its role on the path.
    @Test func failuresNameTheirCertificateByRole() throws {
        let root = try Fixture.load("root.pem")
        let leaf = try Fixture.load("san-leaf.pem")
        let chain = [ChainElement(certificate: leaf, source: .presented), ChainElement(certificate: root, source: .anchor)]
        #expect(TrustFailure(index: 1, check: .keySize).reason(on: chain)
            == "key size not permitted: the anchor \u{201C}Diagnostics Root\u{201D}")
        let presented = [ChainElement(certificate: leaf, source: .presented), ChainElement(certificate: root, source: .presented)]
        #expect(TrustFailure(index: 1, check: .anchorTrusted, context: .untrustedRoot(anchors: [.anchor])).reason(on: presented)
            == "untrusted root: the root \u{201C}Diagnostics Root\u{201D}: self-signed, and not among the custom anchors")
        #expect(TrustFailure(index: 5, check: .keySize).reason(on: chain) == "key size not permitted: certificate [5]")
    }
}
