import Foundation

/// The reports counted by the hour they arrived in and by everything the analysis groups on (`report_hours`),
/// kept as reports are stored, resent and deleted, so that a read sums a few rows per hour and group instead
/// of counting every report (`AnalysisSQL`).
///
/// A row holds the reports of one hour (`hour_ms`, the start of the hour their `received_at_ms` falls in)
/// that agree on every `Dimensions` column; `group_key` names that agreement (a hash, so that the key
/// stays short whatever the reporter sent) and is stored on each report too, so a row can be rebuilt from
/// its reports in SQL. Two rows of the same hour and key would only add up, so every read sums rows.
enum ReportHours {
    /// An hour in milliseconds.
    static let hourMs: Int64 = 3_600_000

    /// The start of the hour `milliseconds` falls in, as the SQL below computes it (integer division;
    /// receipt times are after 1970).
    static func hourStart(_ milliseconds: Int64) -> Int64 { milliseconds / hourMs * hourMs }

    /// The first hour that starts at or after `milliseconds` (which is at least 0).
    static func firstWholeHour(from milliseconds: Int64) -> Int64 {
        milliseconds % hourMs == 0 ? milliseconds : hourStart(milliseconds) + hourMs
    }

    /// A report's columns that the analysis groups on, as they are stored.
    struct Dimensions: Sendable, Hashable {
        let hostname: String
        let notedHostname: String
        let leafSHA256: String
        let chainID: Int64?
        let anchorCheck: String
        let appVersion: String
        let appPlatform: String
        /// The known pins as stored (`StoredListCoding`).
        let knownPins: String
        let enforcePinning: Bool?

        /// The columns' digest (`FieldDigest`).
        var groupKey: String {
            FieldDigest.sha256Hex([hostname, notedHostname, leafSHA256, chainID.map { String($0) } ?? "", anchorCheck, appVersion,
                                   appPlatform, knownPins, enforcePinning.map { $0 ? "1" : "0" } ?? ""])
        }

        /// The columns in `columns`' order, after `hour_ms` and `group_key`.
        var values: [StoredRow.Value] {
            [.text(hostname), .text(notedHostname), .text(leafSHA256), .integer(orNull: chainID), .text(anchorCheck),
             .text(appVersion), .text(appPlatform), .text(knownPins), enforcePinning.map(StoredRow.Value.boolean) ?? .null]
        }

        static let columns = "hostname, noted_hostname, leaf_sha256, chain_id, anchor_check, app_version, app_platform, known_pins, enforce_pinning"
    }

    /// Counts a newly stored report (`id`, received at `receivedMs`, its row's `groupKey`) in its hour.
    static func add<Failure: Error>(_ dimensions: Dimensions, groupKey: String, id: Int64, receivedMs: Int64, _ sql: SQLDialect,
                                    _ run: (String, [StoredRow.Value]) throws(Failure) -> [[String?]]) throws(Failure)
    {
        let p = sql.placeholder
        let values: [StoredRow.Value] = [.integer(hourStart(receivedMs)), .text(groupKey)] + dimensions.values
            + [.integer(receivedMs), .integer(id)]
        _ = try run(
            """
            INSERT INTO report_hours (hour_ms, group_key, \(Dimensions.columns), reports, duplicates, first_ms, last_ms, first_id, last_id)
            VALUES (\((1...11).map(p).joined(separator: ", ")), 1, 0, \(p(12)), \(p(12)), \(p(13)), \(p(13)))
            ON CONFLICT (hour_ms, group_key) DO UPDATE SET reports = report_hours.reports + 1,
                first_ms = \(sql.least)(report_hours.first_ms, EXCLUDED.first_ms), last_ms = \(sql.greatest)(report_hours.last_ms, EXCLUDED.last_ms),
                first_id = \(sql.least)(report_hours.first_id, EXCLUDED.first_id), last_id = \(sql.greatest)(report_hours.last_id, EXCLUDED.last_id)
            """, values)
    }

    /// Counts a resend of the stored report whose row has `groupKey` and `receivedMs`.
    static func addDuplicate<Failure: Error>(groupKey: String, receivedMs: Int64, _ sql: SQLDialect,
                                             _ run: (String, [StoredRow.Value]) throws(Failure) -> [[String?]]) throws(Failure)
    {
        _ = try run("UPDATE report_hours SET duplicates = duplicates + 1 WHERE hour_ms = \(sql.placeholder(1)) AND group_key = \(sql.placeholder(2))",
                    [.integer(hourStart(receivedMs)), .text(groupKey)])
    }

