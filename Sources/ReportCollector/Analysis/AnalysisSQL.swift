import Foundation

/// The analysis's queries, written once for both databases (`AnalysisReader`), over a window starting at
/// `since`, and how their grouped rows become the analysis's answers.
///
/// They sum hourly counts (`ReportHours`) rather than count reports: a window is its whole hours from
/// `report_hours` and, when it starts inside an hour, that hour's reports after its start one by one
/// (`windowGroups`), so a read's work follows the hours and groups in the window, not the reports. Every
/// query binds the window's start as `?1`, and those over `windowGroups` its first whole hour as `?2`.
struct AnalysisSQL {
    /// Rows any one grouped query returns at most: a bound on a read's memory whatever was posted (host
    /// names, versions and pins are the reporter's free text), far above what real fleets send (a few
    /// hundred versions per domain).
    static let rowLimit = 10_000

    let since: Date?

    /// The window's start: receipt times are after 1970, so a window from before then is all of them.
    private var windowStart: Int64 { max(0, since?.epochMilliseconds ?? 0) }

    /// `?1` and `?2` of every query over `windowGroups`.
    private var window: [StoredRow.Value] { [.integer(windowStart), .integer(ReportHours.firstWholeHour(from: windowStart))] }

    /// The window's reports as rows of counts: its whole hours' rows of `report_hours`, then each report of the
    /// part of an hour it starts in as a row of one. `at_ms` is the row's hour (or the report's receipt time).
    private static let windowGroups = """
        (SELECT hostname, leaf_sha256, chain_id, anchor_check, app_version, app_platform, hour_ms AS at_ms, reports AS n,
            duplicates AS d, first_ms, last_ms, first_id, last_id FROM report_hours WHERE hour_ms >= ?2
         UNION ALL
         SELECT hostname, leaf_sha256, chain_id, anchor_check, app_version, app_platform, received_at_ms, 1, duplicate_count,
            received_at_ms, received_at_ms, id, id FROM reports WHERE received_at_ms >= ?1 AND received_at_ms < ?2) AS g
        """

    // MARK: - Summary

    func summary(_ reader: any AnalysisReader) throws(ReportStoreError) -> AnalysisSummary {
        let totals = try reader.row(
            """
            SELECT CAST(coalesce(sum(n), 0) AS BIGINT), CAST(coalesce(sum(d), 0) AS BIGINT), min(first_ms), max(last_ms),
                CAST(coalesce(sum(CASE WHEN anchor_check = 'clock_skew' THEN n ELSE 0 END), 0) AS BIGINT)
            FROM \(Self.windowGroups)
            """, window)
        var malformed: [String: Int] = [:]
        for row in try reader.rows("SELECT reason, count FROM malformed_bodies", []) {
            if let reason = row.text(0), let count = row.integer(1) { malformed[reason] = Int(count) }
        }
        return AnalysisSummary(
            since: since, storedReports: Int(totals.integer(0) ?? 0), duplicates: Int(totals.integer(1) ?? 0),
            malformed: malformed.values.reduce(0, +), malformedByReason: malformed,
            firstReceived: totals.integer(2).map(Date.init(epochMilliseconds:)),
            lastReceived: totals.integer(3).map(Date.init(epochMilliseconds:)),
            hosts: try hostCount(reader), suspects: try suspectCount(reader), clockSkew: Int(totals.integer(4) ?? 0))
    }

    // MARK: - Timeline

    /// Hosts with reports in the window (grouped rather than `count(DISTINCT …)`, which PostgreSQL sorts for).
    func hostCount(_ reader: any AnalysisReader) throws(ReportStoreError) -> Int {
        Int(try reader.row("SELECT count(*) FROM (SELECT hostname FROM \(Self.windowGroups) GROUP BY hostname) AS h",
                           window).integer(0) ?? 0)
    }

