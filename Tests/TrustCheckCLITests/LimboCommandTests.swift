import CertificateFixtures
import Foundation
import Testing

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

    @Test func includeSelectsByGlob() {
        let file = Self.vectors.appendingPathComponent("hostname.json").path
        let result = trustcheck("limbo", file, "--include", "*wildcard*", "--output", "/dev/null")
        #expect(result.status == 0)
        #expect(!result.stderr.contains("no testcase id matches"))
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
