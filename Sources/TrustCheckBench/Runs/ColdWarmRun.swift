import Foundation
import TrustCertificates

/// Cold (first sight of every certificate) then warm (the same chains again) for each key type, with
/// distinct roots and with one shared root.
enum ColdWarmRun {
    static func run(_ generator: CorpusGenerator, chainsPerCorpus: Int, keyTypes: [KeyType] = KeyType.allCases,
                    profileWarm: Int = 0, profileCold: Int = 0) {
        Report.section("Cold and warm, per key type (\(chainsPerCorpus) chains each: leaf ← intermediate ← root anchor)")
        print("cold: first sight (empty caches); warm: the same chains again; no caches: TrustEvaluator's default;")
        print("2 sigs only: the chain's two signature checks alone (TC columns) against the cold GT run: the floor")
        print("cold alone: first sights again (empty caches), TrustCheck only, not interleaved with GnuTLS (TC columns)")
        print("parse only: parsing the chain's two presented certificates alone (TC columns), against the same GT run")
        Report.comparisonHeader()
        var corpus: [UInt8] = []
        for type in keyTypes {
            for (variant, chains) in [("distinct roots", generator.distinctRoots(type, count: chainsPerCorpus)),
                                      ("shared root", generator.sharedRoot(type, count: chainsPerCorpus))] {
                for chain in chains { corpus += SHA256.hash(chain.root) + chain.presented.flatMap(SHA256.hash) }
                let roots = chains.map(\.root)
                let store = TrustCheckVerifier.store(roots)
                let gnutls = GnuTLSTrustList()
                var seen = Set<[UInt8]>()
                for root in roots where seen.insert(root).inserted { gnutls.add(root) }
                let trustCheck = TrustCheckVerifier(anchors: store)
                let cold = Comparison.run(chains, trustCheck, gnutls, label: "\(type.rawValue) \(variant) cold")
                let warm = Comparison.run(chains, trustCheck, gnutls, label: "\(type.rawValue) \(variant) warm")
                // The library's default: no caches, so every evaluation is a first sight.
                let uncached = Comparison.run(chains, TrustCheckVerifier(anchors: store, caches: false), gnutls,
                                              label: "\(type.rawValue) \(variant) no caches")
                Report.comparison("\(type.rawValue) \(variant) cold", cold)
                Report.comparison("\(type.rawValue) \(variant) warm", warm)
                Report.comparison("\(type.rawValue) \(variant) no caches", uncached)
                // The floor: the two public-key operations alone (leaf by CA, CA by root), on parsed
                // certificates, over GnuTLS's whole verify_crt2 — no evaluation doing them can go below.
                var signatures = Samples(), parsing = Samples()
                for chain in chains {
                    let (_, parseTime) = Clock.time { chain.presented.map { TrustCheckVerifier.parse($0, cache: nil) } }
                    parsing.add(parseTime)
                    let leaf = TrustCheckVerifier.parse(chain.presented[0], cache: nil)
                    let ca = TrustCheckVerifier.parse(chain.presented[1], cache: nil)
                    let root = TrustCheckVerifier.parse(chain.root, cache: nil)
                    let (valid, us) = Clock.time { leaf.isSigned(by: ca) && ca.isSigned(by: root) }
                    precondition(valid, "trustcheck-bench: a corpus signature does not verify")
                    signatures.add(us)
                }
                var floor = cold
                floor.trustCheck = signatures
                Report.comparison("\(type.rawValue) \(variant) 2 sigs only", floor)
                // The same first sights with nothing run between them: interleaved, GnuTLS's verify evicts
                // the CPU caches (code and data) TrustCheck's next chain would have used, and the reverse.
                floor.trustCheck = trustCheck.cold().timedAlone(chains)
                Report.comparison("\(type.rawValue) \(variant) cold alone", floor)
                // What parsing the two presented certificates costs (part of every cold row).
                floor.trustCheck = parsing
                Report.comparison("\(type.rawValue) \(variant) parse only", floor)
                Self.profiledRounds(chains, trustCheck, rounds: profileWarm)
                Self.profiledFirstSights(chains, trustCheck, rounds: profileCold)
            }
        }
        // The same on every run and machine: the corpus is deterministic.
        print("corpus digest (SHA-256 over every certificate's SHA-256): "
            + SHA256.hash(corpus).prefix(8).map { String(format: "%02x", $0) }.joined())
    }

    /// `--profile-warm N`: N more warm rounds, in a function of their own so that a profiler can collect
    /// only them (`valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*profiledRounds*'`;
    /// `--profile-cold N` likewise with `*profiledFirstSights*`).
    @inline(never)
    static func profiledRounds(_ chains: [BenchChain], _ trustCheck: TrustCheckVerifier, rounds: Int) {
        for _ in 0..<rounds { for chain in chains { precondition(trustCheck.verify(chain)) } }
    }

    /// `--profile-cold N`: N more rounds, each with empty caches.
    @inline(never)
    static func profiledFirstSights(_ chains: [BenchChain], _ trustCheck: TrustCheckVerifier, rounds: Int) {
        for _ in 0..<rounds {
            let fresh = trustCheck.cold()
            for chain in chains { precondition(fresh.verify(chain)) }
        }
    }
}