    func timeline(_ reader: any AnalysisReader, bucket: TimeInterval, limit: Int) throws(ReportStoreError) -> FailureTimeline {
        let seconds = max(1, Int64(bucket.rounded()))
        let bucketMs = seconds * 1000
        // Each bound from the index's end, not a scan.
        let span = try reader.row(
            """
            SELECT (SELECT min(received_at_ms) FROM reports WHERE received_at_ms >= ?1),
                (SELECT max(received_at_ms) FROM reports WHERE received_at_ms >= ?1)
            """, [window[0]])
        // The most reported hosts, and (over the whole grouping) how many hosts there are.
        let top = try reader.rows(
            """
            SELECT hostname, total, count(*) OVER () FROM (
                SELECT hostname, CAST(sum(n) AS BIGINT) AS total FROM \(Self.windowGroups) GROUP BY hostname) AS h
            ORDER BY total DESC, hostname LIMIT ?3
            """, window + [.integer(Int64(clamped(limit)))])
        let hostsTotal = Int(top.first?.integer(2) ?? 0)
        let hosts = top.compactMap { $0.text(0) }
        var points: [String: [FailureTimeline.Point]] = [:]
        var versions: [FailureTimeline.VersionCount] = []
        if !hosts.isEmpty {
            // Buckets of whole hours are sums of hours; any other size counts each report.
            let pointsQuery: (sql: String, values: [StoredRow.Value])
            if bucketMs % ReportHours.hourMs == 0 {
                let list = Self.list(hosts, from: 4)
                pointsQuery = ("SELECT hostname, at_ms / ?3, CAST(sum(n) AS BIGINT) FROM \(Self.windowGroups) WHERE hostname IN (\(list.sql))",
                               window + [.integer(bucketMs)] + list.values)
            } else {
                let list = Self.list(hosts, from: 3)
                pointsQuery = ("SELECT hostname, received_at_ms / ?2, count(*) FROM reports WHERE received_at_ms >= ?1 AND hostname IN (\(list.sql))",
                               [window[0], .integer(bucketMs)] + list.values)
            }
            for row in try reader.rows("\(pointsQuery.sql) GROUP BY 1, 2 ORDER BY 1, 2 LIMIT \(Self.rowLimit)", pointsQuery.values) {
                guard let host = row.text(0), let index = row.integer(1), let count = row.integer(2) else { continue }
                points[host, default: []].append(FailureTimeline.Point(start: Date(epochMilliseconds: index * bucketMs), count: Int(count)))
            }
            let versionList = Self.list(hosts, from: 3)
            for row in try reader.rows(
                """
                SELECT hostname, app_version, app_platform, CAST(sum(n) AS BIGINT) FROM \(Self.windowGroups)
                WHERE hostname IN (\(versionList.sql))
                GROUP BY 1, 2, 3 ORDER BY 1, 4 DESC LIMIT \(Self.rowLimit)
                """, window + versionList.values)
            {
                guard let host = row.text(0), let version = row.text(1), let platform = row.text(2), let count = row.integer(3) else { continue }
                versions.append(FailureTimeline.VersionCount(host: host, appVersion: version, platform: platform, count: Int(count)))
            }
        }
        func start(_ milliseconds: Int64) -> Date { Date(epochMilliseconds: (milliseconds / bucketMs) * bucketMs) }
        return FailureTimeline(
            since: since ?? span.integer(0).map(start), until: span.integer(1).map { start($0).addingTimeInterval(TimeInterval(seconds)) },
            bucketSeconds: Int(seconds), hostsTotal: hostsTotal,
            hosts: top.compactMap { row in
                row.text(0).map { FailureTimeline.HostSeries(host: $0, total: Int(row.integer(1) ?? 0), points: points[$0] ?? []) }
            },
            byVersion: versions.sorted {
                ($0.host, $1.count, $0.appVersion, $0.platform) < ($1.host, $0.count, $1.appVersion, $1.platform)
            })
    }

    // MARK: - Suspects

    /// The chains none of whose keys is known in the window: no verified report received in it vouched for
    /// any of them (`ReportKeys`).
    private static let chainsOfUnknownKeys = """
        SELECT c.id FROM chains c WHERE NOT EXISTS (
            SELECT 1 FROM chain_keys k JOIN known_keys n ON n.pin = k.pin WHERE k.chain_id = c.id AND n.last_vouched_ms >= ?1)
        """

    /// A row of `windowGroups` whose reports make a suspect (`InterceptionSuspect`): their chain does not
    /// chain to the anchors, or none of its keys is known.
    private static let isSuspect = """
        (anchor_check = 'does_not_chain' OR chain_id IN (\(chainsOfUnknownKeys)))
        """

