import Foundation

/// The cost of a chain as the anchor store grows (1, 1,000, 100,000 anchors: the chains' root plus
/// filler anchors with distinct names), and the time to build each store from DER.
enum AnchorScalingRun {
    /// First sights of every chain against every store size, rounds with fresh caches each: the medians
    /// over all of them are the "alone" column. Three rounds, as the best-of-three this replaced.
    static let aloneRounds = 3

    static func run(_ generator: CorpusGenerator, sizes: [Int], chains count: Int) {
        Report.section("Anchors (\(count) RSA-2048 chains under one root, filler anchors Ed25519)")
        let chains = generator.sharedRoot(.rsa2048, count: count)
        let fillers = generator.fillerAnchors(count: sizes.max()! - 1)
        let anchorSets = sizes.map { [chains[0].root] + fillers.prefix($0 - 1) }
        // Every TrustCheck store first, before any GnuTLS copy of the anchors exists: a user's process holds
        // one verifier's store, not both.
        var verifiers: [TrustCheckVerifier] = [], buildTimes: [Double] = []
        for ders in anchorSets {
            let before = MemoryUsage.currentMB
            let (store, build) = Clock.time { TrustCheckVerifier.store(ders) }
            if ders.count == sizes.max() {
                let perCertificate = (MemoryUsage.currentMB - before) * 1_048_576 / Double(ders.count)
                print("TrustCheck store of \(ders.count) anchors: \(Int(perCertificate)) bytes of RSS per parsed certificate")
            }
            verifiers.append(TrustCheckVerifier(anchors: store))
            buildTimes.append(build)
        }
        let alone = pairedFirstSights(chains, verifiers)
        let widths = [10, 14, 14, 10, 12, 10, 10, 9]
        Report.row(["anchors", "TC build", "GT build", "TC med µs", "TC alone µs", "GT med µs", "ratio", "RSS now"], widths: widths)
        var interleaved: [Double] = []
        for (index, size) in sizes.enumerated() {
            let (gnutls, gtBuild) = Clock.time {
                let list = GnuTLSTrustList()
                for der in anchorSets[index] { list.add(der) }
                return list
            }
            // Interleaved with GnuTLS, whose search of a large list evicts the CPU caches TrustCheck's next
            // chain would have used.
            let result = Comparison.run(chains, verifiers[index].cold(), gnutls, label: "\(size) anchors")
            interleaved.append(result.trustCheck.median)
            Report.row([String(size), Report.ms(buildTimes[index]), Report.ms(gtBuild), Report.us(result.trustCheck.median),
                        Report.us(alone.samples[index].median), Report.us(result.gnutls.median), Report.ratio(result.ratio),
                        Report.mb(MemoryUsage.currentMB)],
                       widths: widths)
        }
        if let last = sizes.indices.last, last > 0 {
            print("TrustCheck per chain at \(sizes[last]) anchors over 1 anchor: "
                + "\(Report.ratio(interleaved[last] / interleaved[0])) interleaved, "
                + "\(Report.ratio(alone.samples[last].median / alone.samples[0].median)) alone "
                + "(median of each chain's own ratio: \(Report.ratio(alone.pairedRatios.median)))")
        }
    }

    /// First sights of each chain against every store back to back, in an order that turns with the chain,
    /// so that a change of the shared host's pace — which moved a size measured seconds after the other by
    /// up to 1.5× — falls on every size alike. Each round starts every verifier's caches empty.
    /// `pairedRatios`: each chain's time with the largest store over its time with the smallest, per round.
    static func pairedFirstSights(_ chains: [BenchChain], _ verifiers: [TrustCheckVerifier])
        -> (samples: [Samples], pairedRatios: Samples)
    {
        var samples = [Samples](repeating: Samples(), count: verifiers.count)
        var pairedRatios = Samples()
        for _ in 0..<aloneRounds {
            let fresh = verifiers.map { $0.cold() }
            for (i, chain) in chains.enumerated() {
                var times = [Double](repeating: 0, count: fresh.count)
                for step in fresh.indices {
                    let index = (i + step) % fresh.count
                    let (trusted, us) = Clock.time { fresh[index].verify(chain) }
                    precondition(trusted, "trustcheck-bench: TrustCheck refused a corpus chain (\(chain.host))")
                    times[index] = us
                    samples[index].add(us)
                }
                pairedRatios.add(times[times.count - 1] / times[0])
            }
        }
        return (samples, pairedRatios)
    }

    /// This section alone, in a child process of this benchmark with the same corpus options (its output
    /// goes to this process's standard output).
    static func runInOwnProcess(_ options: BenchOptions) {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["--only", "anchors", "--chains", String(options.chains), "--anchors", String(options.maximumAnchors)]
        fflush(nil)  // every stream: what this process printed so far comes before the child's output
        do { try child.run() } catch { fatalError("trustcheck-bench: cannot run the anchors section: \(error)") }
        child.waitUntilExit()
        precondition(child.terminationStatus == 0, "trustcheck-bench: the anchors section exited \(child.terminationStatus)")
    }
}
