import Foundation

/// Throughput with 1 and 2 threads verifying a mixed corpus (every key type), each verifier on its own,
/// the rounds interleaved; the best of three rounds counts (the machine is shared).
enum ThreadScalingRun {
    static func run(_ generator: CorpusGenerator, chainsPerType: Int) {
        Report.section("Threads (\(chainsPerType * 3) chains of all key types, cold, best of 3 rounds)")
        let chains = KeyType.allCases.flatMap { generator.distinctRoots($0, count: chainsPerType) }
        let trustCheck = TrustCheckVerifier(anchors: TrustCheckVerifier.store(chains.map(\.root)))
        let gnutls = GnuTLSTrustList()
        for chain in chains { gnutls.add(chain.root) }
        var best: [String: Double] = [:], cpu: [String: Double] = [:]
        for _ in 0..<3 {
            for threads in [1, 2] {
                let fresh = trustCheck.cold()  // first sight in every round: the caches start empty
                let (tc, tcCPU) = throughput(chains, threads: threads) { fresh.verify($0) }
                if tc > best["tc\(threads)", default: 0] { (best["tc\(threads)"], cpu["tc\(threads)"]) = (tc, tcCPU) }
                let (gt, gtCPU) = throughput(chains, threads: threads) { gnutls.verify($0) == 0 }
                if gt > best["gt\(threads)", default: 0] { (best["gt\(threads)"], cpu["gt\(threads)"]) = (gt, gtCPU) }
            }
        }
        let widths = [12, 14, 14, 10, 22, 26]
        Report.row(["verifier", "1 thread ch/s", "2 threads ch/s", "speed-up", "CPUs busy (1 / 2 thr)",
                    "ch per CPU-second (1 / 2)"], widths: widths)
        for (name, key) in [("TrustCheck", "tc"), ("GnuTLS", "gt")] {
            let one = best["\(key)1"]!, two = best["\(key)2"]!
            Report.row([name, Report.rate(one), Report.rate(two), String(format: "%.2f×", two / one),
                        String(format: "%.2f / %.2f", cpu["\(key)1"]!, cpu["\(key)2"]!),
                        String(format: "%.0f / %.0f", one / cpu["\(key)1"]!, two / cpu["\(key)2"]!)], widths: widths)
        }
        print("(CPUs busy: process CPU time over wall time; below 2 with 2 threads means the shared cores were taken;")
        print(" equal chains per CPU-second with 1 and 2 threads means no contention between the threads)")
    }

    /// Chains per second with `threads` threads splitting the corpus, and the CPUs the process kept
    /// busy meanwhile; every verdict must be "trusted".
    private static func throughput(_ chains: [BenchChain], threads: Int,
                                   _ verify: @escaping @Sendable (BenchChain) -> Bool) -> (Double, Double)
    {
        let cpuStart = MemoryUsage.cpuSeconds
        let failures = FailureCount()
        let finished = DispatchGroup()
        let start = Clock.now()
        for part in 0..<threads {
            finished.enter()
            let thread = Thread {
                var index = part
                while index < chains.count {
                    if !verify(chains[index]) { failures.increment() }
                    index += threads
                }
                finished.leave()
            }
            thread.start()
        }
        finished.wait()
        let seconds = Double(Clock.now() - start) / 1e9
        precondition(failures.value == 0, "trustcheck-bench: a chain was not trusted in the thread run")
        return (Double(chains.count) / seconds, (MemoryUsage.cpuSeconds - cpuStart) / seconds)
    }
}

/// A counter the threads of one run share.
private final class FailureCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
