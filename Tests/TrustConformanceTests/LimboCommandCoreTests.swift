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

    /// Two files naming different cases alike (one expected to succeed, one to fail): each is judged by its
    /// own expected result — no mismatch — and the shared id is reported with both files.
    @Test func casesSharingAnIDAreEachJudgedByTheirOwnExpectationAndReported() throws {
        let directory = NSTemporaryDirectory() + "limbo-duplicates-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let example = (TestPaths.vectorsDirectory as NSString).appendingPathComponent("example.json")
        let suite = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: example)))
            as? [String: Any])
        let testcases = try #require(suite["testcases"] as? [[String: Any]])
        func file(_ name: String, from id: String) throws -> String {
            var testcase = try #require(testcases.first { $0["id"] as? String == id })
            testcase["id"] = "dup::same-id"
            var copy = suite
            copy["testcases"] = [testcase]
            let path = directory + "/" + name
            try JSONSerialization.data(withJSONObject: copy).write(to: URL(fileURLWithPath: path))
            return path
        }
        let valid = try file("valid.json", from: "example::valid-two-cert-chain")
        let mismatch = try file("mismatch.json", from: "example::hostname-mismatch")

        var stderr = ""
        let summary = try LimboCommandCore.run(files: [valid, mismatch], output: directory + "/results.json", includes: [],
                                               stderr: { stderr += $0 })
        #expect(summary.overall.total == 2)
        #expect(summary.overall.passed == 2)
        #expect(summary.mismatches.isEmpty, "\(summary.mismatches)")
        #expect(stderr.contains("duplicate testcase id dup::same-id: 2 different testcases (\(valid), \(mismatch))"))

        // Pairing by id alone would have judged the second case by the first's expectation.
        let suites = try [valid, mismatch].flatMap { try LimboSuite.load(path: $0).testcases }
        #expect(suites.map(\.expectedResult) == [.success, .failure])
        #expect(LimboCommandCore.duplicateIDs(suites.map { ($0, "f") }).map(\.identical) == [false])
    }

    /// A suite is read through the one bounded reader: a file larger than `maximumSuiteSize` (here a sparse
    /// one, so nothing is written) is refused by name before it is read, and a FIFO is read like a file.
    @Test func suitesAreReadBoundedAndThroughAFIFO() throws {
        let directory = NSTemporaryDirectory() + "limbo-bounded-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let huge = directory + "/huge.json"
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: huge))
        try handle.truncate(atOffset: UInt64(LimboSuite.maximumSuiteSize + 1))
        try handle.close()
        #expect {
            try LimboSuite.load(path: huge)
        } throws: { error in
            guard case .unreadable(let path, let problem) = error as? LimboError else { return false }
            return path == huge && problem.contains("MiB limit")
        }

        let fifo = directory + "/suite.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let example = try Data(contentsOf: URL(fileURLWithPath: (TestPaths.vectorsDirectory as NSString)
            .appendingPathComponent("example.json")))
        let writer = Thread {
            // Opening a FIFO for writing waits for the reader; FileManager.createFile would replace it instead.
            guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
            handle.write(example)
            try? handle.close()
        }
        writer.start()
        let suite = try LimboSuite.load(path: fifo)
        #expect(suite.testcases.count == 5)
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
