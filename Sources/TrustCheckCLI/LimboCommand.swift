import TrustConformance

/// `trustcheck limbo FILE [--output RESULTS] [--include GLOB]...`: runs an x509-limbo suite through
/// the engine and writes x509-limbo's result format.
struct LimboCommand: Subcommand {
    static let name = "limbo"
    static let summary = "Run an x509-limbo conformance suite and write its results."
    static let usage = "trustcheck limbo FILE [--output RESULTS] [--include GLOB]..."
    static let options: [CommandOption] = [
        .value("--output", "RESULTS", "write the results JSON here instead of standard output"),
        .repeatable("--include", "GLOB", "only testcases whose id matches (e.g. 'webpki::*'); repeatable"),
    ]
    static let details = """
        FILE is limbo.json (or "-" for standard input). Every testcase is evaluated with the webpki profile
        unless it names another; cases the engine cannot evaluate (CRLs) are SKIPPED with the reason.
        The results are {"version":1,"harness":"trustcheck","results":[{"id","actual_result","context"}]};
        a summary (passed, wrongly accepted, wrongly rejected, skipped, per namespace) goes to standard error.

        exit status: 0 when every evaluated case matches its expected result, 1 otherwise, 2 usage or input error.

        """

    static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        guard arguments.positionals.count == 1, let file = arguments.positionals.first else {
            io.stderr.write("trustcheck limbo: give exactly one FILE\nusage: \(usage)\n")
            return .usageOrInputError
        }
        do {
            let summary = try LimboCommandCore.run(
                file: file, output: arguments.value("--output"), includes: arguments.allValues("--include"),
                stderr: io.stderr.write)
            return summary.overall.mismatched == 0 ? .success : .notTrusted
        } catch {
            io.error("\(file): \(error)")
            return .usageOrInputError
        }
    }
}
