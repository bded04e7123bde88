import AppTransportSecurity
import TrustEvaluation

/// `trustcheck ats --lint INFO_PLIST [--check-hosts]`: the findings of `ATSLint`, and with --check-hosts
/// a connection to each exception's host to find exceptions for servers that meet ATS's defaults anyway.
struct ATSLintRun: Encodable {
    /// One host --check-hosts connected to, and how it did under ATS's defaults.
    struct CheckedHost: Encodable {
        let domain: String
        let verdict: ATSVerdict
    }

    let infoPlist: String
    let findings: [ATSFinding]
    let checkedHosts: [CheckedHost]?

    private enum CodingKeys: String, CodingKey {
        case infoPlist = "info_plist"
        case findings
        case checkedHosts = "checked_hosts"
    }

    static func run(_ arguments: ParsedArguments, settings: ATSCommand.Settings, io: CommandIO) -> ExitCode {
        guard arguments.positionals.count == 1 else {
            return ATSCommand.usageError(UsageError(arguments.positionals.isEmpty ? .missingArgument : .unexpectedArgument,
                                                    "--lint takes one INFO_PLIST: trustcheck ats --lint Info.plist"), io: io)
        }
        let path = arguments.positionals[0]
        let configuration: ATSConfiguration
        do {
            configuration = try ATSConfiguration(contentsOfFile: path)
        } catch {
            return ATSCommand.inputError(error, io: io)
        }
        var findings = ATSLint.findings(configuration)
        var checked: [CheckedHost]?
        if arguments.has("--check-hosts") {
            guard let anchors = AnchorOptions.anchors(arguments, io: io) else { return .usageOrInputError }
            checked = []
            let defaults = ATSConfiguration()
            for entry in configuration.exceptionDomains where !entry.domain.contains("/") && entry.domain == entry.domain.lowercased() {
                let url = entry.domain.contains(":") ? "https://[\(entry.domain)]/" : "https://\(entry.domain)/"
                guard let policy = try? defaults.policy(for: url) else { continue }
                let (address, port) = settings.destination(for: policy)
                let probe = ATSProbe(address: address, port: port, anchors: anchors, time: settings.time, timeout: settings.timeout)
                let verdict = probe.check(policy, pinnedDomains: configuration.pinnedDomains).verdict
                checked?.append(CheckedHost(domain: entry.domain, verdict: verdict))
                if verdict.allowed {
                    findings.append(ATSFinding("exception-unneeded", .ineffective, key: "\(ATSKey.exceptionDomains)[\"\(entry.domain)\"]",
                        "\(entry.domain) meets ATS's defaults (\(verdict.reason)): the exception only weakens it"
                            + (entry.includesSubdomains.isTrue ? " (its subdomains were not checked)" : "")))
                }
            }
        }
        let report = ATSLintRun(infoPlist: path, findings: findings, checkedHosts: checked)
        io.stdout.write(io.json ? ATSJSON.render(report) + "\n" : report.text)
        return findings.isEmpty ? .success : .notTrusted
    }

    /// One line per finding, escaped, then a count.
    var text: String {
        func e(_ text: String) -> String { TerminalText.escaped(text) }
        var out = ""
        for finding in findings {
            out += "\(e(infoPlist)): \(e(finding.key)): \(finding.severity.rawValue): \(e(finding.message)) [\(finding.code)]\n"
        }
        for host in checkedHosts ?? [] where !host.verdict.allowed {
            out += "checked \(e(host.domain)): does not meet ATS's defaults: \(e(host.verdict.reason))\n"
        }
        out += findings.isEmpty ? "no findings\n" : "\(findings.count) finding\(findings.count == 1 ? "" : "s")\n"
        return out
    }
}
