import Foundation
import Pinning
import TrustCertificates
import TrustEvaluation

/// The chains of Fixtures/generate-evaluators.py, as a server would present them, with the Evaluator Test
/// Root as the only anchor and no system store, evaluated at `PinningFixtures.time` (2025-01-01).
enum EvaluatorFixtures {
    static let time = PinningFixtures.time

    static func certificate(_ name: String) throws -> Certificate { try PinningFixtures.certificate(name) }

    /// `leaf` with `intermediates` as presented, trusting only `anchors`.
    static func trust(leaf: String = "af-leaf.pem", intermediates: [String] = ["af-intermediate.pem"],
                      anchors: [String] = ["af-root.pem"]) throws -> ServerTrust
    {
        ServerTrust(leaf: try certificate(leaf), intermediates: try intermediates.map(certificate),
                    anchors: .only(CertificateStore(try anchors.map(certificate))), publicSuffixes: .empty)
    }

    /// What `evaluator` threw for `trust` and `host` at `time`, or nil when it accepted.
    static func run(_ evaluator: any ServerTrustEvaluating, _ trust: ServerTrust, host: String = "api.example.com") -> ServerTrustError? {
        do {
            try evaluator.evaluate(trust, forHost: host, at: time)
            return nil
        } catch {
            return error
        }
    }

    /// The OSStatus of a `.trustEvaluationFailed`, nil for anything else.
    static func evaluationStatus(_ error: ServerTrustError?) -> Int32? {
        guard case .trustEvaluationFailed(let failure)? = error else { return nil }
        return failure.code
    }
}
