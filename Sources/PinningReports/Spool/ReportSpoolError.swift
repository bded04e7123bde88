import FoundationEssentials

/// Why a ``ReportSpool`` could not be opened or could not take a report. Nothing is written when
/// an enqueue throws one of these before writing (a refused report or destination).
public struct ReportSpoolError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as a stable name.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The spool directory cannot be created, is not a directory, or cannot be locked.
        case unusableDirectory
        /// An entry could not be written or removed (full disk, permissions…).
        case unwritable
        /// The report's entry alone is larger than ``ReportSpoolLimits/maximumBytes``.
        case reportTooLarge
        /// A destination is not an `http`/`https` URL with a host (``ReportDestination/isDeliverable(_:)``).
        case unsupportedDestination
        /// No destination was given.
        case noDestination
    }

    /// What went wrong.
    public let kind: Kind
    /// The file, folder or URL concerned.
    public let subject: String
    /// A human explanation.
    public let problem: String

    /// An error about `subject`.
    public init(kind: Kind, subject: String, problem: String) {
        self.kind = kind
        self.subject = subject
        self.problem = problem
    }

    /// A stable identifier for programs: `spool.unusableDirectory`, `spool.unwritable`, `spool.reportTooLarge`,
    /// `spool.unsupportedDestination`, `spool.noDestination`.
    public var code: String { "spool.\(kind.rawValue)" }

    public var description: String { "\(subject): \(problem)" }
    public var errorDescription: String? { description }
}
