import Foundation
import TrustCertificates
import TrustEvaluation

/// TrustCheck's side of every comparison: parse the presented DER, then evaluate under Apple's SSL
/// policy for the chain's host with the corpus's anchors only, at the corpus's verification time.
struct TrustCheckVerifier: Sendable {
    let evaluator: TrustEvaluator

    /// An evaluator over `anchors` (already parsed: building the store is measured on its own).
    init(anchors: CertificateStore) {
        evaluator = TrustEvaluator(anchors: .only(anchors), policies: [.ssl()])
    }

    /// The anchors' store from DER, as a caller would build it.
    static func store(_ ders: [[UInt8]]) -> CertificateStore {
        CertificateStore(ders.map(parse))
    }

    static func parse(_ der: [UInt8]) -> Certificate {
        do { return try Certificate(der: der) } catch {
            fatalError("trustcheck-bench: TrustCheck refused a corpus certificate: \(error)")
        }
    }

    static let time = Date(timeIntervalSince1970: TimeInterval(BenchTime.verification))

    /// The whole evaluation from DER.
    func evaluate(_ chain: BenchChain) -> TrustEvaluationResult {
        let certificates = chain.presented.map(Self.parse)
        var evaluator = evaluator
        evaluator.policies = [.ssl(hostname: chain.host, profile: chain.keyType.profile)]
        return evaluator.evaluate(leaf: certificates[0], intermediates: Array(certificates.dropFirst()), at: Self.time)
    }

    /// Whether TrustCheck trusts the chain.
    func verify(_ chain: BenchChain) -> Bool { evaluate(chain).isTrusted }
}
