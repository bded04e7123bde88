import Foundation
import Pinning
import PostgresBridge

/// The store for deployments that outgrow one machine: several collectors behind a load balancer write to
/// one PostgreSQL database. Same semantics as ``SQLiteReportStore``; what makes them hold across processes
/// is in the database, not in this process: the UNIQUE deduplication key with `INSERT … ON CONFLICT` (two
/// collectors storing the same report at once get exactly one `.stored`), one transaction per report, and
/// an advisory lock around migrations.
public final class PostgresReportStore: ReportStore, Sendable {
    /// Connections per store: 4, the HTTP server's default thread pool (`HTTPServerConfiguration.threadPoolSize`),
    /// so no request thread waits for another's transaction to end.
    public static let defaultConnectionLimit = 4

    /// The URL without its password.
    public let location: String
    private let pool: PostgresConnectionPool

    /// Connects to the database a libpq URL names (`postgres://user@host:5432/reports`, or `postgresql://`;
    /// libpq's query parameters such as `sslmode=verify-full` apply). A server that cannot be reached or
    /// refuses the login is a `store.open` error naming the URL without its password.
    /// Opened for reading only: the schema is checked, never created or migrated, so a database user with
    /// SELECT alone can read.
    public let readOnly: Bool

    public init(url: String, connectionLimit: Int = PostgresReportStore.defaultConnectionLimit, readOnly: Bool = false)
        throws(ReportStoreError)
    {
        self.readOnly = readOnly
        location = ReportStoreLocation.postgres(url: url).displayName
        let first: PostgresConnection
        do {
            first = try PostgresConnection(url)
        } catch {
            throw ReportStoreError(.open, location: location, detail: error.description)
        }
        pool = PostgresConnectionPool(connectionString: url, location: location, capacity: connectionLimit, first: first)
    }

    public func migrate() throws(ReportStoreError) {
        if readOnly {
            let version = try pool.withConnection(.query) { connection in
                Int(try connection.execute("SELECT max(version) AS version FROM schema_version").singleRow()?.integer("version") ?? 0)
            }
            try SchemaVersionCheck.check(version, current: PostgresSchema.currentVersion, location: location)
            return
        }
        try pool.withConnection(.migration) { connection in
            try connection.transaction {
                // Held to the end of the transaction: a second collector migrating now waits, then finds it done.
                try connection.execute("SELECT pg_advisory_xact_lock($1)", [.integer(PostgresSchema.migrationLockKey)])
                try connection.execute("CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)")
                let version = Int(try connection.execute("SELECT max(version) AS version FROM schema_version")
                    .singleRow()?.integer("version") ?? 0)
                guard version <= PostgresSchema.currentVersion else {
                    throw ReportStoreError(.schemaTooNew, location: location,
                                           detail: "schema version \(version), this collector knows up to \(PostgresSchema.currentVersion)")
                }
                guard version < PostgresSchema.currentVersion else { return }
                for migration in PostgresSchema.migrations[version...] {
                    for statement in migration { try connection.execute(statement) }
                }
                func run(_ sql: String, _ values: [StoredRow.Value]) throws(PostgresError) -> [[String?]] {
                    try Self.textRows(connection.execute(sql, values.map(Self.value)))
                }
                if version < PostgresSchema.keysVersion { try ReportKeys.backfill(Self.dialect, noID: Self.noChainID, run) }
                if version < PostgresSchema.hoursVersion { try ReportHours.backfill(Self.dialect, run) }
                try connection.execute("DELETE FROM schema_version")
                try connection.execute("INSERT INTO schema_version (version) VALUES ($1)",
                                       [.integer(Int64(PostgresSchema.currentVersion))])
            }
        }
    }

