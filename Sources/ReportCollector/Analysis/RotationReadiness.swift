import Foundation
import Pinning

/// `GET /api/rotation`: for each pinned domain (`noted-hostname`), which app versions carry which pins, which
/// versions lack a pin for the key that will replace the current one (`UpcomingPins`), and which known pins
/// no reported chain ever carries (dead pins, or pins of keys not yet deployed). Built from every stored
/// report, whatever window the rest of the analysis covers: what a version pins does not change with time.
/// Each version's reports are split by `enforce-pinning`: `blocked` (the app refused the connection),
/// `report_only` (it went ahead and only reported) and `enforcement_unknown` (the report does not say),
/// which is what a rotation would do to that version.
/// At most a page of domains (the first by name); `domains_total` says how many there are.
/// Versions are in release order (`AppVersionOrder`). TrustKit reports only failures, so a version that
/// never failed is not seen at all.
public struct RotationReadiness: Sendable, Hashable, Encodable {
    public struct Version: Sendable, Hashable, Encodable {
        public let appVersion: String
        public let platform: String
        public let reports: Int
        /// Reports with `enforce-pinning` true: connections the app refused.
        public let blocked: Int
        /// Reports with `enforce-pinning` false: connections that went ahead, reported only.
        public let reportOnly: Int
        /// Reports that do not say (TrustKit before 1.5 sent no `enforce-pinning`).
        public let enforcementUnknown: Int
        public let knownPins: [String]
        /// nil when no next pin is configured for the domain.
        public let hasNextPin: Bool?

        enum CodingKeys: String, CodingKey {
            case appVersion = "app_version", platform, reports, blocked, reportOnly = "report_only"
            case enforcementUnknown = "enforcement_unknown", knownPins = "known_pins"
            case hasNextPin = "has_next_pin"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(appVersion, forKey: .appVersion)
            try container.encode(platform, forKey: .platform)
            try container.encode(reports, forKey: .reports)
            try container.encode(blocked, forKey: .blocked)
            try container.encode(reportOnly, forKey: .reportOnly)
            try container.encode(enforcementUnknown, forKey: .enforcementUnknown)
            try container.encode(knownPins, forKey: .knownPins)
            try container.encode(hasNextPin, forKey: .hasNextPin)
        }
    }

    public struct LackingVersion: Sendable, Hashable, Encodable {
        public let appVersion: String
        public let platform: String
        public let reports: Int
        /// Of `reports`, those whose connection the app refused (`enforce-pinning` true).
        public let blocked: Int

        enum CodingKeys: String, CodingKey { case appVersion = "app_version", platform, reports, blocked }
    }

    public struct KnownPin: Sendable, Hashable, Encodable {
        public let pin: String
        public let matchedReports: Int
        public let appVersions: [String]

        enum CodingKeys: String, CodingKey { case pin, matchedReports = "matched_reports", appVersions = "app_versions" }
    }

    public struct Domain: Sendable, Hashable, Encodable {
        public let domain: String
        public let nextPins: [String]
        public let versions: [Version]
        public let versionsLackingNextPin: [LackingVersion]
        public let knownPins: [KnownPin]
        public let unmatchedPins: [String]

        enum CodingKeys: String, CodingKey {
            case domain, nextPins = "next_pins", versions, versionsLackingNextPin = "versions_lacking_next_pin"
            case knownPins = "known_pins", unmatchedPins = "unmatched_pins"
        }
    }

    public let domains: [Domain]
    /// Pinned domains with reports; `domains` has the first of them by name.
    public let domainsTotal: Int

    enum CodingKeys: String, CodingKey { case domains, domainsTotal = "domains_total" }

    init(domains: [Domain], domainsTotal: Int) {
        self.domains = domains
        self.domainsTotal = domainsTotal
    }

    /// The reports of one domain, app version, platform and known-pin list, counted (`AnalysisSQL`), oldest
    /// group first.
    struct VersionRow {
        let domain: String
        let appVersion: String
        let platform: String
        /// Bare base64.
        let knownPins: [String]
        let reports: Int
        let blocked: Int
        let reportOnly: Int
    }

    /// The readiness of `domains` from their `rows`, with `reportsWithPin[domain][pin]`: how many of the
    /// domain's reports have a chain with that key.
    init(domains names: [String], rows: [VersionRow], reportsWithPin: [String: [String: Int]], upcoming: UpcomingPins,
         domainsTotal: Int)
    {
        let byDomain = Dictionary(grouping: rows, by: \.domain)
        domains = names.map { name in
            let rows = byDomain[name] ?? []
            let next = upcoming.pins(for: name)
            let byVersion = Dictionary(grouping: rows) { [$0.appVersion, $0.platform] }
            let versions = byVersion.map { key, group -> Version in
                let pins = Set(group.flatMap(\.knownPins)).sorted()
                let reports = group.map(\.reports).reduce(0, +)
                let blocked = group.map(\.blocked).reduce(0, +), reportOnly = group.map(\.reportOnly).reduce(0, +)
                return Version(appVersion: key[0], platform: key[1], reports: reports, blocked: blocked,
                               reportOnly: reportOnly, enforcementUnknown: reports - blocked - reportOnly, knownPins: pins,
                               hasNextPin: next.isEmpty ? nil : !Set(pins).isDisjoint(with: next))
            }.sorted {
                $0.appVersion == $1.appVersion ? $0.platform < $1.platform
                    : AppVersionOrder.areInIncreasingOrder($0.appVersion, $1.appVersion)
            }
            var pinOrder: [String] = [], seen: Set<String> = []
            for pin in rows.flatMap(\.knownPins) where seen.insert(pin).inserted { pinOrder.append(pin) }
            let known = pinOrder.map { pin in
                KnownPin(pin: pin, matchedReports: reportsWithPin[name]?[pin] ?? 0,
                         appVersions: Set(rows.filter { $0.knownPins.contains(pin) }.map(\.appVersion))
                             .sorted(by: AppVersionOrder.areInIncreasingOrder))
            }
            return Domain(domain: name, nextPins: next, versions: versions,
                          versionsLackingNextPin: versions.filter { $0.hasNextPin == false }
                              .map { LackingVersion(appVersion: $0.appVersion, platform: $0.platform, reports: $0.reports, blocked: $0.blocked) },
                          knownPins: known, unmatchedPins: known.filter { $0.matchedReports == 0 }.map(\.pin))
        }
        self.domainsTotal = domainsTotal
    }
}
