/// The cost of a chain as the anchor store grows (1, 1,000, 100,000 anchors: the chains' root plus
/// filler anchors with distinct names), and the time to build each store from DER.
enum AnchorScalingRun {
    static func run(_ generator: CorpusGenerator, sizes: [Int], chains count: Int) {
        Report.section("Anchors (\(count) RSA-2048 chains under one root, filler anchors Ed25519)")
        let chains = generator.sharedRoot(.rsa2048, count: count)
        let fillers = generator.fillerAnchors(count: sizes.max()! - 1)
        let widths = [10, 14, 14, 10, 10, 10, 9]
        Report.row(["anchors", "TC build", "GT build", "TC med µs", "GT med µs", "ratio", "RSS now"], widths: widths)
        var baseline: Double?
        for size in sizes {
            let ders = [chains[0].root] + fillers.prefix(size - 1)
            let (store, tcBuild) = Clock.time { TrustCheckVerifier.store(ders) }
            let (gnutls, gtBuild) = Clock.time {
                let list = GnuTLSTrustList()
                for der in ders { list.add(der) }
                return list
            }
            let trustCheck = TrustCheckVerifier(anchors: store)
            let result = Comparison.run(chains, trustCheck, gnutls, label: "\(size) anchors")
            baseline = baseline ?? result.trustCheck.median
            Report.row([String(size), Report.ms(tcBuild), Report.ms(gtBuild), Report.us(result.trustCheck.median),
                        Report.us(result.gnutls.median), Report.ratio(result.ratio), Report.mb(MemoryUsage.currentMB)],
                       widths: widths)
        }
        print("(TrustCheck's per-chain cost at the largest store is the last row's TC med over the first's)")
    }
}
