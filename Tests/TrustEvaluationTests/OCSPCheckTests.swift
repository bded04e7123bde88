import Foundation
import Testing
import TrustCertificates
@testable import TrustEvaluation

/// Stapled OCSP in an evaluation, as Apple treats it: revoked is fatal (-67820), good is reported, and
/// a bad or stale response is reported and ignored.
@Suite struct OCSPCheckTests {
    static func evaluate(_ responses: [String]) throws -> TrustEvaluationResult {
        let evaluator = TrustEvaluator(
            anchors: TrustAnchors(custom: CertificateStore([try OCSPFixtures.certificate("root.pem")])),
            policies: [.ssl(hostname: "ocsp.example")], ocspResponses: try responses.map(OCSPFixtures.response))
        return evaluator.evaluate(leaf: try OCSPFixtures.certificate("leaf.pem"),
                                  intermediates: [try OCSPFixtures.certificate("intermediate.pem")], at: OCSPFixtures.time)
    }

    @Test(arguments: ["revoked.der", "delegated-revoked.der"])
    func revokedIsAFatalRevocationWithDateAndReason(file: String) throws {
        let result = try Self.evaluate([file])
        #expect(!result.isTrusted)
        #expect(result.resultType == .fatalTrustFailure)
        #expect(result.failures.map(\.description) == [TrustFailure(index: 0, check: .revocation,
                                                 detail: "revoked 2026-05-20T12:00:00Z, reason keyCompromise").description])
        #expect(result.error?.code == -67820)
        let report = try #require(result.ocspResponses.first)
        #expect(report.isUsed && report.certificateIndex == 0)
        #expect(report.responder?.subject.commonNames == [file == "revoked.der" ? "OCSP Intermediate" : "OCSP Responder"])
    }

    @Test(arguments: ["good.der", "delegated-good.der"])
    func goodIsReportedAndTrusted(file: String) throws {
        let result = try Self.evaluate([file])
        #expect(result.isTrusted)
        let report = try #require(result.ocspResponses.first)
        #expect(report.isUsed && report.status == .good && report.certificateIndex == 0)
        #expect(report.problem == nil)
    }

    @Test(arguments: [
        ("wrong-signer.der", "not signed by the issuer \u{201C}OCSP Intermediate\u{201D} or a responder it authorized"),
        ("delegated-no-eku.der", "not signed by the issuer \u{201C}OCSP Intermediate\u{201D} or a responder it authorized"),
        ("wrong-certid.der", "its certificate ID names no certificate of the path"),
        ("expired.der", "stale: nextUpdate 2026-05-08T00:00:00Z has passed"),
        ("future.der", "thisUpdate 2026-06-02T00:00:00Z is in the future"),
        ("unknown.der", "the responder does not know the certificate (status unknown)"),
        ("delegated-expired.der",
         "the delegated responder \u{201C}OCSP Responder expired\u{201D} is not valid at 2026-06-01T00:00:00Z"),
    ])
    func badOrStaleResponseIsReportedAndIgnored(file: String, problem: String) throws {
        let result = try Self.evaluate([file])
        #expect(result.isTrusted)
        #expect(result.failures.isEmpty)
        let report = try #require(result.ocspResponses.first)
        #expect(!report.isUsed)
        #expect(report.problem == problem)
    }

    @Test func anIgnoredRevokedResponseBesideAUsableOneStillRevokes() throws {
        let result = try Self.evaluate(["wrong-signer.der", "revoked.der"])
        #expect(result.resultType == .fatalTrustFailure)
        #expect(result.ocspResponses.map(\.isUsed) == [false, true])
    }

    @Test func noResponsesMeansNoReports() throws {
        let result = try Self.evaluate([])
        #expect(result.isTrusted && result.ocspResponses.isEmpty)
    }
}
