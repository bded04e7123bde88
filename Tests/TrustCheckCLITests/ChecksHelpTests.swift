import Foundation
import Testing
@testable import TrustCheckCLI
import TrustEvaluation

/// `trustcheck help checks` documents every check and rule, and docs/command-line.md carries the same table.
///
/// To rewrite the table from the code: `TRUSTCHECK_README_RECORD=1 swift test --filter ChecksHelpTests`.
@Suite struct ChecksHelpTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/command-line.md")
    static let begin = "<!-- checks:begin -->\n"
    static let end = "<!-- checks:end -->"

    @Test func helpChecksListsEveryCheckAndRule() {
        let result = trustcheck(["help", "checks"])
        #expect(result.status == 0)
        for check in CheckName.allCases {
            #expect(result.stdout.contains("\(check.rawValue) (\(check.status)"), "\(check)")
            #expect(result.stdout.contains(check.meaning))
        }
        for rule in ComplianceRule.allCases { #expect(result.stdout.contains("\(rule.rawValue)  ")) }
        #expect(result.stdout.contains("SSLHostname (-67602)\n    sentence: SSL hostname does not match name(s) in certificate"))
    }

    @Test func readmeTableIsTheHelpData() throws {
        var text = try String(contentsOf: Self.readme, encoding: .utf8)
        let start = try #require(text.range(of: Self.begin))
        let stop = try #require(text.range(of: Self.end, range: start.upperBound..<text.endIndex))
        if ProcessInfo.processInfo.environment["TRUSTCHECK_README_RECORD"] != nil {
            text.replaceSubrange(start.upperBound..<stop.lowerBound, with: ChecksHelp.markdown)
            try text.write(to: Self.readme, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(text[start.upperBound..<stop.lowerBound]) == ChecksHelp.markdown,
                "docs/command-line.md's checks table is stale: rerun with TRUSTCHECK_README_RECORD=1")
    }
}
