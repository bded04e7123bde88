import FoundationEssentials
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
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            var data = try encoder.encode(Document(report: self))
            data.append(0x0A)
            return data
        } catch {
            preconditionFailure("encoding the PKITS report failed: \(error)")
        }
    }

    /// The JSON document; absent context and expected checks are `null`, not left out.
    private struct Document: Encodable {
        struct Counts: Encodable {
            let total: Int, passed: Int, wrongly_accepted: Int, wrongly_rejected: Int
            init(_ counts: LimboSummary.Counts) {
                total = counts.total
                passed = counts.passed
                wrongly_accepted = counts.wronglyAccepted
                wrongly_rejected = counts.wronglyRejected
            }
        }
        struct Summary: Encodable {
            let counts: Counts
            let sections: [String: Counts]
            enum CodingKeys: String, CodingKey { case total, passed, wrongly_accepted, wrongly_rejected, sections }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(counts.total, forKey: .total)
                try container.encode(counts.passed, forKey: .passed)
                try container.encode(counts.wrongly_accepted, forKey: .wrongly_accepted)
                try container.encode(counts.wrongly_rejected, forKey: .wrongly_rejected)
                try container.encode(sections, forKey: .sections)
            }
        }
        struct Case: Encodable {
            let id: String, expected_result: String, actual_result: String, context: String?
            let failed_checks: [String], expected_checks: [String]?, fails_for_another_reason: Bool
            enum CodingKeys: String, CodingKey {
                case id, expected_result, actual_result, context, failed_checks, expected_checks, fails_for_another_reason
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(id, forKey: .id)
                try container.encode(expected_result, forKey: .expected_result)
                try container.encode(actual_result, forKey: .actual_result)
                try container.encode(context, forKey: .context)
                try container.encode(failed_checks, forKey: .failed_checks)
                try container.encode(expected_checks, forKey: .expected_checks)
                try container.encode(fails_for_another_reason, forKey: .fails_for_another_reason)
            }
        }
        let summary: Summary
        let results: [Case]

        init(report: PKITSReport) {
            summary = Summary(counts: Counts(report.summary.overall),
                              sections: report.summary.byNamespace.mapValues(Counts.init))
            results = report.results.map { result in
                Case(id: result.result.id, expected_result: result.expected.rawValue,
                     actual_result: result.result.actualResult.rawValue, context: result.result.context,
                     failed_checks: Array(Set(result.failedChecks.map(\.rawValue))).sorted(),
                     expected_checks: result.expectedChecks.map { $0.map(\.rawValue).sorted() },
                     fails_for_another_reason: result.failsForAnotherReason)
            }
        }
    }
}
