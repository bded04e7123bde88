import Foundation

/// What the analysis needs of a report's keys, written when the report is stored so that no read has to
/// open a chain: the chain's distinct SPKI pins (one `chains` row shared by every report of that chain, its
/// pins in `chain_keys`), and, for a report whose chain the collector verified, the keys it vouches for (its
/// chain's pins and its known pins, in `known_keys` with the last time any verified report vouched for them).
///
/// A key is known in a window when a verified report received in the window vouched for it, that is, when its
/// `last_vouched_ms` is in the window; a chain has unknown keys in a window when none of its `chain_keys` is
/// known there (`ReportAnalysis`).
struct ReportKeys: Sendable, Hashable {
    /// The chain's distinct SPKI pins, sorted; empty when no certificate could be read.
    let chainPins: [String]
    /// The keys this report vouches for, sorted: empty unless its chain was verified.
    let vouchedKeys: [String]
    /// When the report arrived (what `last_vouched_ms` records).
    let receivedAt: Date

    /// The keys of a report whose chain's certificates have `spkiPins`.
    init(spkiPins: [String], knownPinHashes: [String], anchorCheck: AnchorCheck, receivedAt: Date) {
        chainPins = Array(Set(spkiPins)).sorted()
        vouchedKeys = anchorCheck.isVerified ? Array(Set(chainPins + knownPinHashes)).sorted() : []
        self.receivedAt = receivedAt
    }

    init(_ report: ReceivedReport) {
        self.init(spkiPins: report.certificates.map(\.spkiPin), knownPinHashes: report.body.knownPinHashes,
                  anchorCheck: report.anchorCheck, receivedAt: report.receivedAt)
    }

    /// The `chains` row's unique text: the pins in order, space-separated (base64 has no space).
    var fingerprint: String? { chainPins.isEmpty ? nil : chainPins.joined(separator: " ") }

    /// Returns the chain's id, inserting it when new (an upsert that changes nothing, so that it returns the
    /// id in both databases).
    private static func chainStatement(_ sql: SQLDialect) -> String {
        "INSERT INTO chains (fingerprint) VALUES (\(sql.placeholder(1))) ON CONFLICT (fingerprint)"
            + " DO UPDATE SET fingerprint = EXCLUDED.fingerprint RETURNING id"
    }

    private static func chainKeyStatement(_ sql: SQLDialect) -> String {
        "INSERT INTO chain_keys (chain_id, pin) VALUES (\(sql.placeholder(1)), \(sql.placeholder(2))) ON CONFLICT DO NOTHING"
    }

    private static func knownKeyStatement(_ sql: SQLDialect) -> String {
        "INSERT INTO known_keys (pin, last_vouched_ms) VALUES (\(sql.placeholder(1)), \(sql.placeholder(2)))"
            + " ON CONFLICT (pin) DO UPDATE SET last_vouched_ms = \(sql.greatest)(known_keys.last_vouched_ms, EXCLUDED.last_vouched_ms)"
    }

    /// Stores the chain (when there is one) through `run` (a statement, its parameters, its rows as text)
    /// and returns its id; `noID` is the error when the database returns none.
    func storeChain<Failure: Error>(_ sql: SQLDialect, noID: Failure,
                                    _ run: (String, [StoredRow.Value]) throws(Failure) -> [[String?]]) throws(Failure) -> Int64?
    {
        guard let fingerprint else { return nil }
        guard let id = try run(Self.chainStatement(sql), [.text(fingerprint)]).first?.integer(0) else { throw noID }
        for pin in chainPins { _ = try run(Self.chainKeyStatement(sql), [.integer(id), .text(pin)]) }
        return id
    }

    /// Records the keys this report vouches for through `run`.
    func storeVouchedKeys<Failure: Error>(_ sql: SQLDialect,
                                          _ run: (String, [StoredRow.Value]) throws(Failure) -> [[String?]]) throws(Failure)
    {
        for pin in vouchedKeys { _ = try run(Self.knownKeyStatement(sql), [.text(pin), .integer(receivedAt.epochMilliseconds)]) }
    }
}

extension ReportKeys {
    /// Reports read per batch when deriving the keys of reports stored before `chains` existed.
    static let backfillBatch = 2_000

    /// Derives and stores the keys of every report already stored (a migration's step, inside its
    /// transaction), in batches of `backfillBatch` reports by id, through `run`.
    static func backfill<Failure: Error>(_ sql: SQLDialect, noID: Failure,
                                         _ run: (String, [StoredRow.Value]) throws(Failure) -> [[String?]]) throws(Failure)
    {
        let p = sql.placeholder
        var after = Int64.min
        while true {
            let rows = try run("SELECT id, received_at_ms, anchor_check, anchor_reason, known_pins FROM reports WHERE id > \(p(1))"
                               + " ORDER BY id LIMIT \(p(2))", [.integer(after), .integer(Int64(backfillBatch))])
            guard let last = rows.last?.integer(0) else { return }
            var pins: [Int64: [String]] = [:]
            for row in try run("SELECT report_id, spki_pin FROM report_certificates WHERE report_id > \(p(1))"
                               + " AND report_id <= \(p(2)) ORDER BY report_id, position", [.integer(after), .integer(last)])
            {
                if let id = row.integer(0), let pin = row.text(1) { pins[id, default: []].append(pin) }
            }
            for row in rows {
                guard let id = row.integer(0), let received = row.integer(1),
                      let anchor = row.text(2).flatMap({ AnchorCheck(code: $0, reason: row.text(3)) })
                else { continue }
                let known = (row.text(4).flatMap(StoredListCoding.decode) ?? []).map(TrustKitReportBody.pinHash)
                let keys = ReportKeys(spkiPins: pins[id] ?? [], knownPinHashes: known, anchorCheck: anchor,
                                      receivedAt: Date(epochMilliseconds: received))
                if let chain = try keys.storeChain(sql, noID: noID, run) {
                    _ = try run("UPDATE reports SET chain_id = \(p(1)) WHERE id = \(p(2))", [.integer(chain), .integer(id)])
                }
                try keys.storeVouchedKeys(sql, run)
            }
            after = last
        }
    }
}
