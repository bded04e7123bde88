import Foundation
import Testing
import TrustConformance

/// One case of one vector file, or a file that could not be read.
struct VectorCase: Sendable, CustomTestStringConvertible {
    let file: String
    let testcase: LimboTestcase?
    let loadError: String?

    var testDescription: String { "\(file): \(testcase?.id ?? "unreadable")" }

    static let all: [VectorCase] = VectorRunner.loadVectors(directory: TestPaths.vectorsDirectory).flatMap { file in
        switch file.result {
        case .success(let suite):
            return suite.testcases.map { VectorCase(file: file.name, testcase: $0, loadError: nil) }
        case .failure(let error):
            return [VectorCase(file: file.name, testcase: nil, loadError: "\(error)")]
        }
    }
}

/// Every case of every `vectors/*.json` must give what it expects: the result and, when given, the
/// Apple result type, OSStatus, message, chain, failures and the results under other profiles.
@Suite struct VectorTests {
    @Test func vectorsArePresent() {
        #expect(!VectorCase.all.isEmpty, "no vectors/*.json under \(TestPaths.vectorsDirectory)")
    }

    @Test("vector", arguments: VectorCase.all)
    func vector(_ vector: VectorCase) throws {
        if let loadError = vector.loadError {
            Issue.record("\(vector.file) is not a valid vector file: \(loadError)")
            return
        }
        let testcase = try #require(vector.testcase)
        let report = VectorRunner().check(testcase)
        for problem in report.problems {
            Issue.record("\(vector.file) \(testcase.id): \(problem)")
        }
    }

    @Test func vectorIDsAreUnique() {
        var seen = Set<String>()
        for vector in VectorCase.all {
            guard let id = vector.testcase?.id else { continue }
            #expect(seen.insert(id).inserted, "\(vector.file): duplicate id \(id)")
        }
    }
}
