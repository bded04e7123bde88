import Testing
import TrustCertificates

/// The parsed-certificate cache returns a certificate only for the bytes it parsed, records no
/// failures, stays within its limits and is safe under concurrent use.
@Suite struct CertificateCacheTests {
    @Test func hitIsTheParseOfTheSameBytes() throws {
        let ca = try ModelFixtures.certificate("ca")
        let cache = CertificateCache()
        let first = try cache.certificate(der: ca.der)
        let again = try cache.certificate(der: ca.der)
        let withTrailingBytes = try cache.certificate(der: ca.der + [0x00, 0x01])
        #expect(first === again)
        #expect(first === withTrailingBytes)
        #expect(first == ca)
        #expect(cache.statistics.entries == 1)
        #expect(cache.statistics.hits == 2)
    }

    @Test func otherBytesAreNeverAnsweredFromTheCache() throws {
        let leaf = try ModelFixtures.certificate("aki-key-only")
        let cache = CertificateCache()
        let cached = try cache.certificate(der: leaf.der)
        var altered = leaf.der
        altered[altered.count - 1] ^= 0x01
        let other = try cache.certificate(der: altered)
        #expect(other !== cached)
        #expect(other.der == altered)
        #expect(other.signature != cached.signature)
        #expect(cache.statistics.entries == 2)
    }

    @Test func failuresAreNotRecorded() throws {
        let cache = CertificateCache()
        for _ in 0..<2 {
            #expect(throws: CertificateParseError.self) { try cache.certificate(der: [0x30, 0x03, 0x02, 0x01, 0x01]) }
        }
        #expect(cache.statistics.entries == 0)
    }

    @Test func boundedInEntriesAndBytes() throws {
        let certificates = try ["ca", "other-ca", "aki-key-only", "aki-issuer-serial"].map(ModelFixtures.certificate)
        let byEntries = CertificateCache(limits: CacheLimits(entries: 2, bytes: 1 << 30))
        let byBytes = CertificateCache(limits: CacheLimits(entries: 100, bytes: 12_000))
        for certificate in certificates {
            _ = try byEntries.certificate(der: certificate.der)
            _ = try byBytes.certificate(der: certificate.der)
        }
        #expect(byEntries.statistics.entries == 2)
        #expect(byBytes.statistics.bytes <= 12_000)
        #expect(byBytes.statistics.entries < certificates.count)
    }

    @Test func concurrentUseReturnsTheParseOfTheBytesAsked() async throws {
        let ders = try ["ca", "other-ca", "aki-key-only", "aki-issuer-serial"].map { try ModelFixtures.certificate($0).der }
        let cache = CertificateCache(limits: CacheLimits(entries: 2, bytes: 1 << 30))
        let wrong = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for round in 0..<200 {
                        let der = ders[(task + round) % ders.count]
                        if try cache.certificate(der: der).der != der { wrong += 1 }
                    }
                    return wrong
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(wrong == 0)
        #expect(cache.statistics.entries <= 2)
    }

    @Test func selfSignatureIsDecidedOnceAndRight() async throws {
        let ca = try ModelFixtures.certificate("ca"), leaf = try ModelFixtures.certificate("aki-key-only")
        let verdicts = await withTaskGroup(of: (Bool, Bool).self) { group in
            for _ in 0..<8 { group.addTask { (ca.isSelfSigned, leaf.isSelfSigned) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(verdicts.allSatisfy { $0 == (true, false) })
        #expect(ca.isSelfSigned == ca.isSigned(by: ca))
    }
}
