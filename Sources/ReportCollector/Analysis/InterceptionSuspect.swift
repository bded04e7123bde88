import Foundation
import Pinning

/// `GET /api/suspects`: one reported chain (per host and leaf certificate) that looks like interception —
/// a corporate TLS proxy or an attacker. Why: `does_not_chain` (it does not chain to the anchors, at the
/// device's time or at the collector's) and/or `unknown_keys` (none of its keys is known: a key is known when
/// it is in a chain the collector verified, or a known pin of a report whose chain it verified).
///
/// Reports with the same host and leaf are one suspect: its chain, anchor reason and noted hostname are
/// those of the group's first stored report, its reasons every reason any of its reports has.
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
    /// The id of the group's most recently stored report (`GET /api/reports/ID`).
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

    /// One page of the suspects (`GET /api/suspects?limit=N&offset=M`): most reported first, then by host.
    public struct Page: Sendable, Hashable, Encodable {
        public let suspects: [InterceptionSuspect]
        /// Suspects in the window in all.
        public let total: Int
        /// How many come before this page.
        public let offset: Int
    }
}
