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
        // The keys sorted as JSONSerialization sorted them (what this report was written with before
        // trustcheck dropped swift-corelibs Foundation): numerically, so section "4.2" comes before "4.10".
        // JSONEncoder sorts "4.10" first, so the two objects holding such keys are laid out here, and
        // JSONEncoder writes every value inside them (its pretty printing is JSONSerialization's).
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        func encoded(_ value: some Encodable, indent: String) -> String {
            do {
                return String(decoding: try encoder.encode(value), as: UTF8.self)
                    .split(separator: "\n", omittingEmptySubsequences: false)
                    .enumerated().map { $0.offset == 0 || $0.element.isEmpty ? String($0.element) : indent + $0.element }
                    .joined(separator: "\n")
            } catch {
                preconditionFailure("encoding the PKITS report failed: \(error)")
            }
        }
        let document = Document(report: self)
        let sections = document.summary.sections.keys.sorted(by: LimboSummary.numericOrder).map { name in
            "      \(encoded(name, indent: "")) : \(encoded(document.summary.sections[name]!, indent: "      "))"
        }
        let counts = document.summary.counts
        let text = """
            {
              "results" : \(encoded(document.results, indent: "  ")),
              "summary" : {
                "passed" : \(counts.passed),
                "sections" : {
            \(sections.isEmpty ? "" : sections.joined(separator: ",\n"))
                },
                "total" : \(counts.total),
                "wrongly_accepted" : \(counts.wrongly_accepted),
                "wrongly_rejected" : \(counts.wrongly_rejected)
              }
            }

            """
        return Data(text.utf8)
    }

    /// The report's values; absent context and expected checks are `null`, not left out.
    private struct Document {
        struct Counts: Encodable {
            let total: Int, passed: Int, wrongly_accepted: Int, wrongly_rejected: Int
            init(_ counts: LimboSummary.Counts) {
                total = counts.total
                passed = counts.passed
                wrongly_accepted = counts.wronglyAccepted
                wrongly_rejected = counts.wronglyRejected
            }
        }
        struct Summary {
            let counts: Counts
            let sections: [String: Counts]
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
