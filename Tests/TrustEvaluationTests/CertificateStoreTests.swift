import Foundation
import Testing
import TrustCertificates
@testable import TrustEvaluation

/// A store answers the same whether it searches its certificates one by one (a handful, as an
/// evaluation's intermediates) or through its indexes (more).
@Suite struct CertificateStoreTests {
    static func fixtures() throws -> [Certificate] {
        let names = try FileManager.default.contentsOfDirectory(atPath: PathBuilderTests.fixtures.path)
            .filter { $0.hasSuffix(".pem") }.sorted()
        return try names.flatMap(PathBuilderTests.load)
    }

    static func expectAnswersByBruteForce(_ store: CertificateStore, over given: [Certificate], others: [Certificate]) {
        var unique: [Certificate] = []
        for certificate in given where !unique.contains(certificate) { unique.append(certificate) }
        #expect(store.certificates == unique)
        #expect(store.count == unique.count)
        for certificate in unique + others {
            #expect(store.contains(certificate) == unique.contains(certificate))
            #expect(store.issuers(of: certificate) == unique.filter { $0.subject.normalized == certificate.issuer.normalized })
            #expect(store.certificates(named: certificate.subject) == unique.filter { $0.subject.normalized == certificate.subject.normalized })
        }
    }

    @Test func smallAndIndexedStoresGiveTheSameAnswers() throws {
        let all = try Self.fixtures()
        try #require(all.count > 12)
        // Duplicates (the same DER twice) are kept once, in the order first given.
        let small = Array(all.prefix(5)) + [all[1], all[3]]
        Self.expectAnswersByBruteForce(CertificateStore(small), over: small, others: Array(all.dropFirst(5)))
        let large = all + [all[0], all[7]]
        Self.expectAnswersByBruteForce(CertificateStore(large), over: large, others: [])
    }
}