    public func store(_ report: ReceivedReport) throws(ReportStoreError) -> StoreOutcome {
        try pool.withConnection(.query) { connection in
            try connection.transaction { () throws -> StoreOutcome in
                // A conflicting row being inserted by another collector's open transaction makes this wait for
                // it: then it is a duplicate of that row (or, had that one rolled back, a new report).
                let keys = ReportKeys(report)
                func run(_ sql: String, _ values: [StoredRow.Value]) throws(PostgresError) -> [[String?]] {
                    try Self.textRows(connection.execute(sql, values.map(Self.value)))
                }
                // A duplicate's chain is already stored, so this changes nothing then.
                let chainID = try keys.storeChain(Self.dialect, noID: Self.noChainID, run)
                let reportRow = StoredRow.report(report, chainID: chainID)
                let row = try connection.execute(
                    reportRow.insert(placeholder: Self.placeholder)
                        + " ON CONFLICT (deduplication_key) DO UPDATE SET duplicate_count = reports.duplicate_count + 1"
                        + " RETURNING id, duplicate_count, received_at_ms, group_key",
                    reportRow.values.map(Self.value)
                ).singleRow()
                guard let row else { throw PostgresError(kind: .unexpectedValue, message: "INSERT … RETURNING gave no row") }
                let id = try row.required("id", row.integer)
                let received = try row.required("received_at_ms", row.integer)
                let groupKey = try row.required("group_key", row.string)
                guard try row.required("duplicate_count", row.integer) == 0 else {
                    try ReportHours.addDuplicate(groupKey: groupKey, receivedMs: received, Self.dialect, run)
                    return .duplicate(id: id)
                }
                try ReportHours.add(ReportHours.Dimensions(report, chainID: chainID), groupKey: groupKey, id: id, receivedMs: received, Self.dialect, run)
                for stored in report.certificates.map({ StoredRow.certificate($0, reportID: id) }) + [StoredRow.body(report, reportID: id)] {
                    try connection.execute(stored.insert(placeholder: Self.placeholder), stored.values.map(Self.value))
                }
                try keys.storeVouchedKeys(Self.dialect, run)
                return .stored(id: id)
            }
        }
    }

    private static func placeholder(_ position: Int) -> String { "$\(position)" }

    private static let dialect = SQLDialect.postgres

    private static let noChainID = PostgresError(kind: .unexpectedValue, message: "INSERT INTO chains … RETURNING gave no id")

    /// Rows as the analysis reads them: PostgreSQL's text output as it is.
    private static func textRows(_ result: PostgresResult) -> [[String?]] {
        result.rows.map { row in row.values.map { $0.map { String(decoding: $0, as: UTF8.self) } } }
    }

    /// The analysis's queries in one read-only REPEATABLE READ transaction: one snapshot.
    public func read<T>(_ body: (any AnalysisReader) throws(ReportStoreError) -> T) throws(ReportStoreError) -> T {
        let location = location
        var failure: ReportStoreError?
        let result: T? = try pool.withConnection(.query) { connection -> T? in
            try connection.transaction { () throws -> T? in
                try connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                do throws(ReportStoreError) {
                    return try body(SnapshotReader(connection: connection, location: location))
                } catch {
                    failure = error
                    return nil
                }
            }
        }
        if let failure { throw failure }
        // Set whenever `failure` is not.
        return result!
    }

    private struct SnapshotReader: AnalysisReader {
        let connection: PostgresConnection
        let location: String

        func rows(_ sql: String, _ parameters: [StoredRow.Value]) throws(ReportStoreError) -> [[String?]] {
            do {
                return PostgresReportStore.textRows(
                    try connection.execute(PostgresReportStore.dollarPlaceholders(sql), parameters.map(PostgresReportStore.value)))
            } catch {
                throw ReportStoreError(.query, location: location, detail: error.description)
            }
        }
    }

    /// The analysis's `?n` placeholders as PostgreSQL's `$n` (its SQL has no `?` of any other kind).
    static func dollarPlaceholders(_ sql: String) -> String { String(sql.map { $0 == "?" ? "$" : $0 }) }

    private static func value(_ value: StoredRow.Value) -> PostgresValue {
        switch value {
        case .text(let text): return .text(text)
        case .integer(let integer): return .integer(integer)
        case .boolean(let flag): return .boolean(flag)
        case .bytes(let bytes): return .bytes(bytes)
        case .null: return .null
        }
    }

    public func recordMalformed(_ rejection: MalformedReport) throws(ReportStoreError) {
        _ = try pool.withConnection(.query) { connection in
            try connection.execute(
                """
                INSERT INTO malformed_bodies (reason, count, last_source, last_received_ms) VALUES ($1, 1, $2, $3)
                ON CONFLICT (reason) DO UPDATE SET count = malformed_bodies.count + 1,
                    last_source = EXCLUDED.last_source, last_received_ms = EXCLUDED.last_received_ms
                """,
                [.text(rejection.reason), .text(rejection.source), .integer(rejection.receivedAt.epochMilliseconds)])
        }
    }

    public func reports(since: Date?) throws(ReportStoreError) -> [StoredReport] {
        try reports(where: "received_at_ms >= $1", since?.epochMilliseconds ?? Int64.min)
    }

    public func report(id: Int64) throws(ReportStoreError) -> StoredReport? {
        try reports(where: "id = $1", id).first
    }

