import Foundation
import Testing
@testable import TrustConformance
import TrustEvaluation

/// TrustConformance uses no swift-corelibs Foundation: these check that its output is
/// byte for byte what the Foundation calls it replaced produced — computed here, with Foundation, from
/// the same values.
@Suite struct FoundationEquivalenceTests {
    /// PKITS sections "4.2" and "4.10" (JSONSerialization sorts keys numerically, JSONEncoder would not),
    /// a null context and null expected checks, a slash and non-ASCII text in a context.
    static let results = [
        PKITSResult(result: LimboResult(id: "4.10::10.1 Invalid Policy Mapping", actualResult: .failure, context: "policy/mapping ✓ refused"),
                    expected: .failure, failedChecks: [CheckName.allCases[0], CheckName.allCases[1], CheckName.allCases[0]],
                    expectedChecks: [CheckName.allCases[1]]),
        PKITSResult(result: LimboResult(id: "4.2::2.1 Valid", actualResult: .success, context: nil),
                    expected: .success, failedChecks: [], expectedChecks: nil),
        PKITSResult(result: LimboResult(id: "4.1::1.1 Valid Signatures", actualResult: .failure, context: "wrongly \"rejected\""),
                    expected: .success, failedChecks: [CheckName.allCases[2]], expectedChecks: []),
    ]

    /// What PKITSReport.json() wrote with JSONSerialization before.
    static func foundationJSON(_ report: PKITSReport) throws -> Data {
        func counts(_ counts: LimboSummary.Counts) -> [String: Any] {
            ["total": counts.total, "passed": counts.passed, "wrongly_accepted": counts.wronglyAccepted,
             "wrongly_rejected": counts.wronglyRejected]
        }
        var overall = counts(report.summary.overall)
        overall["sections"] = Dictionary(uniqueKeysWithValues: report.summary.byNamespace.map { ($0.key, counts($0.value)) })
        let cases: [[String: Any]] = report.results.map { result in
            [
                "id": result.result.id, "expected_result": result.expected.rawValue,
                "actual_result": result.result.actualResult.rawValue,
                "context": result.result.context ?? NSNull(),
                "failed_checks": Array(Set(result.failedChecks.map(\.rawValue))).sorted(),
                "expected_checks": result.expectedChecks.map { $0.map(\.rawValue).sorted() } ?? NSNull(),
                "fails_for_another_reason": result.failsForAnotherReason,
            ]
        }
        var data = try JSONSerialization.data(withJSONObject: ["summary": overall, "results": cases],
                                              options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        data.append(0x0A)
        return data
    }

    @Test func thePKITSReportIsWhatJSONSerializationWrote() throws {
        let report = PKITSReport(results: Self.results)
        let json = report.json()
        #expect(String(decoding: json, as: UTF8.self) == String(decoding: try Self.foundationJSON(report), as: UTF8.self))
        let text = String(decoding: json, as: UTF8.self)
        let section2 = try #require(text.range(of: "\"4.2\" :")), section10 = try #require(text.range(of: "\"4.10\" :"))
        #expect(section2.lowerBound < section10.lowerBound, "sections in numeric order")
    }

    @Test func anEmptyPKITSReportIsWhatJSONSerializationWrote() throws {
        let report = PKITSReport(results: [])
        #expect(String(decoding: report.json(), as: UTF8.self) == String(decoding: try Self.foundationJSON(report), as: UTF8.self))
    }

    @Test func namespacesSortAsNSStringsNumericCompare() {
        let names = ["4.10", "4.2", "4.1", "4.16", "4.9", "rfc5280", "4.02", "pathlen", "4", "4.", "a10", "a9", "a", "", "x1y10", "x1y9"]
        for left in names {
            for right in names where left != right {
                let foundation = left.compare(right, options: .numeric) == .orderedAscending
                #expect(LimboSummary.numericOrder(left, right) == foundation, "\(left) < \(right)")
            }
        }
    }

    @Test func twoDecimalsAreStringFormat() {
        for value in [0, 0.005, 0.015, 0.125, 99.995, 99.98976, 100, 12.3456, 1e10, -0.004, 2.675, 1.005] {
            #expect(LimboSummary.twoDecimals(value) == String(format: "%.2f", value), "\(value)")
        }
    }
}
