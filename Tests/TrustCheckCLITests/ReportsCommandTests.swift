import Foundation
import ReportCollector
import Testing

/// `trustcheck reports` on databases the test makes (the analysis on real reports is tested end to end in
/// ReportCollectorTests).
@Suite struct ReportsCommandTests {
    private func emptyDatabase() throws -> String {
        let path = NSTemporaryDirectory() + "reports-cli-\(UUID().uuidString).db"
        try ReportStoreOpener.open(.sqlite(path: path)).close()
        return path
    }

    private func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    @Test func aMissingDatabaseIsAnInputErrorAndIsNotCreated() throws {
        let path = NSTemporaryDirectory() + "no-such-\(UUID().uuidString).db"
        let result = trustcheckCollect(["reports", "--db", path])
        #expect(result.status == 2)
        #expect(result.stderr == "trustcheck: \(path): no report database here; give the --db of a collector\n")
        #expect(!FileManager.default.fileExists(atPath: path))
        let json = trustcheckCollect(["reports", "--db", path, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["error"] as? [String: Any])?["code"] as? String == "store.missing")
    }

    @Test func anEmptyDatabaseReportsNothingInTextAndJSON() throws {
        let path = try emptyDatabase()
        defer { remove(path) }
        let text = trustcheckCollect(["reports", "--db", path])
        #expect(text.status == 0)
        #expect(text.stdout == """
            reports: 0 stored, 0 duplicates, 0 malformed

            failures by host (3600 s buckets):
              none

            interception suspects:
              none

            rotation readiness:
              none

            """)
        let json = trustcheckCollect(["reports", "--db", path, "--json", "--since", "2026-12-01"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["summary", "timeline", "suspects", "rotation"])
        #expect((object["summary"] as? [String: Any])?["since"] as? String == "2026-12-01T00:00:00Z")
        #expect((object["suspects"] as? [Any])?.isEmpty == true)
    }

    @Test func badOptionsAreUsageErrors() throws {
        let path = try emptyDatabase()
        defer { remove(path) }
        let cases: [([String], String)] = [
            (["reports"], "trustcheck reports: --db PATH is required\n"),
            (["reports", "--db", path, "--since", "last week"], "trustcheck reports: --since 'last week' is not a time"),
            (["reports", "--db", path, "--bucket", "10"], "trustcheck reports: --bucket '10' must be seconds from 60 to 604800\n"),
            (["reports", "--db", path, "--next-pin", "example.com=notapin"], "trustcheck: --pin: "),
        ]
        for (arguments, message) in cases {
            let result = trustcheckCollect(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
        }
    }

    @Test func aFileThatIsNotADatabaseIsReportedWithItsPath() throws {
        let path = NSTemporaryDirectory() + "not-a-db-\(UUID().uuidString)"
        try Data("hello, not sqlite".utf8).write(to: URL(fileURLWithPath: path))
        defer { remove(path) }
        let result = trustcheckCollect(["reports", "--db", path])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("trustcheck: \(path): "))
    }
}