    func suspectCount(_ reader: any AnalysisReader) throws(ReportStoreError) -> Int {
        Int(try reader.row("SELECT count(*) FROM (SELECT 1 FROM \(Self.windowGroups) WHERE \(Self.isSuspect) GROUP BY hostname, leaf_sha256) AS s",
                           window).integer(0) ?? 0)
    }

    /// `total`: `suspectCount` when the caller has it already.
    func suspects(_ reader: any AnalysisReader, limit: Int, offset: Int, total: Int? = nil) throws(ReportStoreError) -> InterceptionSuspect.Page {
        let groups = try reader.rows(
            """
            SELECT hostname, leaf_sha256, CAST(sum(n) AS BIGINT), min(first_ms), max(last_ms), min(first_id), max(last_id),
                max(CASE WHEN anchor_check = 'does_not_chain' THEN 1 ELSE 0 END),
                max(CASE WHEN chain_id IN (\(Self.chainsOfUnknownKeys)) THEN 1 ELSE 0 END)
            FROM \(Self.windowGroups) WHERE \(Self.isSuspect)
            GROUP BY hostname, leaf_sha256 ORDER BY sum(n) DESC, hostname, leaf_sha256 LIMIT ?3 OFFSET ?4
            """, window + [.integer(Int64(clamped(limit))), .integer(Int64(max(0, offset)))])
        var suspects: [InterceptionSuspect] = []
        for group in groups {
            guard let host = group.text(0), let leaf = group.text(1), let count = group.integer(2), let first = group.integer(3),
                  let last = group.integer(4), let representative = group.integer(5), let latest = group.integer(6)
            else { continue }
            suspects.append(try suspect(reader, host: host, leaf: leaf, reports: Int(count), firstSeen: first, lastSeen: last,
                                        representative: representative, latest: latest,
                                        doesNotChain: group.integer(7) == 1, unknownKeys: group.integer(8) == 1))
        }
        let count: Int
        if let total { count = total } else { count = try suspectCount(reader) }
        return InterceptionSuspect.Page(suspects: suspects, total: count, offset: max(0, offset))
    }

    /// One group's suspect: its chain and reasons as its first report has them, its versions and platforms.
    private func suspect(_ reader: any AnalysisReader, host: String, leaf: String, reports: Int, firstSeen: Int64, lastSeen: Int64,
                         representative: Int64, latest: Int64, doesNotChain: Bool, unknownKeys: Bool)
        throws(ReportStoreError) -> InterceptionSuspect
    {
        let report = try reader.row("SELECT noted_hostname, anchor_reason FROM reports WHERE id = ?1", [.integer(representative)])
        let chain = try reader.rows("SELECT subject, issuer, spki_pin, sha256 FROM report_certificates WHERE report_id = ?1 ORDER BY position",
                                    [.integer(representative)])
        let pins = chain.compactMap { $0.text(2) }
        var known: Set<String> = []
        if !pins.isEmpty {
            let list = Self.list(pins, from: 2)
            for row in try reader.rows("SELECT pin FROM known_keys WHERE last_vouched_ms >= ?1 AND pin IN (\(list.sql))",
                                       [window[0]] + list.values)
            {
                if let pin = row.text(0) { known.insert(pin) }
            }
        }
        var issuers: [String] = []
        for issuer in chain.compactMap({ $0.text(1) }) where !issuers.contains(issuer) { issuers.append(issuer) }
        var unknown: [String] = []
        for pin in pins where !known.contains(pin) && !unknown.contains(pin) { unknown.append(pin) }
        var versions: Set<String> = [], platforms: Set<String> = []
        for row in try reader.rows(
            """
            SELECT DISTINCT app_version, app_platform FROM \(Self.windowGroups)
            WHERE hostname = ?3 AND leaf_sha256 = ?4 AND \(Self.isSuspect) LIMIT \(Self.rowLimit)
            """, window + [.text(host), .text(leaf)])
        {
            if let version = row.text(0) { versions.insert(version) }
            if let platform = row.text(1) { platforms.insert(platform) }
        }
        var reasons: [String] = []
        if doesNotChain { reasons.append(InterceptionSuspect.doesNotChain) }
        if unknownKeys { reasons.append(InterceptionSuspect.unknownKeys) }
        return InterceptionSuspect(
            host: host, notedHostname: report.text(0) ?? "", reasons: reasons, anchorReason: report.text(1),
            leafSubject: chain.first?.text(0), leafSHA256: chain.first?.text(3), issuers: issuers, unknownPins: unknown,
            reports: reports, firstSeen: Date(epochMilliseconds: firstSeen), lastSeen: Date(epochMilliseconds: lastSeen),
            appVersions: versions.sorted(by: AppVersionOrder.areInIncreasingOrder), platforms: platforms.sorted(),
            latestReportID: latest)
    }

