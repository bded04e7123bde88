import Dispatch
import FileOutput
import FoundationEssentials
import Glibc

/// What `trustcheck limbo` does, without the command-line parsing.
public enum LimboCommandCore {
    /// Loads x509-limbo files ("-" for standard input), evaluates the cases whose id matches one of
    /// `includes` (glob patterns with `*` and `?`; empty means all), writes the results JSON to `output`
    /// (nil or "-" for `stdout`) and the summary table to `stderr`. Ids that several selected cases share
    /// are reported on `stderr` first (`duplicateIDs`); each such case is still judged against its own
    /// expected result, and the results list them in the order loaded.
    @discardableResult
    public static func run(files: [String], output: String?, includes: [String],
                           stdout: (String) -> Void = { _ = DescriptorWriter.writeAll($0, to: STDOUT_FILENO) },
                           stderr: (String) -> Void,
                           runner: LimboRunner = LimboRunner()) throws(LimboError) -> LimboSummary
    {
        let loadStart = DispatchTime.now()
        var loaded: [(testcase: LimboTestcase, file: String)] = []
        for file in files { loaded += try LimboSuite.load(path: file).testcases.map { ($0, file) } }
        let loadSeconds = seconds(since: loadStart)

        let chosen = includes.isEmpty
            ? loaded
            : loaded.filter { entry in includes.contains { LimboGlob.matches($0, entry.testcase.id) } }
        // A pattern that selects nothing is a typo more often than a wish to run nothing.
        if chosen.isEmpty && !includes.isEmpty { throw LimboError.nothingSelected(includes: includes) }
        let selected = chosen.map(\.testcase)
        for duplicate in duplicateIDs(chosen) { stderr(duplicate.description + "\n") }

        let runStart = DispatchTime.now()
        let results = runner.run(selected)
        let runSeconds = seconds(since: runStart)

        if let output, output != "-" {
            try LimboResultsWriter.write(results, to: output)
        } else {
            stdout(String(decoding: LimboResultsWriter.encode(results), as: UTF8.self))
        }
        var summary = LimboSummary(testcases: selected, results: results)
        summary.loadSeconds = loadSeconds
        summary.runSeconds = runSeconds
        stderr(summary.rendered())
        return summary
    }

    /// The ids that more than one of `testcases` has, in the order first seen, with the file of each.
    public static func duplicateIDs(_ testcases: [(testcase: LimboTestcase, file: String)]) -> [LimboDuplicateID] {
        var byID: [String: [(testcase: LimboTestcase, file: String)]] = [:]
        var order: [String] = []
        for entry in testcases {
            if byID[entry.testcase.id] == nil { order.append(entry.testcase.id) }
            byID[entry.testcase.id, default: []].append(entry)
        }
        return order.compactMap { id in
            guard let entries = byID[id], entries.count > 1 else { return nil }
            return LimboDuplicateID(id: id, files: entries.map(\.file),
                                    identical: entries.dropFirst().allSatisfy { $0.testcase == entries[0].testcase })
        }
    }

    static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}

/// Shell-style patterns on testcase ids: `*` matches any run of characters, `?` any one character.
public enum LimboGlob {
    public static func matches(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern.unicodeScalars)
        let t = Array(text.unicodeScalars)
        var pi = 0, ti = 0
        var star: Int? = nil, starText = 0
        while ti < t.count {
            if pi < p.count, p[pi] == "*" {
                star = pi
                starText = ti
                pi += 1
            } else if pi < p.count, p[pi] == "?" || p[pi] == t[ti] {
                pi += 1
                ti += 1
            } else if let star {
                pi = star + 1
                starText += 1
                ti = starText
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
