import Foundation
import TrustEvaluation

/// The outcome of a PKITS run: every result, the totals by PKITS section (4.1 … 4.16), the mismatches
/// with our reason, and the cases rejected as expected but by another check than PKITS's.
public struct PKITSReport: Sendable {
    public var results: [PKITSResult]
    /// Totals by section (a `LimboSummary` whose namespaces are PKITS sections) and every mismatch.
    public var summary: LimboSummary

    public init(results: [PKITSResult]) {
        self.results = results
        var summary = LimboSummary()
        summary.groupTitle = "section"
        for result in results {
            summary.add(id: result.result.id, expected: result.expected, actual: result.result.actualResult,
                        context: result.result.context)
        }
        self.summary = summary
    }

    /// Expected results by case id, for `LimboExpectations`.
    public var expectedResults: [String: LimboTestcase.ExpectedResult] {
        Dictionary(results.map { ($0.result.id, $0.expected) }, uniquingKeysWith: { first, _ in first })
    }

    /// Rejected as expected, by another check than the one PKITS's failure names.
    public var failingForAnotherReason: [PKITSResult] { results.filter(\.failsForAnotherReason) }

    /// The summary table, the mismatches, then the cases rejected for another reason.
    public func rendered() -> String {
        var text = summary.rendered()
        let other = failingForAnotherReason
        if !other.isEmpty {
            text += "\n\(other.count) case(s) rejected as expected, but by another check than PKITS names:\n"
            for result in other {
                let expected = result.expectedChecks.map { $0.map(\.rawValue).sorted().joined(separator: " or ") } ?? "?"
                text += "  \(result.result.id): expected \(expected) — \(result.result.context ?? "")\n"
            }
        }
        return text
    }

    /// `{"summary": {"total", "passed", "wrongly_accepted", "wrongly_rejected", "sections": {"4.1": {...}}},
    /// "results": [{"id", "expected_result", "actual_result", "context", "failed_checks", "expected_checks",
    /// "fails_for_another_reason"}]}`, keys sorted.
    public func json() -> Data {
        func counts(_ counts: LimboSummary.Counts) -> [String: Any] {
            ["total": counts.total, "passed": counts.passed, "wrongly_accepted": counts.wronglyAccepted,
             "wrongly_rejected": counts.wronglyRejected]
        }
        var overall = counts(summary.overall)
        overall["sections"] = Dictionary(uniqueKeysWithValues: summary.byNamespace.map { ($0.key, counts($0.value)) })
        let cases: [[String: Any]] = results.map { result in
            [
                "id": result.result.id, "expected_result": result.expected.rawValue,
                "actual_result": result.result.actualResult.rawValue,
                "context": result.result.context ?? NSNull(),
                "failed_checks": Array(Set(result.failedChecks.map(\.rawValue))).sorted(),
                "expected_checks": result.expectedChecks.map { $0.map(\.rawValue).sorted() } ?? NSNull(),
                "fails_for_another_reason": result.failsForAnotherReason,
            ]
        }
        do {
            var data = try JSONSerialization.data(withJSONObject: ["summary": overall, "results": cases],
                                                  options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            data.append(0x0A)
            return data
        } catch {
            preconditionFailure("encoding the PKITS report failed: \(error)")
        }
    }
}
