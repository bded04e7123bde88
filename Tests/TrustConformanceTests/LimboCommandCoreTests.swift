import Foundation
import Testing
import TrustCertificates
import TrustEvaluation
@testable import TrustConformance

@Suite struct LimboCommandCoreTests {
    @Test func runsSelectedCasesAndWritesResults() throws {
        let directory = NSTemporaryDirectory() + "limbo-command-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let vectors = (TestPaths.vectorsDirectory as NSString).appendingPathComponent("example.json")
        let output = directory + "/results.json"

        var stderr = ""
        let summary = try LimboCommandCore.run(files: [vectors], output: output, includes: ["example::*mismatch*", "example::valid-*"],
                                               stderr: { stderr += $0 })
        #expect(summary.overall.total == 2)
        #expect(summary.overall.passed == 2)
        #expect(summary.loadSeconds != nil && summary.runSeconds != nil)
        #expect(stderr.contains("namespace"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output)))
            as? [String: Any])
        let ids = (object["results"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(ids == ["example::valid-two-cert-chain", "example::hostname-mismatch"])
    }

    @Test func reportsUnreadableAndMalformedFiles() throws {
        #expect {
            try LimboCommandCore.run(files: ["/nonexistent/limbo.json"], output: nil, includes: [], stderr: { _ in })
        } throws: { error in
            if case .unreadable = error as? LimboError { return true } else { return false }
        }
        let path = NSTemporaryDirectory() + "limbo-bad-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("{\"testcases\": 3}".utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            try LimboCommandCore.run(files: [path], output: nil, includes: [], stderr: { _ in })
        } throws: { error in
            if case .malformed = error as? LimboError { return true } else { return false }
        }
    }
}
