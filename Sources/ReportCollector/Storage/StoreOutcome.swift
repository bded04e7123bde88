/// What `ReportStore.store(_:)` did with a report.
public enum StoreOutcome: Sendable, Hashable {
    /// A new report, committed under this id.
    case stored(id: Int64)
    /// The same report (same deduplication key) was already stored under this id; its duplicate count went up.
    case duplicate(id: Int64)

    /// The id of the stored report either way.
    public var id: Int64 {
        switch self {
        case .stored(let id), .duplicate(let id): return id
        }
    }
}
