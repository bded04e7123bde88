import Foundation
import Pinning
import Testing
import TrustCertificates
import TrustEvaluation

/// ServerTrustError's stable codes, OSStatus and Alamofire's messages, for the reasons TrustCheck's own
/// evaluators never raise (they are tested where they are raised otherwise).
@Suite struct ServerTrustErrorTests {
    @Test func everyReasonHasItsCodeAndAlamofiresMessage() throws {
        let trust = try EvaluatorFixtures.trust()
        var evaluated = trust
        let output = ServerTrustOutput(host: "h.example", trust: evaluated.evaluation(at: EvaluatorFixtures.time))
        let cases: [(ServerTrustError, String, String, Int32?)] = [
            (.policyApplicationFailed(trust: trust, policy: .basicX509(), status: -50), "policyApplicationFailed",
             "Attempting to set a SecPolicy failed.", -50),
            (.settingAnchorCertificatesFailed(status: -50, certificates: []), "settingAnchorCertificatesFailed",
             "Attempting to set the provided certificates as anchor certificates failed.", -50),
            (.defaultEvaluationFailed(output: output), "defaultEvaluationFailed", "Default evaluation failed for host h.example.", 0),
            (.hostValidationFailed(output: output), "hostValidationFailed", "Host validation failed for host h.example.", 0),
            (.revocationCheckFailed(output: output, options: .any), "revocationCheckFailed",
             "Revocation check failed for host h.example.", 0),
        ]
        for (error, code, message, status) in cases {
            #expect(error.code == code)
            #expect(error.errorDescription == message)
            #expect(error.status == status)
            #expect(error.description == "\(code): \(message)")
        }
        #expect(output.result == .unspecified)
    }
}
