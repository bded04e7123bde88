import TrustConformance
import TrustEvaluation

/// `trustcheck limbo FILE... [--output RESULTS] [--include GLOB]...`: runs an x509-limbo suite through
/// the engine and writes x509-limbo's result format.
struct LimboCommand: Subcommand {
    static let name = "limbo"
    static let summary = "Run an x509-limbo conformance suite and write its results."
    static let usage = "trustcheck limbo FILE... [--output RESULTS] [--include GLOB]... [--profile NAME]"
    static let options: [CommandOption] = [
        .value("--output", "RESULTS", "write the results JSON here instead of standard output (\"-\"); a device, FIFO or symbolic link is written through, never replaced"),
        .repeatable("--include", "GLOB", "only testcases whose id matches (e.g. 'webpki::*'); repeatable"),
        .value("--profile", "NAME", "evaluate every case under this profile (apple, webpki or rfc5280)"),
    ]
    static let details = """
        Each FILE is in x509-limbo's format: limbo.json itself, TrustCheck's vectors/*.json, or "-" for
        standard input. Testcases are evaluated with the webpki profile,
        except those of the rfc5280:: and pathlen:: namespaces (RFC 5280 path validation, some of which
        contradict webpki:: cases by design) and TrustCheck's own vectors, which name their profile;
        --profile overrides all of that. A case's crls are checked for revocation. Cases the engine cannot
        evaluate (a signature-algorithm restriction, an unknown feature tag) are SKIPPED with the reason.
        The results are {"version":1,"harness":"trustcheck","results":[{"id","actual_result","context"}]};
        a summary (passed, wrongly accepted, wrongly rejected, skipped, per namespace) goes to standard error.

        exit status: 0 when every evaluated case matches its expected result, 1 otherwise, 2 usage or input error.

        """

    static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let files = arguments.positionals
        guard !files.isEmpty else {
            return usageError(UsageError(.missingArgument, "no FILE given", pointsToHelp: true), io: io)
        }
        var runner = LimboRunner()
        if let name = arguments.value("--profile") {
            guard let profile = TrustProfile(rawValue: name) else {
                return usageError(UsageError(.invalidValue, "--profile must be apple, webpki or rfc5280"), io: io)
            }
            runner.forcedProfile = profile
        }
        do {
            let summary = try LimboCommandCore.run(
                files: files, output: arguments.value("--output"), includes: arguments.allValues("--include"),
                stdout: io.stdout.write, stderr: io.stderr.write, runner: runner)
            return summary.overall.mismatched == 0 ? .success : .notTrusted
        } catch .nothingSelected(let includes) {
            return usageError(UsageError(.invalidValue, "\(LimboError.nothingSelected(includes: includes))"), io: io)
        } catch {
            io.error("\(error)")
            return .usageOrInputError
        }
    }
}
