import TrustCheckCLI

/// `trustcheck collect`, `trustcheck reports` and `trustcheck reports-flush`, run as the `trustcheck-collect` executable that
/// `trustcheck` starts for them (see `TrustCheckCommand.siblingExecutable(for:)`), with the same arguments,
/// options, output and exit statuses as every other command.
public enum TrustCheckCollectorCommand: Sendable {
    static let subcommands: [any Subcommand.Type] = [CollectCommand.self, ReportsCommand.self, ReportsFlushCommand.self]

    public static func run(
        arguments: [String],
        stdout: any TextOutput = FileDescriptorOutput.standardOutput,
        stderr: any TextOutput = FileDescriptorOutput.standardError
    ) -> Int32 {
        let io = CommandIO(stdout: stdout, stderr: stderr, stdin: .process())
        var arguments = arguments
        if ["help", "--help", "-h"].contains(arguments.first ?? ""), arguments.count > 1 {
            arguments = [arguments[1], "--help"]
        }
        let names = subcommands.map { $0.name }
        guard let name = arguments.first else {
            let error = UsageError(.missingArgument, "no command given: it runs collect, reports and reports-flush", pointsToHelp: true)
            return io.usageError(error, command: nil, program: "trustcheck-collect").rawValue
        }
        guard let command = subcommands.first(where: { $0.name == name }) else {
            let error = CommandSuggestion.unknownCommand(name, among: names, unknown: ": it runs collect, reports and reports-flush")
            return io.usageError(error, command: nil, program: "trustcheck-collect").rawValue
        }
        return TrustCheckCommand.run(command, Array(arguments.dropFirst()), io: io).rawValue
    }
}
