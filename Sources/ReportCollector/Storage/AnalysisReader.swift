/// One read-only snapshot of a store, as the analysis queries it: SQL written once for both databases
/// (placeholders `?1`, `?2`…, which a PostgreSQL store rewrites as `$1`, `$2`…; only syntax both accept), rows
/// back as text. Everything `ReportAnalysis` computes is aggregated by the database through this; what comes
/// back is already grouped, so its size follows the number of hosts, chains and versions asked for, never
/// the number of reports.
public protocol AnalysisReader {
    /// The rows of `sql` with `parameters` bound to `?1`…, each column as text (nil for NULL).
    func rows(_ sql: String, _ parameters: [StoredRow.Value]) throws(ReportStoreError) -> [[String?]]
}

extension AnalysisReader {
    /// The single row of `sql` (an aggregate), or an empty row when there is none.
    func row(_ sql: String, _ parameters: [StoredRow.Value]) throws(ReportStoreError) -> [String?] {
        try rows(sql, parameters).first ?? []
    }
}

extension Array where Element == String? {
    /// Column `index` as an integer, nil when NULL, absent or not an integer.
    func integer(_ index: Int) -> Int64? { index < count ? self[index].flatMap { Int64($0) } : nil }

    /// Column `index` as text, nil when NULL or absent.
    func text(_ index: Int) -> String? { index < count ? self[index] : nil }
}
