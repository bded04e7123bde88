import Foundation
import ReportCollector

/// The analysis computed the obvious way, in memory, from every stored report (`ReportStore.reports(since:)`):
/// what the database's aggregation (`ReportAnalysis`) must give exactly, on any store. Answers are rendered as
/// lines of text so that a difference shows as the line that differs.
struct ReferenceAnalysis {
    let window: [StoredReport]
    let all: [StoredReport]

    init(store: any ReportStore, since: Date?) throws {
        all = try store.reports(since: nil).sorted { $0.id < $1.id }
        window = all.filter { since == nil || $0.receivedAt >= since! }
    }

    private var knownKeys: Set<String> {
        var keys: Set<String> = []
        for report in window where report.anchorCheck.isVerified {
            keys.formUnion(report.body.knownPinHashes)
            keys.formUnion(report.certificates.map(\.spkiPin))
        }
        return keys
    }

    private func reasons(_ report: StoredReport, _ known: Set<String>) -> [String] {
        var reasons: [String] = []
        if case .doesNotChain = report.anchorCheck { reasons.append("does_not_chain") }
        if !report.certificates.isEmpty && report.certificates.allSatisfy({ !known.contains($0.spkiPin) }) {
            reasons.append("unknown_keys")
        }
        return reasons
    }

    var suspects: [String] {
        let known = knownKeys
        let groups = Dictionary(grouping: window.filter { !reasons($0, known).isEmpty }) {
            [$0.body.hostname, $0.certificates.first?.sha256 ?? ""]
        }
        return groups.sorted { ($1.value.count, $0.key[0], $0.key[1]) < ($0.value.count, $1.key[0], $1.key[1]) }.map { key, group in
            let first = group.min { $0.id < $1.id }!
            let reasons = Set(group.flatMap { self.reasons($0, known) }).sorted()
            var issuers: [String] = []
            for certificate in first.certificates where !issuers.contains(certificate.issuer) { issuers.append(certificate.issuer) }
            var unknown: [String] = []
            for pin in first.certificates.map(\.spkiPin) where !known.contains(pin) && !unknown.contains(pin) { unknown.append(pin) }
            return [key[0], first.body.notedHostname, reasons.joined(separator: "+"), first.anchorCheck.reason ?? "-",
                    first.certificates.first?.subject ?? "-", issuers.joined(separator: "|"), unknown.joined(separator: ","),
                    "\(group.count)", "\(group.map(\.receivedAt).min()!.timeIntervalSince1970)",
                    "\(group.map(\.receivedAt).max()!.timeIntervalSince1970)",
                    Set(group.map(\.body.appVersion)).sorted(by: AppVersionOrder.areInIncreasingOrder).joined(separator: ","),
                    Set(group.map(\.body.appPlatform.rawValue)).sorted().joined(separator: ","),
                    "\(group.map(\.id).max()!)"].joined(separator: " ; ")
        }
    }

    static func lines(_ suspects: [InterceptionSuspect]) -> [String] {
        suspects.map { suspect in
            [suspect.host, suspect.notedHostname, suspect.reasons.sorted().joined(separator: "+"), suspect.anchorReason ?? "-",
             suspect.leafSubject ?? "-", suspect.issuers.joined(separator: "|"), suspect.unknownPins.joined(separator: ","),
             "\(suspect.reports)", "\(suspect.firstSeen.timeIntervalSince1970)", "\(suspect.lastSeen.timeIntervalSince1970)",
             suspect.appVersions.joined(separator: ","), suspect.platforms.joined(separator: ","), "\(suspect.latestReportID)"]
                .joined(separator: " ; ")
        }
    }

