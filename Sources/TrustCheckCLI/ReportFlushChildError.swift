import FoundationEssentials

/// Why ``ReportFlushChild`` has no flush summary to give: the reports it was to deliver are still in the
/// spool in every case, for the next flush.
package struct ReportFlushChildError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as a stable name.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        /// No `trustcheck-collect` beside `trustcheck` (or where `TRUSTCHECK_COLLECT_EXECUTABLE` says).
        case notFound
        /// posix_spawn failed: not executable, out of processes or memory.
        case spawnFailed
        /// It ran past its time and was killed.
        case overran
        /// It ended without a summary: a usage error or unusable spool (exit 2), a crash, a signal.
        case failed
        /// It ended but what it printed is not a flush summary.
        case unreadableOutput
    }

    /// What went wrong.
    package let kind: Kind
    /// A human explanation, with what the child wrote on its standard error when it says more.
    package let problem: String

    package init(kind: Kind, problem: String) {
        self.kind = kind
        self.problem = problem
    }

    /// A stable identifier for programs: `reportFlush.notFound`, `reportFlush.spawnFailed`,
    /// `reportFlush.overran`, `reportFlush.failed`, `reportFlush.unreadableOutput`.
    package var code: String { "reportFlush.\(kind.rawValue)" }

    package var description: String { problem }
    package var errorDescription: String? { problem }
}
