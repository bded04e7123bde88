import Testing
@testable import TrustCertificates

/// `SeenDigests` keeps the first of each digest whether it is comparing one by one or through its set,
/// and across the switch from one to the other.
@Suite struct SeenDigestsTests {
    @Test func answersAsASetDoes() {
        for count in [0, 1, SeenDigests.linearLimit - 1, SeenDigests.linearLimit, SeenDigests.linearLimit + 1, 100] {
            // Each digest twice, the repeats interleaved at varying distances.
            let digests = (0..<count).map { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] + Array(repeating: 7, count: 30) }
            let input = zip(digests, digests.reversed()).flatMap { [$0, $1] }
            var seen = SeenDigests(), reference = Set<[UInt8]>()
            for digest in input {
                #expect(seen.insert(digest) == reference.insert(digest).inserted, "\(count) digests")
            }
        }
    }
}