    /// The reports whose row matches `condition` (on the reports table, with `$1` bound to `value`), oldest
    /// first, with their chains, read in one snapshot.
    private func reports(where condition: String, _ value: Int64) throws(ReportStoreError) -> [StoredReport] {
        let (reportRows, certificateRows) = try pool.withConnection(.query) { connection in
            try connection.transaction {
                // One snapshot for both queries: a report committed between them is in neither or in both.
                try connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                let reports = try connection.execute(
                    """
                    SELECT id, received_at_ms, source, app_bundle_id, app_version, app_platform, app_platform_version,
                        app_vendor_id, trustkit_version, date_time_ms, hostname, port, noted_hostname, include_subdomains,
                        enforce_pinning, validated_certificate_chain, known_pins, validation_result,
                        known_pins_expiration_ms, anchor_check, anchor_reason, duplicate_count, report_format,
                        served_certificate_chain
                    FROM reports WHERE \(condition) ORDER BY received_at_ms, id
                    """, [.integer(value)]).rows
                let certificates = try connection.execute(
                    """
                    SELECT c.report_id, c.position, c.subject, c.issuer, c.spki_pin, c.sha256, c.not_before_ms, c.not_after_ms
                    FROM report_certificates c JOIN reports r ON r.id = c.report_id
                    WHERE r.\(condition) ORDER BY c.report_id, c.position
                    """, [.integer(value)]).rows
                return (reports, certificates)
            }
        }
        var chains: [Int64: [ReportedCertificate]] = [:]
        for row in certificateRows {
            let (reportID, certificate) = try decode("report_certificates row") { () throws(PostgresError) in
                (try row.required("report_id", row.integer), try Self.certificate(row))
            }
            chains[reportID, default: []].append(certificate)
        }
        return try reportRows.map { row throws(ReportStoreError) in
            try decode("reports row \((try? row.string("id")).flatMap { $0 } ?? "?")") { () throws(PostgresError) in
                try Self.report(row, chains)
            }
        }
    }

    public func rawBody(reportID id: Int64) throws(ReportStoreError) -> [UInt8]? {
        try pool.withConnection(.query) { connection in
            let row = try connection.execute("SELECT body FROM report_bodies WHERE report_id = $1", [.integer(id)]).singleRow()
            return try row?.bytes("body")
        }
    }

    public func failureCount(hostname: String, since: Date) throws(ReportStoreError) -> Int {
        try pool.withConnection(.query) { connection in
            let row = try connection.execute(
                "SELECT count(*) AS n FROM reports WHERE hostname = $1 AND received_at_ms >= $2",
                [.text(hostname), .integer(since.epochMilliseconds)]).singleRow()
            return Int(try row?.integer("n") ?? 0)
        }
    }

    public func deleteReports(receivedBefore cutoff: Date, limit: Int) throws(ReportStoreError) -> Int {
        try pool.withConnection(.query) { connection in
            try connection.transaction {
                // Several collectors may run this at once: each batch holds the lock to its end, so one
                // collector's recount of an hour never overlaps another's.
                try connection.execute("SELECT pg_advisory_xact_lock($1)", [.integer(PostgresSchema.retentionLockKey)])
                let rows = try connection.execute(
                    "SELECT id, received_at_ms FROM reports WHERE received_at_ms < $1 ORDER BY received_at_ms, id LIMIT $2",
                    [.integer(cutoff.epochMilliseconds), .integer(Int64(limit))])
                let ids = try rows.rows.map { row in try row.required("id", row.integer) }
                for id in ids {
                    try connection.execute("DELETE FROM report_certificates WHERE report_id = $1", [.integer(id)])
                    try connection.execute("DELETE FROM report_bodies WHERE report_id = $1", [.integer(id)])
                    try connection.execute("DELETE FROM reports WHERE id = $1", [.integer(id)])
                }
                // Oldest first, so the batch's hours run from its first row's to its last's.
                if let first = try rows.rows.first?.integer("received_at_ms"), let last = try rows.rows.last?.integer("received_at_ms") {
                    try ReportHours.rebuild(from: ReportHours.hourStart(first), to: ReportHours.hourStart(last) + ReportHours.hourMs,
                                            Self.dialect) { sql, values throws(PostgresError) in
                        try Self.textRows(connection.execute(sql, values.map(Self.value)))
                    }
                }
                // The last batch: every report before the cutoff is gone, so is every vouching for a key there.
                if ids.count < limit {
                    try connection.execute("DELETE FROM known_keys WHERE last_vouched_ms < $1", [.integer(cutoff.epochMilliseconds)])
                }
                return ids.count
            }
        }
    }

