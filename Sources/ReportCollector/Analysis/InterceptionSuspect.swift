import Foundation
import Pinning

/// `GET /api/suspects`: one reported chain (per host and leaf certificate) that looks like interception —
/// a corporate TLS proxy or an attacker. Why: `does_not_chain` (it does not chain to the anchors, at the
/// device's time or at the collector's) and/or `unknown_keys` (none of its keys is known: a key is known when
/// it is in a chain the collector verified, or a known pin of a report whose chain it verified).
///
/// Only verified reports vouch for keys: anyone who can POST can send a report, so a report whose chain does
/// not chain to the anchors (or was not checked) cannot make another report's key known and so erase a
/// suspect. A device with a wrong clock (`AnchorCheck.clockSkew`) is not a suspect: its chain chains.
public struct InterceptionSuspect: Sendable, Hashable, Encodable {
    public static let doesNotChain = "does_not_chain"
    public static let unknownKeys = "unknown_keys"

    public let host: String
    public let notedHostname: String
    public let reasons: [String]
    public let anchorReason: String?
    public let leafSubject: String?
    public let leafSHA256: String?
    /// The chain's distinct issuer names, leaf first: who minted the chain.
    public let issuers: [String]
    /// The chain's SPKI pins that are not known keys.
    public let unknownPins: [String]
    public let reports: Int
    public let firstSeen: Date
    public let lastSeen: Date
    public let appVersions: [String]
    public let platforms: [String]
    /// The id of the group's latest report (`GET /api/reports/ID`).
    public let latestReportID: Int64

    enum CodingKeys: String, CodingKey {
        case host, notedHostname = "noted_hostname", reasons, anchorReason = "anchor_reason", leafSubject = "leaf_subject"
        case leafSHA256 = "leaf_sha256", issuers, unknownPins = "unknown_pins", reports, firstSeen = "first_seen"
        case lastSeen = "last_seen", appVersions = "app_versions", platforms, latestReportID = "latest_report_id"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(host, forKey: .host)
        try container.encode(notedHostname, forKey: .notedHostname)
        try container.encode(reasons, forKey: .reasons)
        try container.encode(anchorReason, forKey: .anchorReason)
        try container.encode(leafSubject, forKey: .leafSubject)
        try container.encode(leafSHA256, forKey: .leafSHA256)
        try container.encode(issuers, forKey: .issuers)
        try container.encode(unknownPins, forKey: .unknownPins)
        try container.encode(reports, forKey: .reports)
        try container.encode(firstSeen, forKey: .firstSeen)
        try container.encode(lastSeen, forKey: .lastSeen)
        try container.encode(appVersions, forKey: .appVersions)
        try container.encode(platforms, forKey: .platforms)
        try container.encode(latestReportID, forKey: .latestReportID)
    }

    /// The suspects among `reports`, most reported first.
    static func find(in reports: [StoredReport]) -> [InterceptionSuspect] {
        var knownKeys: Set<String> = []
        for report in reports where report.anchorCheck.isVerified {
            knownKeys.formUnion(report.body.knownPinHashes)
            knownKeys.formUnion(report.certificates.map(\.spkiPin))
        }

        var groups: [[String]: [StoredReport]] = [:]
        var order: [[String]] = []
        for report in reports where !reasons(report, knownKeys).isEmpty {
            let key = [report.body.hostname, report.certificates.first?.sha256 ?? ""]
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(report)
        }
        return order.compactMap { key -> InterceptionSuspect? in
            guard let group = groups[key], let first = group.first else { return nil }
            let chain = first.certificates
            var issuers: [String] = []
            for certificate in chain where !issuers.contains(certificate.issuer) { issuers.append(certificate.issuer) }
            var unknown: [String] = []
            for pin in chain.map(\.spkiPin) where !knownKeys.contains(pin) && !unknown.contains(pin) { unknown.append(pin) }
            return InterceptionSuspect(
                host: first.body.hostname, notedHostname: first.body.notedHostname, reasons: reasons(first, knownKeys),
                anchorReason: first.anchorCheck.reason, leafSubject: chain.first?.subject, leafSHA256: chain.first?.sha256,
                issuers: issuers, unknownPins: unknown, reports: group.count,
                firstSeen: group.map(\.receivedAt).min() ?? first.receivedAt,
                lastSeen: group.map(\.receivedAt).max() ?? first.receivedAt,
                appVersions: Set(group.map(\.body.appVersion)).sorted(by: AppVersionOrder.areInIncreasingOrder),
                platforms: Set(group.map(\.body.appPlatform.rawValue)).sorted(),
                latestReportID: group.max { ($0.receivedAt, $0.id) < ($1.receivedAt, $1.id) }?.id ?? first.id)
        }.sorted { ($0.reports, $1.host) > ($1.reports, $0.host) }
    }

    private static func reasons(_ report: StoredReport, _ knownKeys: Set<String>) -> [String] {
        var reasons: [String] = []
        if case .doesNotChain = report.anchorCheck { reasons.append(doesNotChain) }
        if !report.certificates.isEmpty && report.certificates.allSatisfy({ !knownKeys.contains($0.spkiPin) }) {
            reasons.append(unknownKeys)
        }
        return reasons
    }
}
