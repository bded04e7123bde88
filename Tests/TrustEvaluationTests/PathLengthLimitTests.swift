import Foundation
import Testing
import TrustCertificates
@testable import TrustEvaluation

/// A chain longer than `SearchBudget.maximumPathLength` (Fixtures/long-chain, written by its generate.py:
/// 49 certificates, every one presented and valid) fails the budget at the certificate where the search
/// stopped, naming the limit, rather than MissingIntermediate for an issuer that was presented.
@Suite struct PathLengthLimitTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/long-chain")
    static let time = ISO8601DateFormatter().date(from: "2026-06-01T00:00:00Z")!

    static func certificates(_ name: String) throws -> [Certificate] {
        try CertificateLoader.load(path: directory.appendingPathComponent(name).path)
    }

    static func evaluate(budget: SearchBudget = .default) throws -> TrustEvaluationResult {
        let evaluator = TrustEvaluator(anchors: .only(CertificateStore(try certificates("root.pem"))),
                                       policies: [.ssl(hostname: "long-chain.example")], budget: budget)
        return evaluator.evaluate(leaf: try #require(certificates("leaf.pem").first),
                                  intermediates: try certificates("intermediates.pem"), at: time)
    }

    @Test func theFixtureIsA49CertificateChain() throws {
        #expect(try Self.certificates("intermediates.pem").count == 47)
        // Within a budget that fits it, the chain is trusted: only its length refuses it.
        let result = try Self.evaluate(budget: SearchBudget(maximumPathLength: 49))
        #expect(result.isTrusted, "\(result.failures)")
        #expect(result.chain.count == 49)
    }

    @Test func theLengthLimitIsThePrimaryErrorAtTheCertificateWhereItWasHit() throws {
        let limit = SearchBudget.default.maximumPathLength
        let result = try Self.evaluate()
        #expect(!result.isTrusted)
        #expect(result.chain.count == limit)
        #expect(!result.failures.contains { $0.check == .missingIntermediate }, "\(result.failures)")
        let failure = try #require(result.failures.first { $0.check == .searchBudgetExhausted })
        // Leaf at 0, Intermediate 47 at 1, ...: the 16th certificate is Intermediate 33.
        #expect(failure.index == limit - 1)
        #expect(result.chain[failure.index].certificate.subject.commonNames == ["Intermediate 33"])
        #expect(failure.context == .pathLength(maximum: limit, top: "Intermediate 33"))
        #expect(failure.detail == "the path reached the search budget's limit of 16 certificates "
            + "(SearchBudget.maximumPathLength) at \u{201C}Intermediate 33\u{201D}; its issuer was not looked for")
        let error = try #require(result.error)
        #expect(error.check == .searchBudgetExhausted)
        #expect(error.certificateIndex == limit - 1)
        #expect(error.code == OSStatusCode.errSecCreateChainFailed)
        #expect(error.message == "\u{201C}Intermediate 33\u{201D} certificate is not trusted")
    }

    /// A smaller budget stops earlier, and says so.
    @Test func theReportedLimitIsTheBudgetInUse() throws {
        let result = try Self.evaluate(budget: SearchBudget(maximumPathLength: 5))
        let failure = try #require(result.failures.first { $0.check == .searchBudgetExhausted })
        #expect(failure.index == 4)
        #expect(failure.context == .pathLength(maximum: 5, top: "Intermediate 44"))
    }
}
