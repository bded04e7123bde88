/// What a statement returned, copied out of libpq's result (which is freed before this exists).
public struct PostgresResult: Sendable, Hashable {
    /// The column names, in order.
    public let columns: [String]
    /// The rows returned (empty for a statement without RETURNING).
    public let rows: [PostgresRow]
    /// The number of rows an INSERT, UPDATE, DELETE, … touched (PQcmdTuples); 0 when the statement has none.
    public let affectedRows: Int

    /// A result with these columns, rows and affected-row count.
    public init(columns: [String], rows: [PostgresRow], affectedRows: Int) {
        self.columns = columns
        self.rows = rows
        self.affectedRows = affectedRows
    }

    /// The only row, or nil when there is none; more than one row is an error (a query meant to return one).
    public func singleRow() throws(PostgresError) -> PostgresRow? {
        guard rows.count <= 1 else {
            throw PostgresError(kind: .unexpectedValue, message: "expected at most one row, got \(rows.count)")
        }
        return rows.first
    }
}
