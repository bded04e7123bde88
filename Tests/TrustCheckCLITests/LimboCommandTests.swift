import CertificateFixtures
import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `trustcheck limbo` on the project's own vectors, which are in x509-limbo's format.
@Suite struct LimboCommandTests {
    static let vectors = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("vectors")

    @Test func replaysRecordedVectorsAndSummarises() throws {
        let output = NSTemporaryDirectory() + "limbo-cli-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let files = ["chain.json", "hostname.json"].map { Self.vectors.appendingPathComponent($0).path }
        let result = trustcheck(["limbo"] + files + ["--output", output])
        #expect(result.status == 0)
        #expect(result.stderr.contains("trustcheck"))
        #expect(result.stderr.contains("wrongly accepted"))
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any])
        #expect(document["harness"] as? String == "trustcheck")
        #expect((document["results"] as? [Any])?.count == 29)
    }

    @Test func includeSelectsByGlob() throws {
        let file = Self.vectors.appendingPathComponent("hostname.json").path
        let result = trustcheck("limbo", file, "--include", "*wildcard*", "--output", "-")
        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let ids = try #require((document["results"] as? [[String: Any]])?.compactMap { $0["id"] as? String })
        #expect(!ids.isEmpty)
        #expect(ids.allSatisfy { $0.contains("wildcard") })
    }

    /// `--output` names a FIFO or a symbolic link: the results go through it and it is still there, of
    /// the same kind, afterwards (as root a rename would have replaced either, as it once replaced /dev/null).
    @Test func outputThroughAFIFOAndASymbolicLinkLeavesThemInPlace() throws {
        let directory = NSTemporaryDirectory() + "limbo-output-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = Self.vectors.appendingPathComponent("chain.json").path
        func kind(_ path: String) throws -> FileAttributeType? {
            try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
        }

        let fifo = directory + "/results.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = FIFOReader(fifo)
        #expect(trustcheck("limbo", file, "--output", fifo).status == 0)
        #expect(reader.wait().contains(#""harness":"trustcheck""#))
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "the FIFO is still a FIFO")

        let target = directory + "/results.json"
        let link = directory + "/latest.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "results.json")
        #expect(trustcheck("limbo", file, "--output", link).status == 0)
        #expect(try kind(link) == .typeSymbolicLink)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains(#""harness":"trustcheck""#))
    }

    @Test func anIncludeThatMatchesNothingIsAUsageError() {
        let file = Self.vectors.appendingPathComponent("hostname.json").path
        let result = trustcheck("limbo", file, "--include", "webpki::*", "--include", "*typo*", "--output", "-")
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "trustcheck limbo: --include 'webpki::*', '*typo*' matches no testcase id\n")
    }

    /// Forced under another profile some Apple vectors differ: each is named with both results.
    @Test func mismatchesAreNamedWithExpectedAndActual() {
        let file = Self.vectors.appendingPathComponent("hostname.json").path
        let result = trustcheck("limbo", file, "--profile", "webpki", "--output", "-")
        #expect(result.status == 1)
        let listed = result.stderr.split(separator: "\n").filter { $0.hasPrefix("  trustcheck::hostname::") }
        #expect(!listed.isEmpty)
        #expect(listed.allSatisfy { $0.contains(": expected SUCCESS, got FAILURE") || $0.contains(": expected FAILURE, got SUCCESS") })
        #expect(result.stderr.contains(listed.count == 1 ? "1 case differs from its expected result:"
            : "\(listed.count) cases differ from their expected result:"))
    }

    @Test func missingFileIsAnInputError() {
        let result = trustcheck("limbo", "/nonexistent/limbo.json")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("trustcheck: /nonexistent/limbo.json: cannot read"))
    }

    @Test func unknownProfileIsAUsageError() {
        let result = trustcheck("limbo", "x.json", "--profile", "strict")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("trustcheck limbo: --profile must be apple, webpki or rfc5280"))
    }
}
