/// The schema version a reader that never migrates accepts: exactly its own.
enum SchemaVersionCheck {
    static func check(_ version: Int, current: Int, location: String) throws(ReportStoreError) {
        if version > current {
            throw ReportStoreError(.schemaTooNew, location: location, detail: "schema version \(version), this collector knows up to \(current)")
        }
        if version < current {
            throw ReportStoreError(.schemaTooOld, location: location, detail: "schema version \(version), this reader needs \(current)")
        }
    }
}
