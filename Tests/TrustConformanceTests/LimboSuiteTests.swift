import Foundation
import Testing
import TrustConformance

/// Runs the whole x509-limbo suite and compares it with `limbo-expectations.json`, the committed list of
/// cases where TrustCheck's result differs from limbo's. Any other difference is a regression; a listed
/// case that now passes must be removed from the list.
///
/// To rewrite the list from the current engine (new entries get the reason "unreviewed"):
///
///     TRUSTCHECK_LIMBO_RECORD=1 swift test --filter LimboSuiteTests
@Suite struct LimboSuiteTests {
    @Test(.enabled(
        if: TestPaths.limboSuite != nil,
        """
        x509-limbo's limbo.json was not found: set TRUSTCHECK_LIMBO to its path or place it at \
        <package root>/../shared/limbo/limbo.json
        """))
    func fullSuiteMatchesExpectations() throws {
        let path = try #require(TestPaths.limboSuite)
        let suite = try LimboSuite.load(path: path)
        let start = Date()
        let results = LimboRunner().run(suite.testcases)
        var summary = LimboSummary(testcases: suite.testcases, results: results)
        summary.runSeconds = Date().timeIntervalSince(start)
        print("x509-limbo (\(path)), \(LimboRunner().concurrency) threads, \(ProcessInfo.processInfo.activeProcessorCount) cpus:\n" + summary.rendered())

        let listed = FileManager.default.fileExists(atPath: TestPaths.expectationsPath)
            ? try LimboExpectations.load(path: TestPaths.expectationsPath)
            : LimboExpectations()

        if TestPaths.recording {
            let recorded = LimboExpectations.recording(testcases: suite.testcases, results: results, previous: listed)
            try recorded.write(to: TestPaths.expectationsPath)
            let unreviewed = recorded.cases.values.filter { $0.reason == LimboExpectations.unreviewed }.count
            print("recorded \(recorded.cases.count) expected mismatches (\(unreviewed) unreviewed) in "
                + TestPaths.expectationsPath)
            return
        }

        let comparison = listed.compare(testcases: suite.testcases, results: results)
        let hint = "once the change is understood, rerun with TRUSTCHECK_LIMBO_RECORD=1 to rewrite "
            + TestPaths.expectationsPath
        func list<T: CustomStringConvertible>(_ items: [T]) -> String {
            let shown = items.prefix(40).map { "  \($0)" }.joined(separator: "\n")
            return items.count > 40 ? shown + "\n  … and \(items.count - 40) more" : shown
        }
        if !comparison.newMismatches.isEmpty {
            Issue.record("""
                \(comparison.newMismatches.count) x509-limbo case(s) differ from limbo and are not listed so:
                \(list(comparison.newMismatches))
                \(hint)
                """)
        }
        if !comparison.fixedButStillListed.isEmpty {
            Issue.record("""
                \(comparison.fixedButStillListed.count) case(s) now pass but are still listed as mismatches:
                \(list(comparison.fixedButStillListed))
                \(hint)
                """)
        }
        if !comparison.notRun.isEmpty {
            Issue.record("""
                \(comparison.notRun.count) listed case(s) are not in the suite:
                \(list(comparison.notRun))
                \(hint)
                """)
        }
    }
}
