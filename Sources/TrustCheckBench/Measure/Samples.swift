/// Per-chain times in microseconds and what they summarise to.
struct Samples {
    private(set) var values: [Double] = []

    mutating func add(_ microseconds: Double) { values.append(microseconds) }

    var count: Int { values.count }
    var median: Double { percentile(0.5) }
    var p90: Double { percentile(0.9) }
    var total: Double { values.reduce(0, +) }
    /// Chains per second at the measured per-chain times (one thread).
    var perSecond: Double { total > 0 ? Double(count) / (total / 1_000_000) : 0 }

    /// Nearest-rank percentile.
    func percentile(_ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
        return sorted[max(0, min(sorted.count - 1, rank))]
    }
}