    func timeline(bucket: TimeInterval) -> [String] {
        func start(_ date: Date) -> Int { Int((date.timeIntervalSince1970 / bucket).rounded(.down) * bucket) }
        let byHost = Dictionary(grouping: window, by: \.body.hostname)
        var lines = byHost.sorted { ($1.value.count, $0.key) < ($0.value.count, $1.key) }.map { host, reports in
            let points = Dictionary(grouping: reports) { start($0.receivedAt) }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.count)" }
            return "\(host) \(reports.count) " + points.joined(separator: ",")
        }
        let versions = Dictionary(grouping: window) { [$0.body.hostname, $0.body.appVersion, $0.body.appPlatform.rawValue] }
        lines += versions.map { (key: $0.key, count: $0.value.count) }
            .sorted { ($0.key[0], $1.count, $0.key[1], $0.key[2]) < ($1.key[0], $0.count, $1.key[1], $1.key[2]) }
            .map { "version \($0.key.joined(separator: " ")) \($0.count)" }
        return lines
    }

    static func lines(_ timeline: FailureTimeline) -> [String] {
        timeline.hosts.map { host in
            "\(host.host) \(host.total) " + host.points.map { "\(Int($0.start.timeIntervalSince1970))=\($0.count)" }.joined(separator: ",")
        } + timeline.byVersion.map { "version \($0.host) \($0.appVersion) \($0.platform) \($0.count)" }
    }

    var summary: String {
        let skewed = window.filter { if case .clockSkew = $0.anchorCheck { return true } else { return false } }.count
        return "\(window.count) \(window.map(\.duplicateCount).reduce(0, +)) \(Set(window.map(\.body.hostname)).count) "
            + "\(suspects.count) \(skewed) "
            + "\(window.map(\.receivedAt).min()?.timeIntervalSince1970 ?? -1) \(window.map(\.receivedAt).max()?.timeIntervalSince1970 ?? -1)"
    }

    static func line(_ summary: AnalysisSummary) -> String {
        "\(summary.storedReports) \(summary.duplicates) \(summary.hosts) \(summary.suspects) \(summary.clockSkew) "
            + "\(summary.firstReceived?.timeIntervalSince1970 ?? -1) \(summary.lastReceived?.timeIntervalSince1970 ?? -1)"
    }

    func rotation(upcoming: UpcomingPins) -> [String] {
        var lines: [String] = []
        let domains: [String: [StoredReport]] = Dictionary(grouping: all, by: \.body.notedHostname)
        for domain in domains.keys.sorted() {
            let reports: [StoredReport] = domains[domain] ?? []
            let next: [String] = upcoming.pins(for: domain)
            lines.append(domain)
            let versions: [[String]: [StoredReport]] = Dictionary(grouping: reports) { [$0.body.appVersion, $0.body.appPlatform.rawValue] }
            let keys: [[String]] = versions.keys.sorted {
                $0[0] == $1[0] ? $0[1] < $1[1] : AppVersionOrder.areInIncreasingOrder($0[0], $1[0])
            }
            for key in keys {
                let group: [StoredReport] = versions[key] ?? []
                let pins: [String] = Set(group.flatMap(\.body.knownPinHashes)).sorted()
                let blocked: Int = group.filter { $0.body.enforcePinning == true }.count
                let reportOnly: Int = group.filter { $0.body.enforcePinning == false }.count
                let hasNext: Bool? = next.isEmpty ? nil : !Set(pins).isDisjoint(with: next)
                let counts: [Int] = [group.count, blocked, reportOnly, group.count - blocked - reportOnly]
                lines.append(Self.versionLine(key[0], key[1], counts, pins, hasNext))
            }
            var order: [String] = []
            for pin in reports.flatMap(\.body.knownPinHashes) where !order.contains(pin) { order.append(pin) }
            for pin in order {
                let matched: Int = reports.filter { $0.certificates.contains { $0.spkiPin == pin } }.count
                let carriers: [String] = Set(reports.filter { $0.body.knownPinHashes.contains(pin) }.map(\.body.appVersion))
                    .sorted(by: AppVersionOrder.areInIncreasingOrder)
                lines.append("  pin \(pin) \(matched) " + carriers.joined(separator: ","))
            }
        }
        return lines
    }

    static func lines(_ rotation: RotationReadiness) -> [String] {
        rotation.domains.flatMap { domain -> [String] in
            [domain.domain] + domain.versions.map { version in
                versionLine(version.appVersion, version.platform,
                            [version.reports, version.blocked, version.reportOnly, version.enforcementUnknown], version.knownPins,
                            version.hasNextPin)
            } + domain.knownPins.map { "  pin \($0.pin) \($0.matchedReports) " + $0.appVersions.joined(separator: ",") }
        }
    }

    private static func versionLine(_ version: String, _ platform: String, _ counts: [Int], _ pins: [String], _ hasNext: Bool?) -> String {
        let next = hasNext.map { "\($0)" } ?? "nil"
        return ["  " + version, platform, counts.map(String.init).joined(separator: "/"), pins.joined(separator: ","), "next=" + next]
            .joined(separator: " ")
    }
}
