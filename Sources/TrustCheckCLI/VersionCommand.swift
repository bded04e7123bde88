import TrustCertificates

/// `trustcheck version` (also `trustcheck --version`): what to paste into a bug report.
enum VersionCommand: Subcommand {
    /// TrustCheck's release, raised with each release of the package.
    static let release = "0.7.0"

    static let name = "version"
    static let summary = "Print TrustCheck's version and the GnuTLS it runs with."
    static let usage = "trustcheck version"
    static let options: [CommandOption] = []
    static let details = """
        prints one line: trustcheck RELEASE (GnuTLS VERSION), e.g. "trustcheck \(release) (GnuTLS 3.7.9)".

        """

    static var line: String { "trustcheck \(release) (\(CryptographyLibrary.description))\n" }

    static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        guard arguments.positionals.isEmpty else {
            return usageError(UsageError(.unexpectedArgument, "takes no arguments"), io: io)
        }
        io.stdout.write(line)
        return .success
    }
}
