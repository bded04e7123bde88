import Foundation
import Testing
import TrustCertificates
@testable import TrustEvaluation

/// Path building: backtracking over cross-signs, preferring valid alternatives, anchor semantics,
/// the work budget, thread safety and the diagnostics narration.
@Suite struct PathBuilderTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/builder")
    static let time = ISO8601DateFormatter().date(from: "2026-01-01T00:00:00Z")!

    static func load(_ name: String) throws -> [Certificate] {
        try CertificateLoader.load(path: fixtures.appendingPathComponent(name).path)
    }

    static func evaluate(leaf: String, intermediates: [String], anchors: [String], anchorsOnly: Bool = true,
                         system: [String] = [], budget: SearchBudget = .default,
                         diagnostics: TrustDiagnostics? = nil) throws -> TrustEvaluationResult
    {
        let evaluator = TrustEvaluator(
            anchors: TrustAnchors(custom: CertificateStore(try anchors.flatMap(load)), anchorsOnly: anchorsOnly,
                                  system: CertificateStore(try system.flatMap(load))),
            policies: [.ssl(hostname: nil)], budget: budget)
        return evaluator.evaluate(leaf: try load(leaf)[0], intermediates: try intermediates.flatMap(load), at: time,
                                  diagnostics: diagnostics)
    }

    static func subjects(_ result: TrustEvaluationResult) -> [String] { result.chain.map { $0.certificate.subject.rfc4514 } }

    @Test func crossSignedChainReachesTheOldRootThroughTheCrossCertificate() throws {
        let result = try Self.evaluate(leaf: "cross-leaf.pem", intermediates: ["cross-intermediate.pem", "new-by-old.pem"],
                                       anchors: ["old-root.pem"])
        #expect(result.isTrusted)
        #expect(Self.subjects(result) == ["CN=cross.example.test", "CN=Cross Intermediate", "CN=New Root", "CN=Old Root"])
        #expect(result.chain.map(\.source) == [.presented, .presented, .presented, .anchor])
    }

    @Test func newRootAnchorStopsThePathBeforeTheCrossCertificate() throws {
        let result = try Self.evaluate(leaf: "cross-leaf.pem", intermediates: ["cross-intermediate.pem", "new-by-old.pem"],
                                       anchors: ["new-root.pem"])
        #expect(result.isTrusted)
        #expect(result.chain.count == 3)
        #expect(result.chain.last?.certificate.isSelfIssued == true)
    }

    @Test(arguments: [["expired-new-by-old.pem", "new-by-old.pem"], ["new-by-old.pem", "expired-new-by-old.pem"]])
    func expiredCrossCertificateIsPassedOverWhateverTheOrder(_ crossCertificates: [String]) throws {
        let result = try Self.evaluate(leaf: "cross-leaf.pem", intermediates: ["cross-intermediate.pem"] + crossCertificates,
                                       anchors: ["old-root.pem"])
        #expect(result.isTrusted)
        let cross = try Self.load("new-by-old.pem")[0]
        #expect(result.chain[2].certificate == cross)
    }

    @Test func onlyAnExpiredCrossCertificateReportsItsExpiry() throws {
        let result = try Self.evaluate(leaf: "cross-leaf.pem", intermediates: ["cross-intermediate.pem", "expired-new-by-old.pem"],
                                       anchors: ["old-root.pem"])
        #expect(!result.isTrusted)
        #expect(result.failures.map(\.description) == [TrustFailure(index: 2, check: .temporalValidity, detail: result.failures.first?.detail).description])
        #expect(result.error?.code == OSStatusCode.errSecCertificateExpired)
    }

    @Test func intermediateAnchorEndsThePath() throws {
        let result = try Self.evaluate(leaf: "cross-leaf.pem", intermediates: ["cross-intermediate.pem"],
                                       anchors: ["cross-intermediate.pem"])
        #expect(result.isTrusted)
        #expect(result.chain.count == 2)
        #expect(result.chain[1].source == .anchor)
    }

    @Test func leafAnchorIsAChainOfOne() throws {
        let result = try Self.evaluate(leaf: "cross-leaf.pem", intermediates: [], anchors: ["cross-leaf.pem"])
        #expect(result.isTrusted)
        #expect(result.chain.count == 1)
        #expect(result.chain[0].source == .anchor)
    }

    @Test func emptyAnchorSetTrustsNothing() throws {
        let result = try Self.evaluate(leaf: "cross-leaf.pem", intermediates: ["cross-intermediate.pem"], anchors: [],
                                       system: ["new-root.pem"])
        #expect(!result.isTrusted)
        // System roots still help build the path, as untrusted parents: the error names the root.
        #expect(result.failures.map(\.check) == [.anchorTrusted])
        #expect(result.error?.message == "\u{201C}New Root\u{201D} certificate is not trusted")
    }

    @Test func systemAnchorsComeBackWhenAnchorsOnlyIsOff() throws {
        let result = try Self.evaluate(leaf: "cross-leaf.pem", intermediates: ["cross-intermediate.pem"],
                                       anchors: ["old-root.pem"], anchorsOnly: false, system: ["new-root.pem"])
        #expect(result.isTrusted)
        #expect(result.chain.last?.source == .system)
    }

    @Test func missingIntermediateIsReportedOnTheLastCertificate() throws {
        let result = try Self.evaluate(leaf: "cross-leaf.pem", intermediates: [], anchors: ["new-root.pem"])
        #expect(!result.isTrusted)
        #expect(result.failures.map(\.check) == [.missingIntermediate])
        #expect(result.error?.code == OSStatusCode.errSecCreateChainFailed)
    }

    @Test func meshOfCrossSignsStopsAtTheBudget() throws {
        let budget = SearchBudget(maximumPaths: 50, maximumSignatureChecks: 200, maximumPathLength: 16)
        let result = try Self.evaluate(leaf: "mesh-leaf.pem", intermediates: ["mesh-intermediates.pem"],
                                       anchors: ["new-root.pem"], budget: budget)
        #expect(!result.isTrusted)
        #expect(result.failures.contains { $0.check == .searchBudgetExhausted })
        #expect(result.pathsConsidered <= budget.maximumPaths)
        #expect(result.signatureChecks <= budget.maximumSignatureChecks)
    }

    @Test func diagnosticsNarrateTheSearch() throws {
        let log = DiagnosticSteps()
        _ = try Self.evaluate(leaf: "cross-leaf.pem", intermediates: ["cross-intermediate.pem", "new-by-old.pem"],
                              anchors: ["old-root.pem"], diagnostics: log.append)
        let lines = log.all.map(\.description)
        #expect(lines.first?.hasPrefix("evaluating \u{201C}cross.example.test\u{201D}") == true)
        #expect(lines.contains { $0.contains("anchor \u{201C}Old Root\u{201D}") })
        #expect(lines.contains { $0.contains("passes every check") })
    }

    /// A lone candidate issuer goes through the same on-path test as one among many: a self-signed leaf
    /// presented again as its own intermediate is rejected as already on the path, and the path ends
    /// at an untrusted root.
    @Test func aLoneCandidateAlreadyOnThePathIsRejectedAndNarrated() throws {
        let log = DiagnosticSteps()
        let result = try Self.evaluate(leaf: "old-root.pem", intermediates: ["old-root.pem"], anchors: ["new-root.pem"],
                                       diagnostics: log.append)
        let rejections = log.all.compactMap { step -> TrustDiagnostic.Rejection? in
            guard case .candidateRejected(let candidate, let subject, let reason) = step,
                  candidate.subject.rfc4514 == "CN=Old Root", subject.subject.rfc4514 == "CN=Old Root" else { return nil }
            return reason
        }
        #expect(rejections == [.alreadyOnPath])
        #expect(!result.isTrusted)
        #expect(result.chain.count == 1)
        #expect(result.failures.first?.check == .anchorTrusted && result.failures.first?.index == 0)
    }

    @Test func evaluatesConcurrentlyFromManyThreads() async throws {
        let evaluator = TrustEvaluator(
            anchors: TrustAnchors(custom: CertificateStore(try Self.load("old-root.pem"))), policies: [.ssl()])
        let leaf = try Self.load("cross-leaf.pem")[0]
        let intermediates = try Self.load("cross-intermediate.pem") + Self.load("new-by-old.pem")
        let trusted = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<64 {
                group.addTask { evaluator.evaluate(leaf: leaf, intermediates: intermediates, at: Self.time).isTrusted }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(trusted.count == 64 && trusted.allSatisfy { $0 })
    }
}

/// Collects diagnostics from any thread.
final class DiagnosticSteps: @unchecked Sendable {
    private let lock = NSLock()
    private var steps: [TrustDiagnostic] = []
    var all: [TrustDiagnostic] { lock.withLock { steps } }
    @Sendable func append(_ step: TrustDiagnostic) { lock.withLock { steps.append(step) } }
}
