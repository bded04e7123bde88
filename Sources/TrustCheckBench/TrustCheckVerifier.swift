import Foundation
import TrustCertificates
import TrustEvaluation

/// TrustCheck's side of every comparison: parse the presented DER, then evaluate under Apple's SSL
/// policy for the chain's host (see `KeyType.profile`) with the corpus's anchors only, at the corpus's
/// verification time. With caches (the default), parsed certificates and signature verdicts are kept
/// in a `CertificateCache` and a `SignatureCache` as a long-running client would keep them; a fresh
/// verifier starts them empty, which is what "cold" means.
struct TrustCheckVerifier: Sendable {
    let evaluator: TrustEvaluator
    let certificates: CertificateCache?

    /// An evaluator over `anchors` (already parsed: building the store is measured on its own).
    init(anchors: CertificateStore, caches: Bool = true) {
        certificates = caches ? CertificateCache() : nil
        evaluator = TrustEvaluator(anchors: .only(anchors), policies: [.ssl()],
                                   signatureCache: caches ? SignatureCache() : nil)
    }

    /// The same anchors with empty caches (or none, when this verifier has none).
    func cold() -> TrustCheckVerifier { TrustCheckVerifier(anchors: evaluator.anchors.custom ?? .empty, caches: certificates != nil) }

    /// The anchors' store from DER, as a caller would build it.
    static func store(_ ders: [[UInt8]]) -> CertificateStore {
        CertificateStore(ders.map { parse($0, cache: nil) })
    }

    static func parse(_ der: [UInt8], cache: CertificateCache?) -> Certificate {
        do { return try cache?.certificate(der: der) ?? Certificate(der: der) } catch {
            fatalError("trustcheck-bench: TrustCheck refused a corpus certificate: \(error)")
        }
    }

    static let time = Date(timeIntervalSince1970: TimeInterval(BenchTime.verification))

    /// The whole evaluation from DER.
    func evaluate(_ chain: BenchChain) -> TrustEvaluationResult {
        let parsed = chain.presented.map { Self.parse($0, cache: certificates) }
        var evaluator = evaluator
        evaluator.policies = [.ssl(hostname: chain.host, profile: chain.keyType.profile)]
        return evaluator.evaluate(leaf: parsed[0], intermediates: Array(parsed.dropFirst()), at: Self.time)
    }

    /// Whether TrustCheck trusts the chain.
    func verify(_ chain: BenchChain) -> Bool { evaluate(chain).isTrusted }

    /// Each chain verified once, on its own, timed; the run stops unless every one is trusted.
    func timedAlone(_ chains: [BenchChain]) -> Samples {
        var samples = Samples()
        for chain in chains {
            let (trusted, us) = Clock.time { verify(chain) }
            precondition(trusted, "trustcheck-bench: TrustCheck refused a corpus chain (\(chain.host))")
            samples.add(us)
        }
        return samples
    }
}
