import TrustEvaluation

/// TrustCheck and GnuTLS timed on the same chains, interleaved chain by chain (the order alternates), with
/// both verdicts asserted: every corpus chain must be trusted by both, or the benchmark stops.
struct Comparison {
    var trustCheck = Samples()
    var gnutls = Samples()

    /// Median TrustCheck time over median GnuTLS time.
    var ratio: Double { gnutls.median > 0 ? trustCheck.median / gnutls.median : 0 }

    static func run(_ chains: [BenchChain], _ trustCheck: TrustCheckVerifier, _ gnutls: GnuTLSTrustList,
                    label: String) -> Comparison
    {
        var result = Comparison()
        for (i, chain) in chains.enumerated() {
            func timeTrustCheck() {
                let (trusted, us) = Clock.time { trustCheck.verify(chain) }
                guard trusted else {
                    fatalError("trustcheck-bench: \(label): TrustCheck does not trust chain \(i) (\(chain.host)): "
                        + "\(trustCheck.evaluate(chain).error.map { "\($0.code) \($0.message)" } ?? "?")")
                }
                result.trustCheck.add(us)
            }
            func timeGnuTLS() {
                let (status, us) = Clock.time { gnutls.verify(chain) }
                guard status == 0 else {
                    fatalError("trustcheck-bench: \(label): GnuTLS does not trust chain \(i) (\(chain.host)): status \(status)")
                }
                result.gnutls.add(us)
            }
            if i % 2 == 0 { timeTrustCheck(); timeGnuTLS() } else { timeGnuTLS(); timeTrustCheck() }
        }
        return result
    }
}
