import Testing
import TrustCertificates

/// The shared signature cache answers only for the exact bytes it checked, stays within its limits and
/// is safe under concurrent use.
@Suite struct SignatureCacheTests {
    static func fixtures() throws -> (ca: Certificate, other: Certificate, leaf: Certificate) {
        (try ModelFixtures.certificate("ca"), try ModelFixtures.certificate("other-ca"),
         try ModelFixtures.certificate("aki-key-only"))
    }

    /// The leaf with its signature's last octet changed: same TBS, different signature value.
    static func withAlteredSignature(_ certificate: Certificate) throws -> Certificate {
        var der = certificate.der
        der[der.count - 1] ^= 0x01
        return try Certificate(der: der)
    }

    /// The leaf with one letter of its subject's commonName changed: different TBS, same signature.
    static func withAlteredTBS(_ certificate: Certificate) throws -> Certificate {
        var der = certificate.der
        let name = Array("aki-key-only".utf8)
        let at = try #require((0...(der.count - name.count)).last { Array(der[$0..<$0 + name.count]) == name })
        der[at] = UInt8(ascii: "b")
        let altered = try Certificate(der: der)
        #expect(altered.tbsCertificate != certificate.tbsCertificate)
        #expect(altered.signature == certificate.signature)
        return altered
    }

    @Test func cachedValidNeverAnswersForOtherBytes() throws {
        let (ca, other, leaf) = try Self.fixtures()
        let cache = SignatureCache()
        #expect(cache.isSigned(leaf, by: ca))
        #expect(cache.cachedVerdict(leaf, by: ca) == true)
        let badSignature = try Self.withAlteredSignature(leaf)
        let badTBS = try Self.withAlteredTBS(leaf)
        #expect(cache.cachedVerdict(badSignature, by: ca) == nil)
        #expect(cache.cachedVerdict(badTBS, by: ca) == nil)
        #expect(cache.cachedVerdict(leaf, by: other) == nil)
        #expect(!cache.isSigned(badSignature, by: ca))
        #expect(!cache.isSigned(badTBS, by: ca))
        #expect(!cache.isSigned(leaf, by: other))
        #expect(cache.isSigned(leaf, by: ca))
        // One hit (the last call), four real checks.
        #expect(cache.statistics.entries == 4)
        #expect(cache.statistics.misses >= 4)
    }

    @Test func recordsWhatTheRealCheckSays() throws {
        let (ca, other, leaf) = try Self.fixtures()
        let cache = SignatureCache()
        for (certificate, issuer) in [(leaf, ca), (leaf, other), (ca, ca), (ca, other), (leaf, leaf)] {
            #expect(cache.cachedVerdict(certificate, by: issuer) == nil)
            let verdict = cache.checkAndRecord(certificate, by: issuer)
            #expect(verdict == certificate.isSigned(by: issuer))
            #expect(cache.cachedVerdict(certificate, by: issuer) == verdict)
        }
    }

    @Test func boundedInEntries() throws {
        let (ca, other, leaf) = try Self.fixtures()
        let cache = SignatureCache(limits: CacheLimits(entries: 2, bytes: 1 << 20))
        _ = cache.isSigned(leaf, by: ca)
        _ = cache.isSigned(leaf, by: other)
        _ = cache.isSigned(ca, by: ca)
        #expect(cache.statistics.entries == 2)
        #expect(cache.cachedVerdict(leaf, by: ca) == nil)  // the oldest went first
        #expect(cache.cachedVerdict(ca, by: ca) == true)
    }

    @Test func boundedInBytes() throws {
        let (ca, other, leaf) = try Self.fixtures()
        let cache = SignatureCache(limits: CacheLimits(entries: 1_000, bytes: 500))
        for (certificate, issuer) in [(leaf, ca), (leaf, other), (ca, ca), (ca, other), (other, other)] {
            _ = cache.isSigned(certificate, by: issuer)
        }
        let statistics = cache.statistics
        #expect(statistics.bytes <= 500)
        #expect(statistics.entries == 2)  // 192 accounted bytes each
    }

    @Test func concurrentUseGivesTheRealVerdicts() async throws {
        let (ca, other, leaf) = try Self.fixtures()
        let badSignature = try Self.withAlteredSignature(leaf)
        let pairs = [(leaf, ca), (leaf, other), (ca, ca), (badSignature, ca), (other, other), (ca, other)]
        let truth = pairs.map { $0.0.isSigned(by: $0.1) }
        #expect(truth == [true, false, true, false, true, false])
        let cache = SignatureCache(limits: CacheLimits(entries: 3, bytes: 1 << 20))  // eviction under contention too
        let wrong = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for round in 0..<300 {
                        let index = (task + round) % pairs.count
                        if cache.isSigned(pairs[index].0, by: pairs[index].1) != truth[index] { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
        #expect(cache.statistics.entries <= 3)
    }
}
