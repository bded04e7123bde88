/// RSS growth while streaming distinct chains through one long-lived evaluator: each leaf is issued,
/// verified and dropped. Growth is counted from after the first 1,000 chains (allocator warm-up).
enum StreamingMemoryRun {
    static func run(_ generator: CorpusGenerator, chains count: Int) {
        Report.section("Streaming \(count) distinct chains (Ed25519 leaves under one intermediate and root)")
        let rootKey = generator.key(.ed25519, 0), interKey = generator.key(.ed25519, 1)
        let root = generator.root(.ed25519, section: .stream, index: 0, name: "Bench Stream Root")
        let inter = generator.intermediate(.ed25519, section: .stream, index: 0, position: 1, name: "Bench Stream CA",
                                           keyIndex: 1, issuer: root, issuerKey: rootKey)
        let trustCheck = TrustCheckVerifier(anchors: TrustCheckVerifier.store([root]))
        var startMB = MemoryUsage.currentMB
        var verifyTime = Samples()
        for i in 0..<count {
            if i == min(1000, count / 10) { startMB = MemoryUsage.currentMB }
            let host = "host\(i).stream.bench.test"
            let leaf = generator.leaf(.ed25519, section: .stream, index: i + 1, host: host, keyIndex: 2 + i,
                                      issuer: inter, issuerKey: interKey)
            let chain = BenchChain(presented: [leaf, inter], root: root, host: host, keyType: .ed25519)
            let (trusted, us) = Clock.time { trustCheck.verify(chain) }
            precondition(trusted, "trustcheck-bench: streamed chain \(i) not trusted")
            verifyTime.add(us)
        }
        let endMB = MemoryUsage.currentMB
        print("RSS after warm-up \(Report.mb(startMB)), after \(count) chains \(Report.mb(endMB)): "
            + "growth \(Report.mb(endMB - startMB)); TrustCheck median \(Report.us(verifyTime.median)) µs per chain")
    }
}
