import FoundationEssentials

/// A command line that cannot run as given. It is reported as one line that says what to type instead
/// (`trustcheck <command>: <message>`) and, only when the line cannot say it, a second one that points to
/// the command's help; the full synopsis is `--help`'s job.
package struct UsageError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, as a stable name for tests and programs.
    package enum Code: String, Sendable, Hashable, CaseIterable {
        /// The first argument is neither a command nor a file to verify.
        case unknownCommand = "usage.unknown-command"
        /// An option the command does not have.
        case unknownOption = "usage.unknown-option"
        /// A value given to a flag (`--json=yes`).
        case unexpectedValue = "usage.unexpected-value"
        /// An option that takes a value was given none.
        case missingValue = "usage.missing-value"
        /// An option that takes one value was given twice.
        case repeatedOption = "usage.repeated-option"
        /// A required operand (a file, the host) or option is missing.
        case missingArgument = "usage.missing-argument"
        /// An operand the command does not take.
        case unexpectedArgument = "usage.unexpected-argument"
        /// A value that is not one the option accepts.
        case invalidValue = "usage.invalid-value"
        /// Options that cannot be given together, or one that needs another.
        case conflictingOptions = "usage.conflicting-options"
        /// A URL where a host name is expected.
        case hostIsURL = "usage.host-is-url"
        /// A host name with a port where the port has no place.
        case hostHasPort = "usage.host-has-port"
        /// A host name followed by a path, query or fragment.
        case hostHasPath = "usage.host-has-path"
        /// A host name preceded by a user name (`user@host`).
        case hostHasUserInfo = "usage.host-has-user-info"
        /// Text that is no host name or IP address at all (empty, blanks, a stray colon).
        case invalidHost = "usage.invalid-host"
    }

    package let code: Code
    /// The line after `trustcheck <command>: `; it may hold the user's text, escaped when printed.
    package let message: String
    /// The message alone does not tell what to type (an unknown option with no near one, a missing
    /// operand), so the report adds where to look.
    package let pointsToHelp: Bool

    package init(_ code: Code, _ message: String, pointsToHelp: Bool = false) {
        self.code = code
        self.message = message
        self.pointsToHelp = pointsToHelp
    }

    package var description: String { message }
    package var errorDescription: String? { message }

    /// What goes on stderr: `<program>: <message>` and, when `pointsToHelp`, where to look: `trustcheck
    /// help <command>` for its options, or `trustcheck help` for the commands when there is no command.
    /// The message is escaped: it may quote an argument that holds terminal escape sequences.
    package func report(program: String = "trustcheck", command: String?) -> String {
        let prefix = command.map { "\(program) \($0)" } ?? program
        var text = "\(prefix): \(TerminalText.escaped(message))\n"
        if pointsToHelp {
            text += command.map { "run 'trustcheck help \($0)' for the options\n" } ?? "run 'trustcheck help' for the commands\n"
        }
        return text
    }
}
