/// The cost of a chain as it grows from 2 certificates (leaf and root) to 10.
enum ChainLengthRun {
    static func run(_ generator: CorpusGenerator, chainsPerLength: Int) {
        Report.section("Chain length (RSA-2048, \(chainsPerLength) chains per length; length counts the root anchor)")
        Report.comparisonHeader()
        for length in 2...10 {
            let chains = (0..<chainsPerLength).map { generator.chain(length: length, .rsa2048, index: $0) }
            let trustCheck = TrustCheckVerifier(anchors: TrustCheckVerifier.store(chains.map(\.root)))
            let gnutls = GnuTLSTrustList()
            for chain in chains { gnutls.add(chain.root) }
            Report.comparison("length \(length)", Comparison.run(chains, trustCheck, gnutls, label: "length \(length)"))
        }
    }
}
