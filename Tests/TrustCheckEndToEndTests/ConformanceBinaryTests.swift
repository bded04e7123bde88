import Foundation
import Testing

/// `trustcheck limbo` on the recorded vectors (as `make demo` runs it) and `trustcheck pkits` on NIST PKITS
/// when `make pkits-fetch` has fetched it (`make test` does): both take seconds in a release build.
@Suite(.enabled(if: ReleaseBinaries.configured, "TRUSTCHECK_RELEASE_BINARY and TRUSTCHECK_COLLECT_RELEASE_BINARY are unset: `make test` builds the release binaries as `make demo` does and sets them"))
struct ConformanceBinaryTests {
    typealias F = RepositoryFiles

    static var vectorFiles: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: F.path("vectors"))) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { F.path("vectors/" + $0) }
    }

    static let pkitsSuite = F.path(".build/pkits/nist_pkits")
    static let pkitsFetched = FileManager.default.fileExists(atPath: pkitsSuite + "/pkits.json")

    /// `make demo`'s replay of every recorded vector, results written to a file.
    @Test func limboReplaysEveryVector() throws {
        let scratch = try Scratch("limbo")
        defer { scratch.remove() }
        let files = Self.vectorFiles
        #expect(files.count > 10)
        let run = try Binary.trustcheck(["limbo"] + files + ["--output", scratch.path("results.json")])
        run.expectExit(0)
        #expect(run.stderr.contains("wrongly accepted"))
        let data = try #require(FileManager.default.contents(atPath: scratch.path("results.json")))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(document["harness"] as? String == "trustcheck")
        #expect(((document["results"] as? [Any])?.count ?? 0) > 200)
    }

    @Test func limboIncludeAndProfileAndStandardOutput() throws {
        let hostname = F.path("vectors/hostname.json")
        let run = try Binary.trustcheck(["limbo", hostname, "--include", "*wildcard*", "--output", "-"])
        run.expectExit(0)
        let document = try run.json()
        let ids = try #require((document["results"] as? [[String: Any]])?.compactMap { $0["id"] as? String })
        #expect(!ids.isEmpty && ids.allSatisfy { $0.contains("wildcard") })
        let profiled = try Binary.trustcheck(["limbo", hostname, "--profile", "webpki", "--output", "-"])
        #expect(profiled.reason == .exit, "\(profiled)")
        #expect([0, 1].contains(profiled.status), "\(profiled)")
        let bad = try Binary.trustcheck(["limbo", hostname, "--profile", "nonsense"])
        bad.expectExit(2)
    }

    @Test(.enabled(if: pkitsFetched, "NIST PKITS was not found in .build/pkits: run `make pkits-fetch`"))
    func pkitsMatchesItsExpectations() throws {
        let expectations = F.path("Tests/TrustConformanceTests/pkits-expectations.json")
        let run = try Binary.trustcheck(["pkits", Self.pkitsSuite, "--expectations", expectations])
        run.expectExit(0)
        let scratch = try Scratch("pkits")
        defer { scratch.remove() }
        let json = try Binary.trustcheck(["pkits", Self.pkitsSuite, "--json", "--output", scratch.path("pkits.json")])
        json.expectExit(0)
        let data = try #require(FileManager.default.contents(atPath: scratch.path("pkits.json")))
        #expect(try JSONSerialization.jsonObject(with: data) is [String: Any])
    }

    @Test func pkitsInputErrors() throws {
        let missing = try Binary.trustcheck(["pkits", "/nonexistent/pkits"])
        missing.expectExit(2)
        #expect(missing.stderr.contains("/nonexistent/pkits/pkits.json: cannot read"))
        try Binary.trustcheck(["pkits"]).expectExit(2)
    }
}
