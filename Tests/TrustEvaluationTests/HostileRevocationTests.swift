import Foundation
import Testing
import TrustCertificates
@testable import TrustEvaluation

/// Revocation answers that disagree, or that write the serial differently, cannot be gamed by their
/// order: any revoked answer wins, the disagreement is reported as the status's `conflicts`, and serial
/// numbers are compared as integers.
@Suite struct HostileRevocationTests {
    static func evaluate(crls: [String] = [], ocsp: [String] = [], leaf: String = "leaf.pem",
                         mode: RevocationPolicy.Mode = .require) throws -> TrustEvaluationResult
    {
        let evaluator = TrustEvaluator(
            anchors: .only(CertificateStore([try HostileRevocationFixtures.certificate("root.pem")])),
            policies: [.basicX509()], crls: try crls.map(HostileRevocationFixtures.crl),
            ocspResponses: try ocsp.map(HostileRevocationFixtures.response), revocation: RevocationPolicy(mode: mode))
        return evaluator.evaluate(leaf: try HostileRevocationFixtures.certificate(leaf), at: HostileRevocationFixtures.time)
    }

    static func isRevoked(_ status: CertificateRevocationStatus?) -> Bool {
        if case .revoked? = status?.status { return true } else { return false }
    }

    @Test(arguments: ["ocsp-good-then-revoked.der", "ocsp-revoked-then-good.der"])
    func goodAndRevokedSingleResponsesRevokeAndConflict(file: String) throws {
        let result = try Self.evaluate(ocsp: [file])
        #expect(!result.isTrusted)
        #expect(result.error?.code == -67820)
        #expect(result.failures.map(\.description) == ["[0] Revocation: revoked 2026-05-20T12:00:00Z, reason keyCompromise"])
        let report = try #require(result.ocspResponses.first)
        #expect(report.isUsed)
        guard case .revoked? = report.status else { Issue.record("the report says \(String(describing: report.status))"); return }
        #expect(report.conflict?.hasPrefix("2 single responses name the certificate and disagree: ") == true)
        let leaf = try #require(result.revocation.first)
        #expect(Self.isRevoked(leaf) && leaf.isConflicting)
        #expect(leaf.conflicts.first?.contains("good") == true, "\(leaf.conflicts)")
    }

    @Test func nonMinimalSerialInAnOCSPCertIDMatches() throws {
        let result = try Self.evaluate(ocsp: ["ocsp-nonminimal-revoked.der"])
        #expect(result.error?.code == -67820)
        #expect(result.ocspResponses.first?.certificateIndex == 0)
        #expect(Self.isRevoked(result.revocation.first))
        #expect(result.revocation.first?.isConflicting == false)
    }

    @Test func nonMinimalSerialInACRLEntryMatches() throws {
        let crl = try HostileRevocationFixtures.crl("crl-nonminimal.der")
        let leaf = try HostileRevocationFixtures.certificate("leaf.pem")
        #expect(crl.revokedCertificates.first?.serialNumber == [0x00] + leaf.serialNumber)
        #expect(crl.entry(for: leaf) != nil)
        let result = try Self.evaluate(crls: ["crl-nonminimal.der"])
        #expect(result.failures.map(\.description) == ["[0] Revocation: revoked 2026-04-01T00:00:00Z, no reason given"])
        #expect(result.error?.code == -67820)
    }

    @Test(arguments: ["crl-duplicate-remove-first.der", "crl-duplicate-dates.der"])
    func duplicateEntriesWithDifferentDataRevokeAndConflict(file: String) throws {
        let result = try Self.evaluate(crls: [file])
        #expect(result.error?.code == -67820)
        let leaf = try #require(result.revocation.first)
        #expect(Self.isRevoked(leaf))
        #expect(leaf.conflicts.count == 1)
        #expect(leaf.conflicts.first?.contains("lists the certificate 2 times with different entries") == true, "\(leaf.conflicts)")
        #expect(leaf.summary.contains("conflicting answers"))
    }

    @Test func sameNumberedCRLsThatDisagreeRevokeWhateverTheOrder() throws {
        for order in [["crl-twin-empty.der", "crl-twin-listing.der"], ["crl-twin-listing.der", "crl-twin-empty.der"]] {
            let result = try Self.evaluate(crls: order)
            #expect(result.error?.code == -67820, "\(order)")
            let leaf = try #require(result.revocation.first)
            #expect(Self.isRevoked(leaf), "\(order): \(leaf)")
            #expect(leaf.conflicts.contains { $0.contains("same CRLNumber") }, "\(order): \(leaf.conflicts)")
        }
        // A certificate neither lists is not revoked, but the disagreement is still reported.
        let other = try Self.evaluate(crls: ["crl-twin-empty.der", "crl-twin-listing.der"], leaf: "other-leaf.pem")
        #expect(other.isTrusted)
        #expect(other.revocation.first?.status == .notRevoked)
        #expect(other.revocation.first?.isConflicting == true)
    }

    @Test func agreeingAnswersReportNoConflict() throws {
        let result = try Self.evaluate(crls: ["crl-clean.der"])
        #expect(result.isTrusted)
        #expect(result.revocation.first?.status == .notRevoked && result.revocation.first?.conflicts == [])
    }

    @Test func aCRLSayingGoodAndAnOCSPResponseSayingRevokedRevokeAndConflict() throws {
        let result = try Self.evaluate(crls: ["crl-clean.der"], ocsp: ["ocsp-nonminimal-revoked.der"])
        #expect(result.error?.code == -67820)
        let leaf = try #require(result.revocation.first)
        #expect(Self.isRevoked(leaf))
        #expect(leaf.conflicts.contains { $0.contains("the CRLs say not revoked") }, "\(leaf.conflicts)")
    }

    /// A CRL over a limit is unusable, and under require that is a failure naming the limit.
    @Test func aCRLOverTheLimitFailsClosedUnderRequire() throws {
        let file = try CRLLoader.file(in: try HostileRevocationFixtures.bytes("crl-clean.der"), from: "big.crl",
                                      limits: CRLLimits(maximumBytes: 100))
        #expect(file.crls.isEmpty && file.unreadable.count == 1)
        let evaluator = TrustEvaluator(
            anchors: .only(CertificateStore([try HostileRevocationFixtures.certificate("root.pem")])),
            policies: [.basicX509()], crls: CRLStore([file]), revocation: RevocationPolicy(mode: .require))
        let result = evaluator.evaluate(leaf: try HostileRevocationFixtures.certificate("leaf.pem"), at: HostileRevocationFixtures.time)
        #expect(!result.isTrusted)
        let failure = try #require(result.failures.first)
        #expect(failure.check == .revocationResponseRequired)
        #expect(failure.detail?.contains("big.crl") == true && failure.detail?.contains("CRLLimits.maximumBytes") == true,
                "\(failure.detail ?? "")")
    }
}
