import FoundationEssentials
import Glibc

/// Totals of a run, overall and per namespace (the part of the id before "::").
public struct LimboSummary: Sendable, Hashable, CustomStringConvertible {
    public struct Counts: Sendable, Hashable {
        public var total = 0
        /// actual == expected.
        public var passed = 0
        /// Expected FAILURE, got SUCCESS: the dangerous kind.
        public var wronglyAccepted = 0
        /// Expected SUCCESS, got FAILURE.
        public var wronglyRejected = 0
        public var skipped = 0

        public init() {}

        public var mismatched: Int { wronglyAccepted + wronglyRejected }

        mutating func add(expected: LimboTestcase.ExpectedResult, actual: LimboResult.Actual) {
            total += 1
            switch (expected, actual) {
            case (_, .skipped): skipped += 1
            case (.success, .success), (.failure, .failure): passed += 1
            case (.failure, .success): wronglyAccepted += 1
            case (.success, .failure): wronglyRejected += 1
            }
        }
    }

    public var overall = Counts()
    public var byNamespace: [String: Counts] = [:]
    /// Every evaluated case whose result differs from its expected one, in run order.
    public var mismatches: [LimboMismatch] = []
    /// How many mismatches ``rendered()`` lists by name; the results file has them all.
    public static let listedMismatches = 100
    /// Seconds spent reading and decoding the suite, when measured.
    public var loadSeconds: Double?
    /// Seconds spent evaluating, when measured.
    public var runSeconds: Double?
    /// The title of the first column: what the part of the id before "::" is (PKITS: its section).
    public var groupTitle = "namespace"

    public init() {}

    /// Pairs results with their cases: by position when `results` are the cases' own, in order (a
    /// runner's), so that two cases sharing an id — two files naming different cases alike — are each
    /// judged against their own expectation; otherwise by id, and results for unknown ids are ignored.
    public init(testcases: [LimboTestcase], results: [LimboResult]) {
        if testcases.count == results.count, zip(testcases, results).allSatisfy({ $0.id == $1.id }) {
            for (testcase, result) in zip(testcases, results) {
                add(id: result.id, expected: testcase.expectedResult, actual: result.actualResult, context: result.context)
            }
            return
        }
        let expected = Dictionary(testcases.map { ($0.id, $0.expectedResult) }, uniquingKeysWith: { first, _ in first })
        for result in results {
            guard let expectation = expected[result.id] else { continue }
            add(id: result.id, expected: expectation, actual: result.actualResult, context: result.context)
        }
    }

    public mutating func add(id: String, expected: LimboTestcase.ExpectedResult, actual: LimboResult.Actual,
                             context: String? = nil)
    {
        overall.add(expected: expected, actual: actual)
        if actual != .skipped, actual.rawValue != expected.rawValue {
            mismatches.append(LimboMismatch(id: id, expected: expected, actual: actual, context: context))
        }
        let namespace = id.firstRange(of: "::").map { String(id[..<$0.lowerBound]) } ?? id
        byNamespace[namespace, default: Counts()].add(expected: expected, actual: actual)
    }

    /// Namespaces in order, numbers by value ("4.2" before "4.10").
    public var namespaces: [String] {
        byNamespace.keys.sorted(by: Self.numericOrder)
    }

    /// `compare(_:options: .numeric) == .orderedAscending`: runs of ASCII digits compare by value ("4.2"
    /// before "4.10"), everything else scalar by scalar, a prefix first.
    static func numericOrder(_ left: String, _ right: String) -> Bool {
        func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
        var left = left.unicodeScalars[...], right = right.unicodeScalars[...]
        while let l = left.first, let r = right.first {
            if isDigit(l), isDigit(r) {
                let leftRun = left.prefix(while: isDigit), rightRun = right.prefix(while: isDigit)
                let leftValue = leftRun.drop { $0 == "0" }, rightValue = rightRun.drop { $0 == "0" }
                if leftValue.count != rightValue.count { return leftValue.count < rightValue.count }
                if !leftValue.elementsEqual(rightValue) { return leftValue.lexicographicallyPrecedes(rightValue) { $0.value < $1.value } }
                left = left.dropFirst(leftRun.count)
                right = right.dropFirst(rightRun.count)
            } else if l != r {
                return l.value < r.value
            } else {
                left = left.dropFirst()
                right = right.dropFirst()
            }
        }
        return left.isEmpty && !right.isEmpty
    }

    /// `String(format: "%.2f", value)`: the C library's own rounding of the binary value, in the C locale
    /// (the process never calls setlocale), so the digits are exactly printf's.
    static func twoDecimals(_ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 350)  // %.2f of the largest Double is 312 characters
        _ = buffer.withUnsafeMutableBufferPointer { text in
            withVaList([value]) { vsnprintf(text.baseAddress, text.count, "%.2f", $0) }
        }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// A one-screen table: one row per namespace, then the totals.
    public func rendered() -> String {
        let header = [groupTitle, "cases", "passed", "wrongly accepted", "wrongly rejected", "skipped"]
        func row(_ name: String, _ counts: Counts) -> [String] {
            [name, "\(counts.total)", "\(counts.passed)", "\(counts.wronglyAccepted)", "\(counts.wronglyRejected)",
             "\(counts.skipped)"]
        }
        let rows = namespaces.map { row($0, byNamespace[$0]!) }
        let total = row("total", overall)
        let widths = header.indices.map { column in
            ([header, total] + rows).map { $0[column].count }.max()!
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        var lines = [line(header), rule] + rows.map(line) + [rule, line(total)]
        if overall.total > 0 {
            let percent = Double(overall.passed) / Double(max(1, overall.total - overall.skipped)) * 100
            // Two decimals: at this level of conformance one decimal rounds a miss away.
            lines.append(Self.twoDecimals(percent) + "% of evaluated cases pass")
        }
        if !mismatches.isEmpty {
            lines.append("")
            lines.append(mismatches.count == 1 ? "1 case differs from its expected result:"
                : "\(mismatches.count) cases differ from their expected result:")
            lines += mismatches.prefix(Self.listedMismatches).map { "  \($0)" }
            if mismatches.count > Self.listedMismatches {
                lines.append("  … and \(mismatches.count - Self.listedMismatches) more (every result is in the results JSON)")
            }
        }
        var timing: [String] = []
        if let loadSeconds { timing.append("loaded in \(Self.twoDecimals(loadSeconds)) s") }
        if let runSeconds { timing.append("evaluated in \(Self.twoDecimals(runSeconds)) s") }
        if !timing.isEmpty { lines.append(timing.joined(separator: ", ")) }
        return lines.joined(separator: "\n") + "\n"
    }

    public var description: String { rendered() }
}