    public func statistics() throws(ReportStoreError) -> ReportStoreStatistics {
        try pool.withConnection(.query) { connection in
            try connection.transaction {
                try connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                let totals = try connection.execute(
                    """
                    SELECT count(*) AS stored, coalesce(sum(duplicate_count), 0) AS duplicates,
                        min(received_at_ms) AS first, max(received_at_ms) AS last FROM reports
                    """).singleRow()
                var byReason: [String: Int] = [:]
                for row in try connection.execute("SELECT reason, count FROM malformed_bodies").rows {
                    byReason[try row.required("reason", row.string)] = Int(try row.required("count", row.integer))
                }
                return ReportStoreStatistics(
                    storedReports: Int(try totals?.integer("stored") ?? 0),
                    duplicates: Int(try totals?.integer("duplicates") ?? 0),
                    malformedByReason: byReason,
                    firstReceived: try totals?.integer("first").map(Date.init(epochMilliseconds:)),
                    lastReceived: try totals?.integer("last").map(Date.init(epochMilliseconds:)))
            }
        }
    }

    public func close() { pool.close() }

    // MARK: - Rows

    private func decode<T>(_ what: String, _ body: () throws(PostgresError) -> T) throws(ReportStoreError) -> T {
        do {
            return try body()
        } catch {
            throw ReportStoreError(.corrupt, location: location, detail: "\(what): \(error.description)")
        }
    }

    private static func certificate(_ row: PostgresRow) throws(PostgresError) -> ReportedCertificate {
        ReportedCertificate(
            position: Int(try row.required("position", row.integer)), subject: try row.required("subject", row.string),
            issuer: try row.required("issuer", row.string), spkiPin: try row.required("spki_pin", row.string),
            sha256: try row.required("sha256", row.string),
            notBefore: Date(epochMilliseconds: try row.required("not_before_ms", row.integer)),
            notAfter: Date(epochMilliseconds: try row.required("not_after_ms", row.integer)))
    }

    private static func report(_ row: PostgresRow, _ chains: [Int64: [ReportedCertificate]]) throws(PostgresError) -> StoredReport {
        func invalid(_ column: String) -> PostgresError {
            PostgresError(kind: .unexpectedValue, message: "column \(column) holds a value this collector does not know")
        }
        let id = try row.required("id", row.integer)
        guard let format = TrustKitReportFormat(rawValue: try row.required("report_format", row.string)) else {
            throw invalid("report_format")
        }
        var served: [String]?
        if let text = try row.string("served_certificate_chain") {
            guard let chain = StoredListCoding.decode(text) else { throw invalid("served_certificate_chain") }
            served = chain
        }
        guard let chain = StoredListCoding.decode(try row.required("validated_certificate_chain", row.string)) else {
            throw invalid("validated_certificate_chain")
        }
        guard let pins = StoredListCoding.decode(try row.required("known_pins", row.string)) else { throw invalid("known_pins") }
        guard let result = TrustKitEvaluationResult(rawValue: Int(try row.required("validation_result", row.integer))) else {
            throw invalid("validation_result")
        }
        guard let anchor = AnchorCheck(code: try row.required("anchor_check", row.string), reason: try row.string("anchor_reason")) else {
            throw invalid("anchor_check")
        }
        let body = TrustKitReportBody(
            appBundleID: try row.required("app_bundle_id", row.string), appVersion: try row.required("app_version", row.string),
            appPlatform: ReportPlatform(rawValue: try row.required("app_platform", row.string)),
            appPlatformVersion: try row.string("app_platform_version"),
            appVendorID: try row.required("app_vendor_id", row.string),
            trustKitVersion: try row.string("trustkit_version"),
            dateTime: Date(epochMilliseconds: try row.required("date_time_ms", row.integer)),
            hostname: try row.required("hostname", row.string), port: Int(try row.required("port", row.integer)),
            notedHostname: try row.required("noted_hostname", row.string),
            includeSubdomains: try row.required("include_subdomains", row.boolean),
            enforcePinning: try row.boolean("enforce_pinning"), validatedCertificateChain: chain,
            knownPins: pins, validationResult: result,
            knownPinsExpirationDate: try row.integer("known_pins_expiration_ms").map(Date.init(epochMilliseconds:)),
            servedCertificateChain: served, format: format)
        return StoredReport(
            id: id, body: body, receivedAt: Date(epochMilliseconds: try row.required("received_at_ms", row.integer)),
            source: try row.required("source", row.string), certificates: chains[id] ?? [], anchorCheck: anchor,
            duplicateCount: Int(try row.required("duplicate_count", row.integer)))
    }
}