    /// Counts the hours from `from` to before `to` (hour starts) again from the reports stored in them: after
    /// a deletion, and when the table is first made.
    static func rebuild<Failure: Error>(from: Int64, to: Int64, _ sql: SQLDialect,
                                        _ run: (String, [StoredRow.Value]) throws(Failure) -> [[String?]]) throws(Failure)
    {
        let p = sql.placeholder
        let range: [StoredRow.Value] = [.integer(from), .integer(to)]
        _ = try run("DELETE FROM report_hours WHERE hour_ms >= \(p(1)) AND hour_ms < \(p(2))", range)
        _ = try run(
            """
            INSERT INTO report_hours (hour_ms, group_key, \(Dimensions.columns), reports, duplicates, first_ms, last_ms, first_id, last_id)
            SELECT received_at_ms / \(hourMs) * \(hourMs), group_key, \(Dimensions.columns), count(*), sum(duplicate_count),
                min(received_at_ms), max(received_at_ms), min(id), max(id)
            FROM reports WHERE received_at_ms >= \(p(1)) AND received_at_ms < \(p(2))
            GROUP BY received_at_ms / \(hourMs) * \(hourMs), group_key, \(Dimensions.columns)
            """, range)
    }

    /// Every hour, from every stored report.
    static func rebuildAll<Failure: Error>(_ sql: SQLDialect, _ run: (String, [StoredRow.Value]) throws(Failure) -> [[String?]]) throws(Failure) {
        try rebuild(from: Int64.min, to: Int64.max, sql, run)
    }

    /// Reports read per batch when deriving the group keys of reports stored before `report_hours` existed.
    static let backfillBatch = 2_000

    /// Derives every stored report's group key (a migration's step, inside its transaction, after
    /// `ReportKeys.backfill` has named each report's chain), then counts every hour.
    static func backfill<Failure: Error>(_ sql: SQLDialect, _ run: (String, [StoredRow.Value]) throws(Failure) -> [[String?]]) throws(Failure) {
        let p = sql.placeholder
        var after = Int64.min
        while true {
            let rows = try run("SELECT id, \(Dimensions.columns) FROM reports WHERE id > \(p(1)) ORDER BY id LIMIT \(p(2))",
                               [.integer(after), .integer(Int64(backfillBatch))])
            guard let last = rows.last?.integer(0) else { break }
            for row in rows {
                guard let id = row.integer(0) else { continue }
                let dimensions = Dimensions(
                    hostname: row.text(1) ?? "", notedHostname: row.text(2) ?? "", leafSHA256: row.text(3) ?? "",
                    chainID: row.integer(4), anchorCheck: row.text(5) ?? "", appVersion: row.text(6) ?? "",
                    appPlatform: row.text(7) ?? "", knownPins: row.text(8) ?? "", enforcePinning: storedBoolean(row.text(9)))
                _ = try run("UPDATE reports SET group_key = \(p(1)) WHERE id = \(p(2))", [.text(dimensions.groupKey), .integer(id)])
            }
            after = last
        }
        try rebuildAll(sql, run)
    }

    /// A boolean column as text: SQLite's `1`/`0`, PostgreSQL's `t`/`f`.
    private static func storedBoolean(_ text: String?) -> Bool? {
        switch text {
        case "1", "t", "true": return true
        case "0", "f", "false": return false
        default: return nil
        }
    }
}

// In an extension, so that `Dimensions` keeps its memberwise initializer.
extension ReportHours.Dimensions {
    init(_ report: ReceivedReport, chainID: Int64?) {
        let body = report.body
        self.init(hostname: body.hostname, notedHostname: body.notedHostname, leafSHA256: report.certificates.first?.sha256 ?? "",
                  chainID: chainID, anchorCheck: report.anchorCheck.code, appVersion: body.appVersion,
                  appPlatform: body.appPlatform.rawValue, knownPins: StoredListCoding.encode(body.knownPins),
                  enforcePinning: body.enforcePinning)
    }
}
