import TrustCheckCLI
import Foundation
import ReportCollector

/// The text of `trustcheck reports`, for people: the summary, failures per host and version with the
/// timeline, the interception suspects, rotation readiness. Names from reports go through `TerminalText`.
enum ReportsText {
    static func render(_ report: ReportAnalysis.FullReport) -> String {
        let summary = report.summary
        var out = "reports: \(summary.storedReports) stored, \(summary.duplicates) duplicates, \(summary.malformed) malformed"
        if !summary.malformedByReason.isEmpty {
            out += " (" + summary.malformedByReason.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")"
        }
        if let since = summary.since { out += ", since \(CollectorJSON.timestamp(since))" }
        out += "\n"
        if summary.clockSkew > 0 {
            out += "clock skew: \(summary.clockSkew) report\(summary.clockSkew == 1 ? "" : "s") from devices whose clock was wrong "
                + "(their chains chain at the collector's time; not suspects)\n"
        }
        out += "\n"

        let timeline = report.timeline
        out += "failures by host (\(timeline.bucketSeconds) s buckets"
            + (timeline.hostsTotal > timeline.hosts.count ? ", the \(timeline.hosts.count) most reported of \(timeline.hostsTotal)" : "") + "):\n"
        if timeline.hosts.isEmpty { out += "  none\n" }
        for host in timeline.hosts {
            out += "  \(safe(host.host))  \(host.total)\n"
            for version in timeline.byVersion where version.host == host.host {
                out += "    app \(safe(version.appVersion.isEmpty ? "(no version)" : version.appVersion)) \(version.platform): \(version.count)\n"
            }
            out += "    " + host.points.map { "\(CollectorJSON.timestamp($0.start)) \($0.count)" }.joined(separator: ", ") + "\n"
        }

        let suspects = report.suspects.suspects
        out += "\ninterception suspects"
            + (report.suspects.total > suspects.count ? " (the \(suspects.count) most reported of \(report.suspects.total))" : "") + ":\n"
        if suspects.isEmpty { out += "  none\n" }
        for suspect in suspects {
            out += "  \(safe(suspect.host)) (\(safe(suspect.notedHostname))): \(suspect.reports) report\(suspect.reports == 1 ? "" : "s"), \(suspect.reasons.joined(separator: ", "))\n"
            if let leaf = suspect.leafSubject { out += "    leaf: \(safe(leaf))\n" }
            out += "    issuers: \(suspect.issuers.map(safe).joined(separator: " | "))\n"
            if let reason = suspect.anchorReason { out += "    anchors: \(safe(reason))\n" }
            if !suspect.unknownPins.isEmpty { out += "    unknown keys: \(suspect.unknownPins.joined(separator: ", "))\n" }
            out += "    seen \(CollectorJSON.timestamp(suspect.firstSeen)) to \(CollectorJSON.timestamp(suspect.lastSeen)), app versions \(suspect.appVersions.map(safe).joined(separator: ", "))\n"
        }

        let rotation = report.rotation
        out += "\nrotation readiness"
            + (rotation.domainsTotal > rotation.domains.count ? " (the first \(rotation.domains.count) of \(rotation.domainsTotal) domains)" : "") + ":\n"
        if rotation.domains.isEmpty { out += "  none\n" }
        for domain in rotation.domains {
            out += "  \(safe(domain.domain))" + (domain.nextPins.isEmpty ? " (no next pin given)" : " next pin \(domain.nextPins.joined(separator: ", "))") + "\n"
            for version in domain.versions {
                let verdict = version.hasNextPin.map { $0 ? "has the next pin" : "LACKS the next pin" } ?? ""
                out += "    app \(safe(version.appVersion.isEmpty ? "(no version)" : version.appVersion)) \(version.platform): \(version.reports) reports (\(version.blocked) blocked, \(version.reportOnly) report-only\(version.enforcementUnknown > 0 ? ", \(version.enforcementUnknown) not saying" : "")), pins \(version.knownPins.joined(separator: ", "))\(verdict.isEmpty ? "" : "; " + verdict)\n"
            }
            if !domain.unmatchedPins.isEmpty { out += "    pins no report matches: \(domain.unmatchedPins.joined(separator: ", "))\n" }
        }
        return out
    }

    private static func safe(_ text: String) -> String { TerminalText.escaped(text) }
}
