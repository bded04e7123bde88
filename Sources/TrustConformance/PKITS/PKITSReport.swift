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
        let sections = summary.byNamespace.keys.sorted(by: LimboSummary.numericOrder).map { name in
            "      \(encoded(name, indent: "")) : \(encoded(JSONCounts(counts: summary.byNamespace[name]!), indent: "      "))"
        }
        let overall = summary.overall
        let text = """
            {
              "results" : \(encoded(results.map(JSONCase.init), indent: "  ")),
              "summary" : {
                "passed" : \(overall.passed),
                "sections" : {
            \(sections.joined(separator: ",\n"))
                },
                "total" : \(overall.total),
                "wrongly_accepted" : \(overall.wronglyAccepted),
                "wrongly_rejected" : \(overall.wronglyRejected)
              }
            }

            """
        return Data(text.utf8)
    }

    /// A section's totals in the report.
    private struct JSONCounts: Encodable {
        let counts: LimboSummary.Counts

        enum CodingKeys: String, CodingKey {
            case total, passed, wronglyAccepted = "wrongly_accepted", wronglyRejected = "wrongly_rejected"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(counts.total, forKey: .total)
            try container.encode(counts.passed, forKey: .passed)
            try container.encode(counts.wronglyAccepted, forKey: .wronglyAccepted)
            try container.encode(counts.wronglyRejected, forKey: .wronglyRejected)
        }
    }

    /// One case in the report; an absent context or absent expected checks are `null`, not left out.
    private struct JSONCase: Encodable {
        let result: PKITSResult

        enum CodingKeys: String, CodingKey {
            case id, expectedResult = "expected_result", actualResult = "actual_result", context
            case failedChecks = "failed_checks", expectedChecks = "expected_checks"
            case failsForAnotherReason = "fails_for_another_reason"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(result.result.id, forKey: .id)
            try container.encode(result.expected.rawValue, forKey: .expectedResult)
            try container.encode(result.result.actualResult.rawValue, forKey: .actualResult)
            try container.encode(result.result.context, forKey: .context)
            try container.encode(Array(Set(result.failedChecks.map(\.rawValue))).sorted(), forKey: .failedChecks)
            try container.encode(result.expectedChecks.map { $0.map(\.rawValue).sorted() }, forKey: .expectedChecks)
            try container.encode(result.failsForAnotherReason, forKey: .failsForAnotherReason)
        }
    }
}
