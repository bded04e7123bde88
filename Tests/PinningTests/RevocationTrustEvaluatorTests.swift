import Foundation
import Pinning
import Testing
import TrustCertificates
import TrustEvaluation

/// Alamofire's RevocationTrustEvaluator with offline CRLs: per option, what the engine can answer.
@Suite struct RevocationTrustEvaluatorTests {
    typealias F = EvaluatorFixtures
    typealias Options = RevocationTrustEvaluator.Options

    static func evaluator(_ crls: [String] = ["af-intermediate.crl"], options: Options = .any) throws -> RevocationTrustEvaluator {
        try RevocationTrustEvaluator(crlPaths: crls.map(PinningFixtures.path), options: options)
    }

    @Test func aListedCertificateIsRevoked() throws {
        let revoked = try F.trust(leaf: "af-revoked-leaf.pem")
        let error = F.run(try Self.evaluator(), revoked)
        #expect(F.evaluationStatus(error) == OSStatusCode.errSecCertificateRevoked)
        guard case .trustEvaluationFailed(let failure)? = error else { return }
        #expect(failure.evaluation.failures.contains { $0.index == 0 && $0.check == .revocation })
        #expect(F.run(try Self.evaluator(), try F.trust()) == nil)
        // Without the CRL the same leaf passes: nothing says it is revoked.
        #expect(F.run(try Self.evaluator([]), revoked) == nil)
    }

    @Test func crlsAreConsultedOnlyWithTheCRLMethod() throws {
        let revoked = try F.trust(leaf: "af-revoked-leaf.pem")
        #expect(F.run(try Self.evaluator(options: .ocsp), revoked) == nil)
        #expect(F.evaluationStatus(F.run(try Self.evaluator(options: .crl), revoked)) == OSStatusCode.errSecCertificateRevoked)
        #expect(F.evaluationStatus(F.run(try Self.evaluator(options: [.crl, .preferCRL, .networkAccessDisabled]), revoked))
            == OSStatusCode.errSecCertificateRevoked)
    }

    @Test func requirePositiveResponseFailsClosedWithoutAnAnswer() throws {
        let trust = try F.trust()
        // The intermediate's CRL answers for the leaf, none answers for the intermediate.
        let error = F.run(try Self.evaluator(options: [.any, .requirePositiveResponse]), trust)
        guard case .trustEvaluationFailed(let failure)? = error else {
            Issue.record("expected trustEvaluationFailed, got \(String(describing: error))")
            return
        }
        #expect(failure.code == OSStatusCode.errSecIncompleteCertRevocationCheck)
        #expect(failure.message
            == "\"api.example.com\",\"Evaluator Test Intermediate\",\"Evaluator Test Root\" certificates do not meet pinning requirements")
        #expect(failure.detailedMessage == "Certificate 1 \u{201C}Evaluator Test Intermediate\u{201D} has errors: Failed to check revocation;")
        // With the root's CRL too, every certificate below the anchor has an answer.
        #expect(F.run(try Self.evaluator(["af-intermediate.crl", "af-root.crl"], options: [.any, .requirePositiveResponse]), trust) == nil)
        // OCSP alone answers for nothing here.
        let ocsp = F.run(try Self.evaluator(["af-intermediate.crl", "af-root.crl"], options: [.ocsp, .requirePositiveResponse]), trust)
        guard case .trustEvaluationFailed(let none)? = ocsp else {
            Issue.record("expected trustEvaluationFailed, got \(String(describing: ocsp))")
            return
        }
        #expect(none.detailedMessage.components(separatedBy: "has errors").count == 3)
    }

    @Test func optionsAppleRefusesFailAfterTheValidations() throws {
        let invalid = [Options(rawValue: 0), Options(rawValue: 1 << 7)]
        for options in invalid {
            let error = F.run(try Self.evaluator(options: options), try F.trust())
            guard case .revocationPolicyCreationFailed? = error else {
                Issue.record("expected revocationPolicyCreationFailed for \(options.rawValue), got \(String(describing: error))")
                continue
            }
            #expect(error?.errorDescription == "Attempting to create a revocation policy failed.")
        }
        // Host validation runs first, so a wrong host is reported before the options.
        #expect(F.evaluationStatus(F.run(try Self.evaluator(options: []), try F.trust(), host: "other.example.org"))
            == OSStatusCode.errSecHostNameMismatch)
        #expect(Options.any == [.ocsp, .crl] && Options.any.rawValue == 3 && Options.networkAccessDisabled.rawValue == 16)
    }

    @Test func aCRLFileThatCannotBeReadIsAnError() {
        #expect(throws: CertificateLoadError.self) {
            _ = try RevocationTrustEvaluator(crlPaths: [PinningFixtures.path("no-such.crl")])
        }
    }
}
