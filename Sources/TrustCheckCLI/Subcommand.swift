import FoundationEssentials
import TrustCertificates

/// One `trustcheck` subcommand. Conforming types live in their own file and are listed in
/// `TrustCheckCommand.subcommands`. Sendable so that table of metatypes is a safe global.
package protocol Subcommand: Sendable {
    /// The word after `trustcheck`.
    static var name: String { get }
    /// One line for the command overview.
    static var summary: String { get }
    /// The synopsis, e.g. `trustcheck pin FILE... [--json]`.
    static var usage: String { get }
    /// Paragraphs after the synopsis and option list in `--help`: output format, exit status.
    static var details: String { get }
    /// Every option the command accepts; `--help` is added by the parser.
    static var options: [CommandOption] { get }
    /// Spellings of this command's own that an unknown-option error explains (beside `OptionAlias.common`).
    static var optionAliases: [OptionAlias] { get }

    static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode
}

extension Subcommand {
    package static var optionAliases: [OptionAlias] { [] }

    /// Reports a usage error of this command and gives the exit status for it.
    package static func usageError(_ error: UsageError, io: CommandIO) -> ExitCode { io.usageError(error, command: name) }

    static var helpText: String {
        let width = options.map { $0.synopsis.count }.max() ?? 0
        let optionLines = options.map { "  " + $0.synopsis.padding(to: width) + "  " + $0.help }
        let optionList = options.isEmpty ? "" : "options:\n" + optionLines.joined(separator: "\n") + "\n\n"
        return "usage: \(usage)\n\n\(summary)\n\n" + optionList + details
    }
}

/// Where a command writes, and the error conventions every command shares.
package struct CommandIO {
    package let stdout: any TextOutput
    package let stderr: any TextOutput
    /// What a `-` file argument reads.
    let stdin: StandardInput
    /// The command was asked for JSON (`--json`): input errors are reported on stdout as JSON too.
    package var json = false
    /// The environment the command reads (the report spool's default, the sibling executable's path).
    package let environment: [String: String]

    package init(stdout: any TextOutput, stderr: any TextOutput, stdin: StandardInput,
                 environment: [String: String] = ProcessInfo.processInfo.environment)
    {
        self.stdout = stdout
        self.stderr = stderr
        self.stdin = stdin
        self.environment = environment
    }

    /// How text for stdout may be styled (colour on a terminal).
    var style: TerminalStyle { TerminalStyle.for(stdout) }

    /// The bytes of a file argument: standard input for "-", else the file, bounded either way.
    package func bytes(of path: String, limit: Int = CertificateLoader.maximumFileSize) throws(CertificateLoadError) -> [UInt8] {
        path == "-" ? try stdin.take(limit: limit) : try CertificateLoader.read(path, limit: limit)
    }

    /// A usage error on stderr, as `UsageError.report` words it; the status is always usage-or-input (2).
    package func usageError(_ error: UsageError, command: String?, program: String = "trustcheck") -> ExitCode {
        stderr.write(error.report(program: program, command: command))
        return .usageOrInputError
    }

    /// `trustcheck: <message>` on stderr.
    package func error(_ message: String) { stderr.write("trustcheck: \(message)\n") }

    /// Input errors: one `trustcheck: <path>: <problem>` line each on stderr and, for `--json`, a JSON
    /// object on stdout, `{"error": {code, path, message}, "errors": [...]}` (the first, then all), so
    /// that a program reading stdout learns why there is no answer.
    package func inputErrors(_ failures: [CertificateLoadError]) { report(failures.map(InputFailure.init)) }

    package func report(_ failures: [InputFailure]) {
        for failure in failures { error(failure.line) }
        guard json, let first = failures.first else { return }
        func object(_ failure: InputFailure) -> JSONValue {
            .object([("code", .string(failure.code)), ("path", .string(failure.path)), ("message", .string(failure.message))])
        }
        stdout.write(JSONValue.object([("error", object(first)), ("errors", .array(failures.map(object)))]).rendered() + "\n")
    }
}
