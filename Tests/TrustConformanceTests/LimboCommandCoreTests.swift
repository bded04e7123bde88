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
