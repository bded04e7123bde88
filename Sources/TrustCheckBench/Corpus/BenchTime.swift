/// The corpus's fixed dates (seconds since 1970, UTC) and the verification time both verifiers use, so
/// that no result depends on the day the benchmark runs.
enum BenchTime {
    /// 2026-06-01T00:00:00Z: every chain is verified at this time.
    static let verification = 1_780_272_000
    /// 2020-01-01 to 2040-01-01.
    static let rootNotBefore = 1_577_836_800
    static let rootNotAfter = 2_208_988_800
    /// 2021-01-01 to 2036-01-01.
    static let intermediateNotBefore = 1_609_459_200
    static let intermediateNotAfter = 2_082_758_400
    /// 2026-01-01 plus 397 days: within the 398 days Apple allows a leaf issued after 2020-09-01.
    static let leafNotBefore = 1_767_225_600
    static let leafNotAfter = 1_767_225_600 + 397 * 86_400
    /// The process comparison's leaf: certtool 3.7.9 has no --attime, so it checks at the real clock.
    /// Issued 2019-06-01 (before Apple's 825-day rule took effect) and valid to 2039-01-01.
    static let longLeafNotBefore = 1_559_347_200
    static let longLeafNotAfter = 2_177_452_800
}
