import Foundation

// trustcheck-bench: TrustCheck against raw GnuTLS (gnutls_x509_trust_list_verify_crt2) on the same
// deterministic corpus in the same run. `make bench` runs it; docs/performance.md records its numbers.

let options = BenchOptions(Array(CommandLine.arguments.dropFirst()))
GnuTLSTrustList.pinClock()
let (generator, loadTime) = Clock.time { CorpusGenerator() }
print("# trustcheck-bench: TrustCheck (TC) vs GnuTLS verify_crt2 (GT), verification time 2026-06-01T00:00:00Z")
print("host: \(ProcessInfo.processInfo.activeProcessorCount) CPUs, \(ProcessInfo.processInfo.operatingSystemVersionString); "
    + "key pool loaded in \(Report.ms(loadTime)); load average at start: \(LoadAverage.text)")
if options.wants("coldwarm") {
    ColdWarmRun.run(generator, chainsPerCorpus: options.chains, keyTypes: options.keyTypes,
                    profileWarm: options.profileWarm, profileCold: options.profileCold)
    print("peak RSS after the cold/warm runs: \(Report.mb(MemoryUsage.peakMB))")
}
if options.wants("threads") { ThreadScalingRun.run(generator, chainsPerType: options.chains) }
if options.wants("stream") { StreamingMemoryRun.run(generator, chains: options.stream) }
if options.wants("anchors") {
    if options.only == nil {
        // In a process of its own: run after the other sections, the 100,000-anchor chain measured 1.23-1.25x
        // one anchor in two of three full runs, against 1.00-1.04x whenever it ran first or alone (the heap the
        // streamed chains leave behind, not the store, is what differed); run first, its freed 2.3 GB hid the
        // streaming section's RSS growth.
        AnchorScalingRun.runInOwnProcess(options)
    } else {
        let sizes = [1, 1_000, options.maximumAnchors].filter { $0 <= options.maximumAnchors }
        AnchorScalingRun.run(generator, sizes: Array(Set(sizes)).sorted(), chains: max(20, options.chains / 2))
    }
}
if options.wants("length") { ChainLengthRun.run(generator, chainsPerLength: max(5, options.chains / 10)) }
if options.wants("adversarial") { AdversarialRun.run(generator, decoyCounts: [10, 50, 200]) }
if options.wants("process") { ProcessRun.run(generator, runs: options.processRuns) }
print("\npeak RSS: \(Report.mb(MemoryUsage.peakMB)); load average at end: \(LoadAverage.text)")
