import Foundation
import Pinning
import SQLiteBridge
import Synchronization

/// The embedded default store: one SQLite file in WAL mode (readers — `trustcheck reports` — never block the
/// collector's writes), `synchronous=FULL` so a commit, and so an acknowledgement, survives a power cut.
///
/// Reads go through read-only connections (one for raw bodies and alert counts, two of the analysis's own):
/// in WAL mode a reader sees its own snapshot and never waits for the writer, nor the writer for it, so a
/// long analysis never holds up a report's commit.
///
/// `@unchecked Sendable`: `connection` is only used with `lock` held, `reader` with `readLock` held,
/// `idleAnalysis` and `openAnalysis` with `analysisPool` held; `waiting` and `committing` only with `queue` held.
public final class SQLiteReportStore: ReportStore, @unchecked Sendable {
    private let lock = NSLock()
    private var connection: SQLiteConnection?
    private let readLock = NSLock()
    /// Opened on the first read (the database exists by then).
    private var reader: SQLiteConnection?
    /// The analysis's own read-only connections, opened as needed up to `analysisConnections`, idle ones in
    /// `idleAnalysis`, with `analysisPool` held: a long analysis never holds up the short reads intake makes
    /// (alert counts) on `reader`, and two analyses run at once on the machine's two cores.
    private let analysisPool = NSCondition()
    private var idleAnalysis: [SQLiteConnection] = []
    private var openAnalysis = 0
    /// Two: the collector's offloaded read threads (`HTTPServerConfiguration.offloadThreads`).
    public static let analysisConnections = 2
    /// Set by `close()`; later reads throw `.closed`.
    private let closedFlag = Mutex(false)
    /// Group commit: reports waiting for the next transaction, and whether one is being committed.
    private let queue = NSCondition()
    private var waiting: [PendingStore] = []
    private var committing = false
    /// The database path.
    public let path: String
    /// Opened for reading only: nothing is created, migrated or written.
    public let readOnly: Bool

