/// Opens (and migrates) the store a `ReportStoreLocation` names: the one place that picks a backend.
public enum ReportStoreOpener {
    /// The migrated store. PostgreSQL: `PostgresReportStore` (Storage/PostgreSQL/).
    public static func open(_ location: ReportStoreLocation) throws(ReportStoreError) -> any ReportStore {
        let store: any ReportStore
        switch location {
        case .sqlite(let path):
            store = try SQLiteReportStore(path: path)
        case .postgres(let url):
            store = try PostgresReportStore(url: url)
        }
        try store.migrate()
        return store
    }
}
