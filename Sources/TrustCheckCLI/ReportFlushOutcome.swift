/// What running `trustcheck-collect reports-flush` as a child came to (``ReportFlushChild/run(spoolDirectory:timeout:)``).
package enum ReportFlushOutcome: Sendable, Hashable {
    /// It ran to its end: delivered ``ReportFlushSummary/delivered``, ``ReportFlushSummary/pending`` still
    /// spooled, with the failures and why each waits.
    case finished(ReportFlushSummary)
    /// It could not run, or ended without a summary; the reports stay spooled for the next flush.
    case couldNotRun(ReportFlushChildError)

    /// Reports delivered (0 when it could not run).
    package var delivered: Int {
        guard case .finished(let summary) = self else { return 0 }
        return summary.delivered
    }

    /// Reports still in the spool after the flush; nil when it could not run (then nothing is known).
    package var stillSpooled: Int? {
        guard case .finished(let summary) = self else { return nil }
        return summary.pending
    }
}
