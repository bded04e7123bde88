import Foundation
import Testing
import TrustConformance

/// Runs NIST PKITS (fetched by `make pkits-fetch`, which `make test` runs first) and compares it with
/// `pkits-expectations.json`, the committed list of cases where TrustCheck differs from PKITS, each
/// with its reason. Any other difference is a regression; a listed case that now passes must be removed.
///
/// To rewrite the list from the current engine (new entries get the reason "unreviewed"):
///
///     TRUSTCHECK_LIMBO_RECORD=1 swift test --filter PKITSSuiteTests
@Suite struct PKITSSuiteTests {
    @Test(.enabled(
        if: TestPaths.pkitsSuite != nil,
        "NIST PKITS was not found: run `make pkits-fetch` or set TRUSTCHECK_PKITS to its nist_pkits folder"))
    func suiteMatchesExpectations() throws {
        let directory = try #require(TestPaths.pkitsSuite)
        let suite = try PKITSSuite.load(directory: directory)
        let report = PKITSReport(results: PKITSRunner(suite: suite).run())
        print("NIST PKITS (\(directory)):\n" + report.rendered())

        // The suite is what the pinned sdist holds: 246 cases over PKITS sections 4.1 … 4.16.
        #expect(report.summary.overall.total == 246)
        #expect(report.summary.namespaces == (1...16).map { "4.\($0)" })

        let listed = FileManager.default.fileExists(atPath: TestPaths.pkitsExpectationsPath)
            ? try LimboExpectations.load(path: TestPaths.pkitsExpectationsPath)
            : LimboExpectations()
        let results = report.results.map(\.result)
        if TestPaths.recording {
            let recorded = LimboExpectations.recording(expected: report.expectedResults, results: results, previous: listed)
            try recorded.write(to: TestPaths.pkitsExpectationsPath)
            print("recorded \(recorded.cases.count) expected PKITS mismatches in \(TestPaths.pkitsExpectationsPath)")
            return
        }
        let comparison = listed.compare(expected: report.expectedResults, results: results)
        let hint = "once the change is understood, rerun with TRUSTCHECK_LIMBO_RECORD=1 to rewrite "
            + TestPaths.pkitsExpectationsPath
        #expect(comparison.newMismatches.isEmpty, """
            \(comparison.newMismatches.count) PKITS case(s) differ from PKITS and are not listed so:
            \(comparison.newMismatches.map { "  \($0)" }.joined(separator: "\n"))
            \(hint)
            """)
        #expect(comparison.fixedButStillListed.isEmpty, """
            PKITS case(s) now pass but are still listed: \(comparison.fixedButStillListed.joined(separator: ", "))
            \(hint)
            """)
        #expect(comparison.notRun.isEmpty, "listed case(s) not in the suite: \(comparison.notRun.joined(separator: ", "))")
        #expect(listed.cases.values.allSatisfy { $0.reason != LimboExpectations.unreviewed },
                "every listed PKITS mismatch needs a reason")
    }
}
