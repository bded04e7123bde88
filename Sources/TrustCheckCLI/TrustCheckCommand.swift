import FileOutput
import FoundationEssentials
/// The `trustcheck` command line: picks a subcommand from the first argument and runs it.
///
/// Exit status: 0 success, 1 "not trusted" (reserved for `verify`), 2 usage or input error.
/// Errors go to `stderr`: `trustcheck: <path>: <problem>` for input, `trustcheck <command>: <problem>` for
/// arguments (one line that says what to type, and where a line cannot say it, a pointer to the help).
public enum TrustCheckCommand: Sendable {
    /// Every subcommand, in the order help lists them. Adding one is a new file with a type that
    /// conforms to `Subcommand`, plus one line here.
    static let subcommands: [any Subcommand.Type] = [
        VerifyCommand.self,
        PinCommand.self,
        AuditCommand.self,
        ShowCommand.self,
        ConnectCommand.self,
        ATSCommand.self,
        LimboCommand.self,
        PKITSCommand.self,
        VersionCommand.self,
    ]

    /// Commands that live in a sibling executable (the collector's: it links libmicrohttpd, SQLite, libpq and
    /// FoundationNetworking, which every `trustcheck` start would otherwise load; `reports-flush` is there for
    /// FoundationNetworking's URLSession), with their summaries for the overview. `main.swift` runs the sibling for them (`siblingExecutable(for:)`).
    static let siblingCommands: [(name: String, summary: String)] = [
        ("collect", "Receive TrustKit pin-failure reports, store and analyse them, serve the API and dashboard."),
        ("reports", "Analyse collected pin-failure reports: failures over time, interception suspects, rotation readiness."),
        ("reports-flush", "Deliver the pin-failure reports waiting in a spool, within a time limit."),
    ]

    /// The executable, beside `trustcheck`, that runs these arguments' command (`collect`, `reports`,
    /// `reports-flush`, or help for them); nil when `trustcheck` runs the command itself.
    public static func siblingExecutable(for arguments: [String]) -> String? {
        let name = ["help", "--help", "-h"].contains(arguments.first ?? "") && arguments.count > 1
            ? arguments[1] : arguments.first
        return siblingCommands.contains { $0.name == name } ? "trustcheck-collect" : nil
    }

    /// `environment` is what the command reads instead of the process's (tests name a report spool).
    public static func run(
        arguments: [String],
        stdout: any TextOutput = FileDescriptorOutput.standardOutput,
        stderr: any TextOutput = FileDescriptorOutput.standardError,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Int32 {
        run(arguments: arguments, stdout: stdout, stderr: stderr, stdin: .process(), environment: environment)
    }

    /// `stdin` is what a `-` file argument reads.
    static func run(arguments: [String], stdout: any TextOutput, stderr: any TextOutput, stdin: StandardInput,
                    environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        let io = CommandIO(stdout: stdout, stderr: stderr, stdin: stdin, environment: environment)
        guard let name = arguments.first else {
            io.stderr.write(overview)
            return ExitCode.usageOrInputError.rawValue
        }
        let rest = Array(arguments.dropFirst())
        if let sibling = siblingExecutable(for: arguments) {
            // Only an in-process caller gets here: the process's main runs the sibling instead.
            io.stderr.write("trustcheck \(name == "help" ? rest[0] : name): runs as the \(sibling) executable beside trustcheck\n")
            return ExitCode.usageOrInputError.rawValue
        }
        if name == "help" || name == "--help" || name == "-h" {
            return help(for: rest.first, io: io).rawValue
        }
        if name == "--version" { return run(VersionCommand.self, rest, io: io).rawValue }
        guard let command = subcommands.first(where: { $0.name == name }) else {
            // `trustcheck CHAIN... --anchors ...` is verify without its name; a word that names no file is a
            // command mistyped.
            guard isChainArgument(name) else {
                let error = CommandSuggestion.unknownCommand(name, among: commandNames,
                                                             unknown: ", and no file of that name to verify")
                return io.usageError(error, command: nil).rawValue
            }
            return run(VerifyCommand.self, arguments, io: io).rawValue
        }
        return run(command, rest, io: io).rawValue
    }

    /// Every name `trustcheck` answers as its first argument, for suggestions.
    static var commandNames: [String] { subcommands.map { $0.name } + siblingCommands.map(\.name) + ["help"] }

    /// Whether a first argument that is no command is verify's: an option, standard input, a file or
    /// directory that is there, or a path (with a `/` or a `.`) whose absence verify then reports.
    static func isChainArgument(_ argument: String) -> Bool {
        argument.hasPrefix("-") || argument.contains("/") || argument.contains(".") || FileSystemPath.isDirectory(argument) != nil
    }

    package static func run(_ command: any Subcommand.Type, _ arguments: [String], io: CommandIO) -> ExitCode {
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(arguments, options: command.options, aliases: command.optionAliases)
        } catch {
            return io.usageError(error, command: command.name)
        }
        if parsed.wantsHelp {
            io.stdout.write(command.helpText)
            return .success
        }
        var io = io
        io.json = parsed.has("--json")
        return command.run(parsed, io: io)
    }

    private static func help(for name: String?, io: CommandIO) -> ExitCode {
        guard let name else {
            io.stdout.write(overview)
            return .success
        }
        if name == ChecksHelp.topic {
            io.stdout.write(ChecksHelp.text)
            return .success
        }
        guard let command = subcommands.first(where: { $0.name == name }) else {
            let topics = commandNames.filter { $0 != "help" } + [ChecksHelp.topic]
            return io.usageError(CommandSuggestion.unknownCommand(name, among: topics), command: nil)
        }
        io.stdout.write(command.helpText)
        return .success
    }

    static var overview: String {
        let width = (subcommands.map { $0.name } + siblingCommands.map { $0.name }).map { $0.count }.max() ?? 0
        let lines = subcommands.map { "  " + $0.name.padding(to: width) + "  " + $0.summary }
            + siblingCommands.map { "  " + $0.name.padding(to: width) + "  " + $0.summary }
        return """
            usage: trustcheck <command> [options] [arguments]

            commands:
            \(lines.joined(separator: "\n"))

            'trustcheck help <command>' or 'trustcheck <command> --help' describes a command;
            'trustcheck help checks' lists every check and rule a failure can name;
            'trustcheck --version' prints the version.
            exit status: 0 success, 1 not trusted (verify), a mismatch (limbo), a pin problem (audit) or
            reports still spooled (reports-flush), 2 usage or input error.

            """
    }
}

/// The process exit status of a command.
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// The certificate chain is not trusted (for `verify`).
    case notTrusted = 1
    /// Bad arguments, or an input file that is missing or holds no usable certificate.
    case usageOrInputError = 2
}

extension String {
    func padding(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
