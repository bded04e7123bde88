import Foundation
import Testing
import TrustCertificates
@testable import TrustEvaluation

/// Revocation against caller-supplied CRLs: what revokes, which CRLs are someone else's (ignored), and
/// which are the issuer's but unusable (the status is then unknown and the path fails closed).
@Suite struct RevocationCheckTests {
    static let time = ISO8601DateFormatter().date(from: "2026-01-01T00:00:00Z")!

    static func evaluate(_ leaf: String, crls: [String], anchor: String = "root.pem", hostname: String? = nil,
                         at time: Date = time) throws -> TrustEvaluationResult
    {
        let evaluator = TrustEvaluator(
            anchors: TrustAnchors(custom: CertificateStore([try CRLFixtures.certificate(anchor)])),
            policies: [.ssl(hostname: hostname)], crls: try CRLFixtures.crls(crls))
        let intermediates = anchor == "root.pem" ? [try CRLFixtures.certificate("intermediate.pem")] : []
        return evaluator.evaluate(leaf: try CRLFixtures.certificate(leaf), intermediates: intermediates, at: time)
    }

    @Test(arguments: ["intermediate.crl.pem", "intermediate.crl.der", "bundle.crl.pem"])
    func revokedLeafIsAFatalFailureWithApplesError(crl: String) throws {
        let result = try Self.evaluate("revoked-leaf.pem", crls: [crl])
        #expect(!result.isTrusted)
        #expect(result.resultType == .fatalTrustFailure)
        #expect(result.failures.map(\.description) == [TrustFailure(index: 0, check: .revocation,
                                                 detail: "revoked 2025-11-15T00:00:00Z, reason keyCompromise").description])
        let error = try #require(result.error)
        #expect(error.code == OSStatusCode.errSecCertificateRevoked)
        #expect(error.code == -67820)
        #expect(error.message == "\u{201C}revoked.example.test\u{201D} certificate is revoked")
        #expect(error.detailedMessage == "Certificate 0 \u{201C}revoked.example.test\u{201D} has errors: Certificate is revoked;")
        #expect(error.check == .revocation && error.certificateIndex == 0)
    }

    @Test func revokedIntermediateIsReportedOnTheIntermediate() throws {
        let result = try Self.evaluate("good-leaf.pem", crls: ["root-revokes-intermediate.crl.pem", "intermediate-empty.crl.pem"])
        #expect(result.resultType == .fatalTrustFailure)
        #expect(result.failures.map(\.description) == [TrustFailure(index: 1, check: .revocation,
                                                 detail: "revoked 2025-11-20T00:00:00Z, reason cACompromise").description])
        #expect(result.error?.message == "\u{201C}CRL Test Intermediate\u{201D} certificate is revoked")
    }

    @Test func certificatesNotListedAreTrusted() throws {
        let result = try Self.evaluate("good-leaf.pem", crls: ["intermediate.crl.pem", "root.crl.pem"])
        #expect(result.isTrusted)
        #expect(result.chain.count == 3)
    }

    /// Apple soft-fails without revocation data; TrustCheck checks nothing it was not given.
    @Test func withoutCRLsNothingIsChecked() throws {
        #expect(try Self.evaluate("revoked-leaf.pem", crls: []).isTrusted)
        // CRLs of the root only say nothing about the leaf.
        #expect(try Self.evaluate("revoked-leaf.pem", crls: ["root.crl.pem"]).isTrusted)
    }

    @Test func revocationOutranksEveryOtherError() throws {
        let result = try Self.evaluate("revoked-leaf.pem", crls: ["intermediate.crl.pem"], hostname: "other.example.test")
        #expect(Set(result.failures.map(\.check)) == [.revocation, .sslHostname])
        #expect(result.error?.code == -67820)
        #expect(result.resultType == .fatalTrustFailure)
    }

    @Test func anchorIsNotChecked() throws {
        #expect(try Self.evaluate("good-leaf.pem", crls: ["root-revokes-itself.crl.pem", "intermediate-empty.crl.pem"]).isTrusted)
    }

    // MARK: CRLs of other CAs are ignored

    @Test func crlOfAnotherIssuerListingTheSerialIsIgnored() throws {
        #expect(try Self.evaluate("revoked-leaf.pem", crls: ["other-issuer.crl.pem"]).isTrusted)
        #expect(try Self.evaluate("good-leaf.pem", crls: ["other-issuer.crl.pem", "intermediate-empty.crl.pem"]).isTrusted)
    }

    /// Same issuer name, another key: not the issuer's CRL, so neither its entries nor its existence count.
    @Test func crlWithABadSignatureIsIgnored() throws {
        #expect(try Self.evaluate("good-leaf.pem", crls: ["bad-signature.crl.pem"]).isTrusted)
        #expect(try Self.evaluate("good-leaf.pem", crls: ["bad-signature.crl.pem", "intermediate-empty.crl.pem"]).isTrusted)
        let revoked = try Self.evaluate("revoked-leaf.pem", crls: ["bad-signature.crl.pem", "intermediate.crl.pem"])
        #expect(revoked.failures.map(\.check) == [.revocation])
    }

    // MARK: The issuer's CRLs that may not be used

    static func expectStatusUnknown(_ result: TrustEvaluationResult, because reason: String) throws {
        #expect(!result.isTrusted)
        #expect(result.resultType == .recoverableTrustFailure)
        let failure = try #require(result.failures.first)
        #expect(result.failures.count == 1)
        #expect(failure.index == 0 && failure.check == .revocationResponseRequired)
        #expect(failure.detail?.contains(reason) == true, "\(failure.detail ?? "")")
        #expect(result.error?.code == OSStatusCode.errSecIncompleteCertRevocationCheck)
        #expect(result.error?.code == -67635)
    }

    @Test func expiredCRLLeavesTheStatusUnknown() throws {
        try Self.expectStatusUnknown(try Self.evaluate("good-leaf.pem", crls: ["expired.crl.pem"]),
                                     because: "expired: nextUpdate 2025-11-01T00:00:00Z has passed")
        // Its entries are not read either: the revoked leaf gets the same answer.
        try Self.expectStatusUnknown(try Self.evaluate("revoked-leaf.pem", crls: ["expired.crl.pem"]),
                                     because: "expired: nextUpdate")
    }

    /// The last second of nextUpdate is still current, as for certificates' notAfter.
    @Test func crlIsCurrentThroughNextUpdate() throws {
        let nextUpdate = try #require(try CRLFixtures.crls(["intermediate-empty.crl.pem"])[0].nextUpdate)
        #expect(try Self.evaluate("good-leaf.pem", crls: ["intermediate-empty.crl.pem"], at: nextUpdate.addingTimeInterval(0.5)).isTrusted)
        try Self.expectStatusUnknown(try Self.evaluate("good-leaf.pem", crls: ["intermediate-empty.crl.pem"],
                                                       at: nextUpdate.addingTimeInterval(1)), because: "expired: nextUpdate")
    }

    @Test func aCurrentCRLDecidesBesideAnExpiredOne() throws {
        #expect(try Self.evaluate("good-leaf.pem", crls: ["expired.crl.pem", "intermediate-empty.crl.pem"]).isTrusted)
    }

    @Test func crlFromAfterTheEvaluationTimeIsNotUsed() throws {
        let before = ISO8601DateFormatter().date(from: "2025-11-20T00:00:00Z")!
        try Self.expectStatusUnknown(try Self.evaluate("good-leaf.pem", crls: ["intermediate-empty.crl.pem"], at: before),
                                     because: "not valid before 2025-12-01T00:00:00Z")
    }

    @Test func issuerWithoutCRLSignCannotVouch() throws {
        let result = try Self.evaluate("no-crlsign-leaf.pem", crls: ["no-crlsign.crl.pem"], anchor: "no-crlsign-root.pem")
        try Self.expectStatusUnknown(result, because: "\u{201C}No cRLSign Root\u{201D}'s keyUsage lacks cRLSign")
        // Apple files RevocationResponseRequired under Pinning, whose message lists the whole chain.
        #expect(result.error?.message
            == "\"no-crlsign.example.test\",\"No cRLSign Root\" certificates do not meet pinning requirements")
        #expect(try Self.evaluate("no-crlsign-leaf.pem", crls: [], anchor: "no-crlsign-root.pem").isTrusted)
    }

    @Test(arguments: [("no-crlnumber.crl.pem", "no CRLNumber"), ("critical-crlnumber.crl.pem", "its CRLNumber is critical")])
    func crlBreakingRFC5280LeavesTheStatusUnknown(crl: String, reason: String) throws {
        try Self.expectStatusUnknown(try Self.evaluate("good-leaf.pem", crls: [crl]), because: reason)
    }

    /// An issuingDistributionPoint scopes a CRL (RFC 5280 §6.3.3 (b)(2)): this one is for the distribution
    /// point http://crl.example.test/1.crl, which the leaf (no cRLDistributionPoints) does not name, so it
    /// does not apply — not a CRL that may not be used. Soft-fail leaves the status undetermined and
    /// reported; requiring an answer fails.
    @Test func crlOfAnotherDistributionPointDoesNotApply() throws {
        let result = try Self.evaluate("good-leaf.pem", crls: ["partitioned.crl.pem"])
        #expect(result.isTrusted)
        let leaf = try #require(result.revocation.first)
        #expect(leaf.status == .undetermined && leaf.why == "no CRL given applies to it")
        #expect(leaf.crls.map(\.description) == ["CRL of CN=CRL Test Intermediate (number 1) issued 2025-12-01T00:00:00Z: does not apply: "
            + "it is for the distribution point URI:http://crl.example.test/1.crl, not DirName:CN=CRL Test Intermediate"])
    }

    @Test func crlSignedWithABrokenHashLeavesTheStatusUnknown() throws {
        let crl = try CRLFixtures.crls(["md5.crl.pem"])[0]
        #expect(crl.signatureAlgorithm.name == "RSA-MD5")
        try Self.expectStatusUnknown(try Self.evaluate("md5-leaf.pem", crls: ["md5.crl.pem"], anchor: "md5-root.pem"),
                                     because: "signed with MD5")
    }

    @Test func evaluatorKeepsEachCRLOnce() throws {
        let crls = try CRLFixtures.crls(["intermediate.crl.pem"])
        let evaluator = TrustEvaluator(anchors: TrustAnchors(), crls: crls + crls)
        #expect(evaluator.crls.crls.count == 1)
        #expect(evaluator.crls.crls(naming: try CRLFixtures.certificate("good-leaf.pem")) == crls)
        #expect(TrustEvaluator(anchors: TrustAnchors()).crls.isEmpty)
    }
}
