/// How one database spells what the stores' shared statements (`ReportKeys`, `ReportHours`) need: a
/// parameter, and the larger and smaller of two values.
struct SQLDialect: Sendable {
    /// What precedes a parameter's number: `?` for SQLite, `$` for PostgreSQL.
    let placeholderPrefix: String
    /// The larger of two values: `max` in SQLite, `GREATEST` in PostgreSQL.
    let greatest: String
    /// The smaller of two values: `min` in SQLite, `LEAST` in PostgreSQL.
    let least: String

    static let sqlite = SQLDialect(placeholderPrefix: "?", greatest: "max", least: "min")
    static let postgres = SQLDialect(placeholderPrefix: "$", greatest: "GREATEST", least: "LEAST")

    func placeholder(_ position: Int) -> String { "\(placeholderPrefix)\(position)" }
}
