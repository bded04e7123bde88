import Dispatch
import FileOutput
import FoundationEssentials
import Glibc

/// What `trustcheck limbo` does, without the command-line parsing.
public enum LimboCommandCore {
    /// Loads x509-limbo files ("-" for standard input), evaluates the cases whose id matches one of
    /// `includes` (glob patterns with `*` and `?`; empty means all), writes the results JSON to `output`
    /// (nil or "-" for `stdout`) and the summary table to `stderr`.
    @discardableResult
    public static func run(files: [String], output: String?, includes: [String],
                           stdout: (String) -> Void = { _ = DescriptorWriter.writeAll($0, to: STDOUT_FILENO) },
                           stderr: (String) -> Void,
                           runner: LimboRunner = LimboRunner()) throws(LimboError) -> LimboSummary
    {
        let loadStart = DispatchTime.now()
        var testcases: [LimboTestcase] = []
        for file in files { testcases += try LimboSuite.load(path: file).testcases }
        let loadSeconds = seconds(since: loadStart)

        let selected = includes.isEmpty
            ? testcases
            : testcases.filter { testcase in includes.contains { LimboGlob.matches($0, testcase.id) } }
        // A pattern that selects nothing is a typo more often than a wish to run nothing.
        if selected.isEmpty && !includes.isEmpty { throw LimboError.nothingSelected(includes: includes) }

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
