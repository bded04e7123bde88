import Foundation
import Testing
import TrustConformance
import TrustEvaluation

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

    /// Revocation required of every certificate below the anchor in every case, the cases pyhanko runs
    /// without it included: every answer must stay PKITS's. 4.1.5 needs a CRL signed by a CA whose DSA
    /// key inherits its parameters.
    @Test(.enabled(if: TestPaths.pkitsSuite != nil, "NIST PKITS was not found: run `make pkits-fetch`"))
    func everyCasePassesWithRevocationRequired() throws {
        let suite = try PKITSSuite.load(directory: try #require(TestPaths.pkitsSuite))
        #expect(suite.testcases.contains { !$0.checksRevocation })
        let report = PKITSReport(results: PKITSRunner(suite: suite, forcedRevocation: .require).run())
        #expect(report.summary.overall.total == 246)
        #expect(report.summary.overall.passed == 246, "\(report.rendered())")
    }

    /// wbond/certvalidator's own encoding of PKITS (tests/test_validate.py: its 172 `nist_info` cases and
    /// the two hand-built name-chaining ones), over pyhanko's files, with revocation required everywhere.
    /// Run where `certvalidator-pkits.py` has written the encoding from a checkout of certvalidator.
    @Test(.enabled(if: TestPaths.pkitsSuite != nil, "NIST PKITS was not found: run `make pkits-fetch`"),
          .enabled(if: TestPaths.certvalidatorPKITS != nil,
                   "certvalidator's encoding was not found: see Tests/TrustConformanceTests/certvalidator-pkits.py"))
    func certvalidatorEncodingPassesWithRevocationRequired() throws {
        let cases: String = try #require(TestPaths.certvalidatorPKITS)
        let suite = try PKITSSuite.load(directory: try #require(TestPaths.pkitsSuite), cases: cases)
        #expect(suite.testcases.count == 174)
        #expect(Set(suite.testcases.map(\.id)).count == 174)
        for forced in [nil, RevocationPolicy.require] {
            let report = PKITSReport(results: PKITSRunner(suite: suite, forcedRevocation: forced).run())
            #expect(report.summary.overall.total == 174)
            #expect(report.summary.overall.passed == 174, "\(forced.map { "\($0.mode)" } ?? "each case's"): \(report.rendered())")
        }
    }
}