    /// Opens (creating) the database at `path`, or with `readOnly` opens an existing one for reading only
    /// (a database user or file permission that allows nothing else is enough). A path that exists and is
    /// not a regular file (a device, a FIFO, a directory) is refused: the store never writes through one.
    public init(path: String, readOnly: Bool = false) throws(ReportStoreError) {
        self.path = path
        self.readOnly = readOnly
        var status = stat()
        if lstat(path, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG {
            throw ReportStoreError(.open, location: path, detail: "not a regular file; give the path of a database file")
        }
        do {
            let connection = try SQLiteConnection(path: path, create: !readOnly, readOnly: readOnly)
            if readOnly {
                try connection.execute("PRAGMA query_only = ON;")
            } else {
                try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;")
                try connection.persistWriteAheadLog()
            }
            self.connection = connection
        } catch {
            throw ReportStoreError(.open, location: path, detail: error.description)
        }
    }

    /// Foreign keys are off while migrating (the pragma is a no-op inside a transaction, so around it): a
    /// migration that rebuilds `reports` drops the table the certificates and bodies refer to and renames its
    /// copy into place, and SQLite would otherwise check each step on its own. The ids are kept, so every
    /// reference holds again at the end, which `PRAGMA foreign_key_check` confirms before the commit.
    public func migrate() throws(ReportStoreError) {
        if readOnly {
            let version = try withConnection(.query) { connection throws(SQLiteError) in
                Int(try connection.query("PRAGMA user_version").first?.first?.integer ?? 0)
            }
            try SchemaVersionCheck.check(version, current: SQLiteSchema.currentVersion, location: path)
            return
        }
        try withConnection(.migration) { connection throws(SQLiteError) in
            try connection.execute("PRAGMA foreign_keys = OFF")
            defer { try? connection.execute("PRAGMA foreign_keys = ON") }
            try connection.immediateTransaction { () throws(SQLiteError) in
                let version = Int(try connection.query("PRAGMA user_version").first?.first?.integer ?? 0)
                guard version <= SQLiteSchema.currentVersion else {
                    throw SQLiteError(code: 0, message: "schema version \(version), this collector knows up to \(SQLiteSchema.currentVersion)",
                                      context: "schema_too_new")
                }
                for (index, migration) in SQLiteSchema.migrations.enumerated() where index >= version {
                    try connection.execute(migration)
                }
                func run(_ sql: String, _ values: [StoredRow.Value]) throws(SQLiteError) -> [[String?]] {
                    try Self.textRows(connection.query(sql, values.map(Self.value)))
                }
                if version < SQLiteSchema.keysVersion { try ReportKeys.backfill(Self.dialect, noID: Self.noChainID, run) }
                if version < SQLiteSchema.hoursVersion { try ReportHours.backfill(Self.dialect, run) }
                if let broken = try connection.query("PRAGMA foreign_key_check").first {
                    throw SQLiteError(code: 0, message: "a migration left a dangling reference: \(broken)", context: "migration")
                }
                // PRAGMA takes no bound parameter; the value is this program's own integer.
                try connection.execute("PRAGMA user_version = \(SQLiteSchema.currentVersion)")
            }
        }
    }

    /// Stores `report` in a transaction shared with the reports other threads are storing at the same moment
    /// (group commit): one thread commits every waiting report in one transaction, so one disk flush
    /// (`synchronous=FULL`) serves them all, and each caller returns only after that commit.
    public func store(_ report: ReceivedReport) throws(ReportStoreError) -> StoreOutcome {
        let pending = PendingStore(report)
        queue.lock()
        waiting.append(pending)
        while pending.outcome == nil {
            if committing {
                queue.wait()
                continue
            }
            committing = true
            let batch = waiting
            waiting = []
            queue.unlock()
            let outcomes = commit(batch)
            queue.lock()
            for (entry, outcome) in zip(batch, outcomes) { entry.outcome = outcome }
            committing = false
            queue.broadcast()
        }
        queue.unlock()
        // Set above before the loop ends.
        return try pending.outcome!.get()
    }

    /// One transaction for the whole batch; if it fails, each report gets a transaction of its own, so one
    /// report's failure is only that report's.
    private func commit(_ batch: [PendingStore]) -> [Result<StoreOutcome, ReportStoreError>] {
        do {
            let outcomes = try withConnection(.query) { connection throws(SQLiteError) in
                try connection.immediateTransaction { () throws(SQLiteError) -> [StoreOutcome] in
                    var outcomes: [StoreOutcome] = []
                    for entry in batch { outcomes.append(try Self.insert(entry.report, connection)) }
                    return outcomes
                }
            }
            return outcomes.map { .success($0) }
        } catch {
            guard batch.count > 1 else { return [.failure(error)] }
            return batch.map { entry in
                Result { () throws(ReportStoreError) -> StoreOutcome in
                    try withConnection(.query) { connection throws(SQLiteError) in
                        try connection.immediateTransaction { () throws(SQLiteError) in try Self.insert(entry.report, connection) }
                    }
                }
            }
        }
    }

    /// The report's row (or its duplicate count), certificates and body, inside the caller's transaction.
    private static func insert(_ report: ReceivedReport, _ connection: SQLiteConnection) throws(SQLiteError) -> StoreOutcome {
        let keys = ReportKeys(report)
        func run(_ sql: String, _ values: [StoredRow.Value]) throws(SQLiteError) -> [[String?]] {
            try textRows(connection.query(sql, values.map(value)))
        }
        // A duplicate's chain is already stored, so this changes nothing then.
        let chainID = try keys.storeChain(dialect, noID: noChainID, run)
        let reportRow = StoredRow.report(report, chainID: chainID)
        let rows = try connection.query(
            reportRow.insert(placeholder: placeholder)
                + " ON CONFLICT (deduplication_key) DO UPDATE SET duplicate_count = duplicate_count + 1"
                + " RETURNING id, duplicate_count, received_at_ms, group_key",
            reportRow.values.map(value))
        guard let row = rows.first, let id = row[0].integer, let duplicates = row[1].integer, let received = row[2].integer,
              case .text(let groupKey) = row[3]
        else {
            throw SQLiteError(code: 0, message: "INSERT … RETURNING gave no row", context: "store")
        }
        guard duplicates == 0 else {
            try ReportHours.addDuplicate(groupKey: groupKey, receivedMs: received, dialect, run)
            return .duplicate(id: id)
        }
        try ReportHours.add(ReportHours.Dimensions(report, chainID: chainID), groupKey: groupKey, id: id, receivedMs: received, dialect, run)
        for stored in report.certificates.map({ StoredRow.certificate($0, reportID: id) }) + [StoredRow.body(report, reportID: id)] {
            try connection.query(stored.insert(placeholder: placeholder), stored.values.map(value))
        }
        try keys.storeVouchedKeys(dialect, run)
        return .stored(id: id)
    }

    private static func placeholder(_ position: Int) -> String { "?\(position)" }

    private static let dialect = SQLDialect.sqlite

    private static let noChainID = SQLiteError(code: 0, message: "INSERT INTO chains … RETURNING gave no id", context: "store")

    /// Rows as the analysis reads them: every value as text.
    private static func textRows(_ rows: [[SQLiteValue]]) -> [[String?]] {
        rows.map { row in
            row.map { value -> String? in
                switch value {
                case .integer(let integer): return String(integer)
                case .real(let real): return String(real)
                case .text(let text): return text
                case .blob(let bytes): return String(decoding: bytes, as: UTF8.self)
                case .null: return nil
                }
            }
        }
    }

    /// The analysis's queries, in one read transaction on one of the analysis's read-only connections: one
    /// snapshot, and the writer never waits for it (WAL).
    public func read<T>(_ body: (any AnalysisReader) throws(ReportStoreError) -> T) throws(ReportStoreError) -> T {
        let connection = try borrowAnalysisConnection()
        defer { giveBack(connection) }
        do {
            try connection.execute("BEGIN")
        } catch {
            throw ReportStoreError(.query, location: path, detail: error.description)
        }
        defer { try? connection.execute("COMMIT") }
        return try body(SnapshotReader(connection: connection, path: path))
    }

    private struct SnapshotReader: AnalysisReader {
        let connection: SQLiteConnection
        let path: String

        func rows(_ sql: String, _ parameters: [StoredRow.Value]) throws(ReportStoreError) -> [[String?]] {
            do {
                return SQLiteReportStore.textRows(try connection.query(sql, parameters.map(SQLiteReportStore.value)))
            } catch {
                throw ReportStoreError(.query, location: path, detail: error.description)
            }
        }
    }

    private static func value(_ value: StoredRow.Value) -> SQLiteValue {
        switch value {
        case .text(let text): return .text(text)
        case .integer(let integer): return .integer(integer)
        case .boolean(let flag): return .bool(flag)
        case .bytes(let bytes): return .blob(bytes)
        case .null: return .null
        }
    }

    public func recordMalformed(_ rejection: MalformedReport) throws(ReportStoreError) {
        try withConnection(.query) { connection throws(SQLiteError) in
            _ = try connection.query(
                """
                INSERT INTO malformed_bodies (reason, count, last_source, last_received_ms) VALUES (?1, 1, ?2, ?3)
                ON CONFLICT (reason) DO UPDATE SET count = count + 1, last_source = ?2, last_received_ms = ?3
                """,
                [.text(rejection.reason), .text(rejection.source), .integer(rejection.receivedAt.epochMilliseconds)])
        }
    }

    public func reports(since: Date?) throws(ReportStoreError) -> [StoredReport] {
        try reports(where: "received_at_ms >= ?1", since?.epochMilliseconds ?? Int64.min)
    }

    public func report(id: Int64) throws(ReportStoreError) -> StoredReport? {
        try reports(where: "id = ?1", id).first
    }

    /// The reports whose row matches `condition` (on the reports table, with `?1` bound to `value`), oldest
    /// first, with their chains, read in one snapshot.
    private func reports(where condition: String, _ value: Int64) throws(ReportStoreError) -> [StoredReport] {
        let (reportRows, certificateRows) = try withReader(.query) { connection throws(SQLiteError) in
            // One read transaction, so the two queries see the same snapshot.
            try connection.execute("BEGIN")
            defer { try? connection.execute("COMMIT") }
            let reports = try connection.query(
                """
                SELECT id, received_at_ms, source, app_bundle_id, app_version, app_platform, app_platform_version,
                    app_vendor_id, trustkit_version, date_time_ms, hostname, port, noted_hostname, include_subdomains,
                    enforce_pinning, validated_certificate_chain, known_pins, validation_result,
                    known_pins_expiration_ms, anchor_check, anchor_reason, duplicate_count, report_format,
                    served_certificate_chain
                FROM reports WHERE \(condition) ORDER BY received_at_ms, id
                """, [.integer(value)])
            let certificates = try connection.query(
                """
                SELECT c.report_id, c.position, c.subject, c.issuer, c.spki_pin, c.sha256, c.not_before_ms, c.not_after_ms
                FROM report_certificates c JOIN reports r ON r.id = c.report_id
                WHERE r.\(condition) ORDER BY c.report_id, c.position
                """, [.integer(value)])
            return (reports, certificates)
        }
        var chains: [Int64: [ReportedCertificate]] = [:]
        for row in certificateRows {
            guard let reportID = row[0].integer, let certificate = Self.certificate(row) else {
                throw corrupt("report_certificates row \(row.first.map { "\($0)" } ?? "")")
            }
            chains[reportID, default: []].append(certificate)
        }
        var result: [StoredReport] = []
        result.reserveCapacity(reportRows.count)
        for row in reportRows {
            guard let report = Self.report(row, chains) else { throw corrupt("reports row id \(row[0])") }
            result.append(report)
        }
        return result
    }

    public func rawBody(reportID id: Int64) throws(ReportStoreError) -> [UInt8]? {
        try withReader(.query) { connection throws(SQLiteError) in
            try connection.query("SELECT body FROM report_bodies WHERE report_id = ?1", [.integer(id)]).first?.first?.blob
        }
    }

    public func failureCount(hostname: String, since: Date) throws(ReportStoreError) -> Int {
        try withReader(.query) { connection throws(SQLiteError) in
            let row = try connection.query("SELECT count(*) FROM reports WHERE hostname = ?1 AND received_at_ms >= ?2",
                                           [.text(hostname), .integer(since.epochMilliseconds)]).first
            return Int(row?.first?.integer ?? 0)
        }
    }

    public func deleteReports(receivedBefore cutoff: Date, limit: Int) throws(ReportStoreError) -> Int {
        try withConnection(.query) { connection throws(SQLiteError) in
            try connection.immediateTransaction { () throws(SQLiteError) in
                let batch = try connection.query(
                    "SELECT id, received_at_ms FROM reports WHERE received_at_ms < ?1 ORDER BY received_at_ms, id LIMIT ?2",
                    [.integer(cutoff.epochMilliseconds), .integer(Int64(limit))])
                let ids = batch.compactMap { $0.first?.integer }
                for id in ids {
                    _ = try connection.query("DELETE FROM report_certificates WHERE report_id = ?1", [.integer(id)])
                    _ = try connection.query("DELETE FROM report_bodies WHERE report_id = ?1", [.integer(id)])
                    _ = try connection.query("DELETE FROM reports WHERE id = ?1", [.integer(id)])
                }
                // Oldest first, so the batch's hours run from its first row's to its last's.
                if let first = batch.first?.last?.integer, let last = batch.last?.last?.integer {
                    try ReportHours.rebuild(from: ReportHours.hourStart(first), to: ReportHours.hourStart(last) + ReportHours.hourMs,
                                            Self.dialect) { sql, values throws(SQLiteError) in
                        try Self.textRows(connection.query(sql, values.map(Self.value)))
                    }
                }
                // The last batch: every report before the cutoff is gone, so is every vouching for a key there.
                if ids.count < limit {
                    _ = try connection.query("DELETE FROM known_keys WHERE last_vouched_ms < ?1", [.integer(cutoff.epochMilliseconds)])
                }
                return ids.count
            }
        }
    }

    public func statistics() throws(ReportStoreError) -> ReportStoreStatistics {
        let (totals, malformed) = try withReader(.query) { connection throws(SQLiteError) in
            try connection.execute("BEGIN")
            defer { try? connection.execute("COMMIT") }
            let totals = try connection.query(
                "SELECT count(*), coalesce(sum(duplicate_count), 0), min(received_at_ms), max(received_at_ms) FROM reports")
            let malformed = try connection.query("SELECT reason, count FROM malformed_bodies")
            return (totals, malformed)
        }
        let row = totals.first ?? []
        var byReason: [String: Int] = [:]
        for entry in malformed {
            if let reason = entry[0].text, let count = entry[1].integer { byReason[reason] = Int(count) }
        }
        return ReportStoreStatistics(
            storedReports: Int(row.first?.integer ?? 0), duplicates: Int(row.count > 1 ? row[1].integer ?? 0 : 0),
            malformedByReason: byReason,
            firstReceived: row.count > 2 ? row[2].integer.map(Date.init(epochMilliseconds:)) : nil,
            lastReceived: row.count > 3 ? row[3].integer.map(Date.init(epochMilliseconds:)) : nil)
    }

    public func close() {
        lock.lock()
        defer { lock.unlock() }
        connection?.close()
        connection = nil
        readLock.lock()
        defer { readLock.unlock() }
        reader?.close()
        reader = nil
        closedFlag.withLock { $0 = true }
        analysisPool.lock()
        defer { analysisPool.unlock() }
        idleAnalysis.forEach { $0.close() }
        openAnalysis -= idleAnalysis.count
        idleAnalysis = []
        analysisPool.broadcast()
    }

    private var isClosed: Bool { closedFlag.withLock { $0 } }

    // MARK: -

    /// `body` on the read-only connection, opened on first use.
    private func withReader<T>(_ kind: ReportStoreError.Kind, _ body: (SQLiteConnection) throws(SQLiteError) -> T)
        throws(ReportStoreError) -> T
    {
        readLock.lock()
        defer { readLock.unlock() }
        let connection = try opened(&reader)
        do {
            return try body(connection)
        } catch {
            throw ReportStoreError(kind, location: path, detail: error.description)
        }
    }

    private func borrowAnalysisConnection() throws(ReportStoreError) -> SQLiteConnection {
        analysisPool.lock()
        defer { analysisPool.unlock() }
        while idleAnalysis.isEmpty && openAnalysis >= Self.analysisConnections && !isClosed { analysisPool.wait() }
        if let idle = idleAnalysis.popLast() { return idle }
        var fresh: SQLiteConnection?
        let connection = try opened(&fresh)
        openAnalysis += 1
        return connection
    }

    private func giveBack(_ connection: SQLiteConnection) {
        analysisPool.lock()
        defer { analysisPool.unlock() }
        if isClosed {
            connection.close()
            openAnalysis -= 1
        } else {
            idleAnalysis.append(connection)
        }
        analysisPool.signal()
    }

    /// The read-only connection `slot` holds, opened on first use; its lock must be held.
    private func opened(_ slot: inout SQLiteConnection?) throws(ReportStoreError) -> SQLiteConnection {
        guard !isClosed else { throw ReportStoreError(.closed, location: path, detail: "closed") }
        if let slot { return slot }
        do {
            let opened = try SQLiteConnection(path: path, create: false, readOnly: true)
            try opened.execute("PRAGMA query_only = ON;")
            slot = opened
            return opened
        } catch {
            throw ReportStoreError(.open, location: path, detail: error.description)
        }
    }

    private func withConnection<T>(_ kind: ReportStoreError.Kind, _ body: (SQLiteConnection) throws(SQLiteError) -> T)
        throws(ReportStoreError) -> T
    {
        lock.lock()
        defer { lock.unlock() }
        guard let connection else { throw ReportStoreError(.closed, location: path, detail: "closed") }
        do {
            return try body(connection)
        } catch {
            if error.context == "schema_too_new" { throw ReportStoreError(.schemaTooNew, location: path, detail: error.message) }
            throw ReportStoreError(kind, location: path, detail: error.description)
        }
    }

    private func corrupt(_ what: String) -> ReportStoreError { ReportStoreError(.corrupt, location: path, detail: what) }

    private static func certificate(_ row: [SQLiteValue]) -> ReportedCertificate? {
        guard row.count == 8, let position = row[1].integer, let subject = row[2].text, let issuer = row[3].text,
              let pin = row[4].text, let sha256 = row[5].text, let notBefore = row[6].integer, let notAfter = row[7].integer
        else { return nil }
        return ReportedCertificate(position: Int(position), subject: subject, issuer: issuer, spkiPin: pin, sha256: sha256,
                                   notBefore: Date(epochMilliseconds: notBefore), notAfter: Date(epochMilliseconds: notAfter))
    }

    private static func report(_ row: [SQLiteValue], _ chains: [Int64: [ReportedCertificate]]) -> StoredReport? {
        guard row.count == 24, let id = row[0].integer, let received = row[1].integer, let source = row[2].text,
              let bundle = row[3].text, let version = row[4].text, let platform = row[5].text,
              let vendor = row[7].text, let dateTime = row[9].integer,
              let hostname = row[10].text, let port = row[11].integer, let noted = row[12].text,
              let includeSubdomains = row[13].integer,
              let chain = row[15].text.flatMap(StoredListCoding.decode), let pins = row[16].text.flatMap(StoredListCoding.decode),
              let result = row[17].integer.flatMap({ TrustKitEvaluationResult(rawValue: Int($0)) }),
              let anchorCode = row[19].text, let anchor = AnchorCheck(code: anchorCode, reason: row[20].text),
              let duplicates = row[21].integer, let format = row[22].text.flatMap(TrustKitReportFormat.init(rawValue:))
        else { return nil }
        // Nullable columns: NULL is a field the report's format lacks; any other non-text value is corrupt.
        guard let platformVersion = optional(row[6], \.text), let trustKitVersion = optional(row[8], \.text),
              let enforce = optional(row[14], \.integer),
              let served = optional(row[23], { $0.text.flatMap(StoredListCoding.decode) })
        else { return nil }
        let body = TrustKitReportBody(
            appBundleID: bundle, appVersion: version, appPlatform: ReportPlatform(rawValue: platform),
            appPlatformVersion: platformVersion, appVendorID: vendor, trustKitVersion: trustKitVersion,
            dateTime: Date(epochMilliseconds: dateTime), hostname: hostname, port: Int(port), notedHostname: noted,
            includeSubdomains: includeSubdomains != 0, enforcePinning: enforce.map { $0 != 0 },
            validatedCertificateChain: chain, knownPins: pins, validationResult: result,
            knownPinsExpirationDate: row[18].integer.map(Date.init(epochMilliseconds:)),
            servedCertificateChain: served, format: format)
        return StoredReport(id: id, body: body, receivedAt: Date(epochMilliseconds: received), source: source,
                            certificates: chains[id] ?? [], anchorCheck: anchor, duplicateCount: Int(duplicates))
    }

    /// A nullable column: `.some(nil)` for NULL, `.some(value)` when `read` makes a value of it, nil (corrupt)
    /// otherwise.
    private static func optional<T>(_ value: SQLiteValue, _ read: (SQLiteValue) -> T?) -> T?? {
        if case .null = value { return .some(nil) }
        return read(value).map { .some($0) }
    }
}

/// One caller's report waiting for a group commit, and its outcome once committed.
private final class PendingStore {
    let report: ReceivedReport
    var outcome: Result<StoreOutcome, ReportStoreError>?

    init(_ report: ReceivedReport) { self.report = report }
}
