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

    /// The store opened for reading only (`trustcheck reports`): an SQLite file is opened read-only and never
    /// created; a PostgreSQL user needs SELECT alone. The schema must be this version's (`.schemaTooOld`,
    /// `.schemaTooNew` otherwise): reading never migrates.
    public static func openForReading(_ location: ReportStoreLocation) throws(ReportStoreError) -> any ReportStore {
        let store: any ReportStore
        switch location {
        case .sqlite(let path):
            store = try SQLiteReportStore(path: path, readOnly: true)
        case .postgres(let url):
            store = try PostgresReportStore(url: url, readOnly: true)
        }
        do {
            try store.migrate()
        } catch {
            store.close()
            throw error
        }
        return store
    }
}
