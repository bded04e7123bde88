import Foundation

/// The cost of a chain as the anchor store grows (1, 1,000, 100,000 anchors: the chains' root plus
/// filler anchors with distinct names), and the time to build each store from DER.
enum AnchorScalingRun {
    static func run(_ generator: CorpusGenerator, sizes: [Int], chains count: Int) {
        Report.section("Anchors (\(count) RSA-2048 chains under one root, filler anchors Ed25519)")
        let chains = generator.sharedRoot(.rsa2048, count: count)
        let fillers = generator.fillerAnchors(count: sizes.max()! - 1)
        let widths = [10, 14, 14, 10, 12, 10, 10, 9]
        Report.row(["anchors", "TC build", "GT build", "TC med µs", "TC alone µs", "GT med µs", "ratio", "RSS now"], widths: widths)
        var first: (interleaved: Double, alone: Double)?, last = (interleaved: 0.0, alone: 0.0)
        for size in sizes {
            let ders = [chains[0].root] + fillers.prefix(size - 1)
            let before = MemoryUsage.currentMB
            let (store, tcBuild) = Clock.time { TrustCheckVerifier.store(ders) }
            if size == sizes.max() {
                let perCertificate = (MemoryUsage.currentMB - before) * 1_048_576 / Double(size)
                print("TrustCheck store of \(size) anchors: \(Int(perCertificate)) bytes of RSS per parsed certificate")
            }
            // TrustCheck on its own first (fresh caches), before GnuTLS's copy of the anchors exists: a
            // user's process holds one verifier's store, not both. Interleaved below, GnuTLS's search of
            // a large list evicts the CPU caches TrustCheck's next chain would have used.
            // Best of 3 rounds (each with fresh caches), the same for every store size: a round's median
            // moves by 20-30 % with the shared machine's other load.
            let trustCheck = TrustCheckVerifier(anchors: store)
            var alone = Samples()
            for _ in 0..<3 {
                let round = trustCheck.cold().timedAlone(chains)
                if alone.count == 0 || round.median < alone.median { alone = round }
            }
            let (gnutls, gtBuild) = Clock.time {
                let list = GnuTLSTrustList()
                for der in ders { list.add(der) }
                return list
            }
            let result = Comparison.run(chains, trustCheck, gnutls, label: "\(size) anchors")
            first = first ?? (result.trustCheck.median, alone.median)
            last = (result.trustCheck.median, alone.median)
            Report.row([String(size), Report.ms(tcBuild), Report.ms(gtBuild), Report.us(result.trustCheck.median),
                        Report.us(alone.median), Report.us(result.gnutls.median), Report.ratio(result.ratio), Report.mb(MemoryUsage.currentMB)],
                       widths: widths)
        }
        if let first {
            print("TrustCheck per chain at \(sizes.max()!) anchors over 1 anchor: \(Report.ratio(last.interleaved / first.interleaved)) "
                + "interleaved, \(Report.ratio(last.alone / first.alone)) alone")
        }
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
