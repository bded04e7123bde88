import Foundation
import Testing
import TrustCertificates
import TrustEvaluation
@testable import TrustConformance

@Suite struct LimboReportingTests {
    let testcases = [
        LimboTestcase(id: "a::1", peerCertificate: "", expectedResult: .success),
        LimboTestcase(id: "a::2", peerCertificate: "", expectedResult: .failure),
        LimboTestcase(id: "a::3", peerCertificate: "", expectedResult: .failure),
        LimboTestcase(id: "b::1", peerCertificate: "", expectedResult: .success),
        LimboTestcase(id: "b::2", peerCertificate: "", expectedResult: .success),
        LimboTestcase(id: "c", peerCertificate: "", expectedResult: .failure),
    ]
    let results = [
        LimboResult(id: "a::1", actualResult: .success, context: nil),
        LimboResult(id: "a::2", actualResult: .failure, context: "x"),
        LimboResult(id: "a::3", actualResult: .success, context: nil),
        LimboResult(id: "b::1", actualResult: .failure, context: "y"),
        LimboResult(id: "b::2", actualResult: .skipped, context: "z"),
        LimboResult(id: "c", actualResult: .failure, context: "w"),
    ]

    @Test func summaryCounts() throws {
        let summary = LimboSummary(testcases: testcases, results: results)
        #expect(summary.overall.total == 6)
        #expect(summary.overall.passed == 3)
        #expect(summary.overall.wronglyAccepted == 1)
        #expect(summary.overall.wronglyRejected == 1)
        #expect(summary.overall.skipped == 1)
        #expect(summary.namespaces == ["a", "b", "c"])
        let a = try #require(summary.byNamespace["a"])
        #expect((a.total, a.passed, a.wronglyAccepted, a.wronglyRejected, a.skipped) == (3, 2, 1, 0, 0))
        let b = try #require(summary.byNamespace["b"])
        #expect((b.total, b.passed, b.wronglyAccepted, b.wronglyRejected, b.skipped) == (2, 0, 0, 1, 1))
        let table = summary.rendered()
        #expect(table.contains("wrongly accepted"))
        #expect(table.split(separator: "\n").count <= 24)
        #expect(table.split(separator: "\n").contains { $0.hasPrefix("total") && $0.hasSuffix("1") })
    }

    @Test func resultsDocument() throws {
        let data = LimboResultsWriter.encode(Array(results.prefix(2)))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""context":null"#))
        #expect(LimboResultsWriter.encode(Array(results.prefix(2))) == data)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        #expect(object["harness"] as? String == "trustcheck")
        let entries = try #require(object["results"] as? [[String: Any]])
        #expect(entries.count == 2)
        #expect(entries[1]["actual_result"] as? String == "FAILURE")
        #expect(entries[1]["context"] as? String == "x")
    }

    @Test func expectationsComparison() {
        let listed = LimboExpectations(cases: [
            "a::1": .init(actual: .failure, reason: "fixed since"),  // now passes
            "a::3": .init(actual: .success, reason: "known"),  // still the same mismatch
            "b::1": .init(actual: .skipped, reason: "changed"),  // now differs differently
            "gone::1": .init(actual: .success, reason: "not in the run"),
        ])
        let comparison = listed.compare(testcases: testcases, results: results)
        #expect(comparison.newMismatches.map(\.id) == ["b::1", "b::2"])
        #expect(comparison.newMismatches[0].listed == .skipped)
        #expect(comparison.newMismatches[0].description.contains("expected SUCCESS, got FAILURE (listed as SKIPPED)"))
        #expect(comparison.fixedButStillListed == ["a::1"])
        #expect(comparison.notRun == ["gone::1"])
        #expect(!comparison.isClean)

        let clean = LimboExpectations.recording(testcases: testcases, results: results, previous: listed)
        #expect(clean.compare(testcases: testcases, results: results).isClean)
        #expect(clean.cases.keys.sorted() == ["a::3", "b::1", "b::2"])
        #expect(clean.cases["a::3"]?.reason == "known")
        #expect(clean.cases["b::1"] == .init(actual: .failure, reason: LimboExpectations.unreviewed))
        let kept = LimboExpectations.recording(testcases: testcases, results: results, previous: listed, keepNotRun: true)
        #expect(kept.cases["gone::1"]?.reason == "not in the run")
    }

    @Test func expectationsFileRoundTrip() throws {
        let path = NSTemporaryDirectory() + "limbo-expectations-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let expectations = LimboExpectations(cases: ["b::x": .init(actual: .success, reason: "r"),
                                                     "a::y": .init(actual: .skipped, reason: "s")])
        try expectations.write(to: path)
        #expect(try LimboExpectations.load(path: path) == expectations)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.range(of: "a::y")!.lowerBound < text.range(of: "b::x")!.lowerBound)
        #expect(throws: LimboError.self) { try LimboExpectations.load(path: path + ".missing") }
    }

    @Test(arguments: [
        ("webpki::*", "webpki::san::x", true), ("webpki::*", "rfc5280::x", false), ("*::nc::*", "rfc5280::nc::a", true),
        ("bettertls::*::tc?", "bettertls::nameconstraints::tc4", true), ("bettertls::*::tc?", "bettertls::x::tc40", false),
        ("exact", "exact", true), ("exact", "exactly", false), ("*", "", true), ("a*b*c", "aXbYbZc", true),
        ("a*b*c", "aXbYbZ", false),
    ])
    func glob(pattern: String, id: String, matches: Bool) {
        #expect(LimboGlob.matches(pattern, id) == matches)
    }
}