    // MARK: - Rotation

    func rotation(_ reader: any AnalysisReader, limit: Int, upcoming: UpcomingPins) throws(ReportStoreError) -> RotationReadiness {
        let named = try reader.rows(
            """
            SELECT noted_hostname, count(*) OVER () FROM (SELECT noted_hostname FROM report_hours GROUP BY noted_hostname) AS d
            ORDER BY noted_hostname LIMIT ?1
            """, [.integer(Int64(clamped(limit)))])
        let total = Int(named.first?.integer(1) ?? 0)
        let domains = named.compactMap { $0.text(0) }
        guard !domains.isEmpty else { return RotationReadiness(domains: [], domainsTotal: total) }
        let list = Self.list(domains, from: 1)
        var versionRows: [RotationReadiness.VersionRow] = []
        var decoded: [String: [String]] = [:]
        for row in try reader.rows(
            """
            SELECT noted_hostname, app_version, app_platform, known_pins, CAST(sum(reports) AS BIGINT),
                CAST(sum(CASE WHEN enforce_pinning IS TRUE THEN reports ELSE 0 END) AS BIGINT),
                CAST(sum(CASE WHEN enforce_pinning IS FALSE THEN reports ELSE 0 END) AS BIGINT), min(first_id)
            FROM report_hours WHERE noted_hostname IN (\(list.sql)) GROUP BY 1, 2, 3, 4 ORDER BY 8 LIMIT \(Self.rowLimit)
            """, list.values)
        {
            guard let domain = row.text(0), let version = row.text(1), let platform = row.text(2), let pinsText = row.text(3),
                  let count = row.integer(4)
            else { continue }
            let pins = decoded[pinsText] ?? (StoredListCoding.decode(pinsText) ?? []).map(TrustKitReportBody.pinHash)
            decoded[pinsText] = pins
            versionRows.append(RotationReadiness.VersionRow(
                domain: domain, appVersion: version, platform: platform, knownPins: pins, reports: Int(count),
                blocked: Int(row.integer(5) ?? 0), reportOnly: Int(row.integer(6) ?? 0)))
        }
        var chainPins: [String: [String: Int]] = [:]
        for row in try reader.rows(
            """
            SELECT g.noted_hostname, k.pin, CAST(sum(g.n) AS BIGINT) FROM (
                SELECT noted_hostname, chain_id, sum(reports) AS n FROM report_hours
                WHERE noted_hostname IN (\(list.sql)) AND chain_id IS NOT NULL GROUP BY noted_hostname, chain_id) AS g
            JOIN chain_keys k ON k.chain_id = g.chain_id GROUP BY 1, 2 LIMIT \(Self.rowLimit)
            """, list.values)
        {
            if let domain = row.text(0), let pin = row.text(1), let count = row.integer(2) { chainPins[domain, default: [:]][pin] = Int(count) }
        }
        return RotationReadiness(domains: domains, rows: versionRows, reportsWithPin: chainPins, upcoming: upcoming, domainsTotal: total)
    }

    // MARK: -

    private func clamped(_ limit: Int) -> Int { min(max(limit, ReportAnalysis.limitRange.lowerBound), ReportAnalysis.limitRange.upperBound) }

    /// Placeholders `?first`… for `values`, comma-separated, and the values to bind to them.
    private static func list(_ values: [String], from first: Int) -> (sql: String, values: [StoredRow.Value]) {
        (values.indices.map { "?\(first + $0)" }.joined(separator: ", "), values.map(StoredRow.Value.text))
    }
}
