import Foundation

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

    /// The style for output to `output`, given the process environment.
    static func `for`(_ output: any TextOutput, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> TerminalStyle
    {
        let disabled = !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
        return TerminalStyle(colours: output.isTerminal && !disabled)
    }

    /// `text` in `colour` (SGR sequences), or unchanged without colours. `text` must already be escaped
    /// (``TerminalText/escaped(_:)``): the sequences added here are the only ones output may carry.
    func paint(_ text: String, _ colour: Colour) -> String {
        colours ? "\u{1B}[\(colour.rawValue)m\(text)\u{1B}[0m" : text
    }
}
