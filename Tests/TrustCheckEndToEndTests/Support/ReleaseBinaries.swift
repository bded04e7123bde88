import Foundation

/// The release `trustcheck` and `trustcheck-collect` that users run, built exactly as `make demo` builds them
/// (`swift build -c release --product trustcheck`, and `--product trustcheck-collect`), found through
/// TRUSTCHECK_RELEASE_BINARY and TRUSTCHECK_COLLECT_RELEASE_BINARY, which `make test` sets after building them.
/// The in-process tests link all of Foundation; these binaries link FoundationEssentials only, where some
/// lookups (time zones, locales) fail, so only running them shows what users get.
enum ReleaseBinaries {
    static let trustcheckVariable = "TRUSTCHECK_RELEASE_BINARY"
    static let collectVariable = "TRUSTCHECK_COLLECT_RELEASE_BINARY"

    private static func path(_ variable: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty else { return nil }
        return value
    }

    /// The release `trustcheck`, when TRUSTCHECK_RELEASE_BINARY names one.
    static let trustcheck: String? = path(trustcheckVariable)
    /// The release `trustcheck-collect`, when TRUSTCHECK_COLLECT_RELEASE_BINARY names one.
    static let collect: String? = path(collectVariable)

    /// Whether the suites can run: both variables are set. A variable naming a file that is not an executable
    /// is not a reason to skip: the suites then fail, saying so, rather than pass by running nothing.
    static let configured = trustcheck != nil && collect != nil
}
