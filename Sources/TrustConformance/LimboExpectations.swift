import FileOutput
import FoundationEssentials
import TrustCertificates

/// The committed list of cases whose result differs from x509-limbo's expectation, each with the
/// result TrustCheck gives and why: `{"cases": {"<id>": {"actual": "SUCCESS", "reason": "..."}}}`.
///
/// CI compares a run against it: a case that newly differs (or differs differently) is a regression;
/// a listed case that now passes must be removed from the list, so the list never goes stale.
public struct LimboExpectations: Codable, Sendable, Hashable {
    public struct Entry: Codable, Sendable, Hashable {
        public var actual: LimboResult.Actual
        public var reason: String

        public init(actual: LimboResult.Actual, reason: String) {
            self.actual = actual
            self.reason = reason
        }
    }

    /// The reason given to entries nobody has looked at yet.
    public static let unreviewed = "unreviewed"

    public var cases: [String: Entry]

    public init(cases: [String: Entry] = [:]) { self.cases = cases }

    public static func load(path: String) throws(LimboError) -> LimboExpectations {
        let data: Data
        do { data = Data(try CertificateLoader.read(path, limit: LimboSuite.maximumSuiteSize)) } catch {
            throw LimboError.unreadable(path: path, problem: error.problem)
        }
        do {
            return try JSONDecoder().decode(LimboExpectations.self, from: data)
        } catch let error as DecodingError {
            throw LimboError.malformed(source: path, problem: LimboError.describe(error))
        } catch {
            throw LimboError.malformed(source: path, problem: "\(error)")
        }
    }

    /// Stable JSON: sorted keys, one entry per line group, so that diffs stay small.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            var data = try encoder.encode(self)
            data.append(0x0A)
            return data
        } catch {
            preconditionFailure("encoding expectations failed: \(error)")
        }
    }

    /// Writes the list to `path` the way every output file is written (`OutputFile`).
    public func write(to path: String) throws(LimboError) {
        do { try OutputFile.write(encoded(), to: path) } catch {
            throw LimboError.unwritable(path: error.path, problem: error.problem)
        }
    }

    // MARK: Comparing

    /// A case whose result differs from x509-limbo's expectation and is not listed as such.
    public typealias Mismatch = LimboMismatch

    public struct Comparison: Sendable, Hashable {
        /// Cases that differ from limbo and are not listed with that result: regressions.
        public var newMismatches: [Mismatch]
        /// Listed cases that now give the expected result: remove them from the list.
        public var fixedButStillListed: [String]
        /// Listed ids that were not among the results (a filtered run, or a case gone from the suite).
        public var notRun: [String]

        public var isClean: Bool { newMismatches.isEmpty && fixedButStillListed.isEmpty }
    }

    /// Compares results with the list. `results` and `testcases` are paired by id.
    public func compare(testcases: [LimboTestcase], results: [LimboResult]) -> Comparison {
        compare(expected: Self.expectedResults(testcases), results: results)
    }

    /// Compares results with the list, given each case's expected result by id (suites in other
    /// formats, such as PKITS).
    public func compare(expected: [String: LimboTestcase.ExpectedResult], results: [LimboResult]) -> Comparison {
        var newMismatches: [Mismatch] = []
        var fixed: [String] = []
        var seen = Set<String>()
        for result in results {
            guard let expectation = expected[result.id] else { continue }
            seen.insert(result.id)
            let listed = cases[result.id]
            if result.matches(expectation) {
                if listed != nil { fixed.append(result.id) }
            } else if listed?.actual != result.actualResult {
                newMismatches.append(Mismatch(id: result.id, expected: expectation, actual: result.actualResult,
                                              listed: listed?.actual, context: result.context))
            }
        }
        let notRun = cases.keys.filter { !seen.contains($0) }.sorted()
        return Comparison(newMismatches: newMismatches, fixedButStillListed: fixed, notRun: notRun)
    }

    /// The list as these results make it: every case that differs from limbo, keeping the reason of
    /// entries whose result is unchanged and marking the others `unreviewed`. Entries for cases that
    /// were not run are kept when `keepNotRun` is set (a filtered run).
    public static func recording(testcases: [LimboTestcase], results: [LimboResult],
                                 previous: LimboExpectations = LimboExpectations(),
                                 keepNotRun: Bool = false) -> LimboExpectations
    {
        recording(expected: expectedResults(testcases), results: results, previous: previous, keepNotRun: keepNotRun)
    }

    /// The list as these results make it, given each case's expected result by id.
    public static func recording(expected: [String: LimboTestcase.ExpectedResult], results: [LimboResult],
                                 previous: LimboExpectations = LimboExpectations(),
                                 keepNotRun: Bool = false) -> LimboExpectations
    {
        var recorded = LimboExpectations()
        var seen = Set<String>()
        for result in results {
            guard let expectation = expected[result.id] else { continue }
            seen.insert(result.id)
            guard !result.matches(expectation) else { continue }
            let reason = previous.cases[result.id].flatMap { $0.actual == result.actualResult ? $0.reason : nil }
            recorded.cases[result.id] = Entry(actual: result.actualResult, reason: reason ?? unreviewed)
        }
        if keepNotRun {
            for (id, entry) in previous.cases where !seen.contains(id) { recorded.cases[id] = entry }
        }
        return recorded
    }

    /// Each case's expected result by id (the first, should an id repeat).
    static func expectedResults(_ testcases: [LimboTestcase]) -> [String: LimboTestcase.ExpectedResult] {
        Dictionary(testcases.map { ($0.id, $0.expectedResult) }, uniquingKeysWith: { first, _ in first })
    }
}
