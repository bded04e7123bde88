import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Colour in text output: only when standard output is a terminal, and never when `NO_COLOR` is set
/// (no-color.org) or `TERM` is `dumb`.
struct TerminalStyle {
    enum Colour: String {
        case red = "31", green = "32", yellow = "33"
    }

    let colours: Bool

    static let plain = TerminalStyle(colours: false)

    /// The style for output to `output`, given `environment` (the process's when nil). The environment
    /// is read only for a terminal, and then only the two variables that matter: building
    /// `ProcessInfo.processInfo.environment` cost 0.38 M instructions of a `trustcheck show` run.
    static func `for`(_ output: any TextOutput, environment: [String: String]? = nil) -> TerminalStyle {
        guard output.isTerminal else { return .plain }
        let environment = environment ?? processVariables(["NO_COLOR", "TERM"])
        let disabled = !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
        return TerminalStyle(colours: !disabled)
    }

    private static func processVariables(_ names: [String]) -> [String: String] {
        var variables: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { variables[name] = String(cString: value) }
        }
        return variables
    }

    /// `text` in `colour` (SGR sequences), or unchanged without colours. `text` must already be escaped
    /// (``TerminalText/escaped(_:)``): the sequences added here are the only ones output may carry.
    func paint(_ text: String, _ colour: Colour) -> String {
        colours ? "\u{1B}[\(colour.rawValue)m\(text)\u{1B}[0m" : text
    }
}
