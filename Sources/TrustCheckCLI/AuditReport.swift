import FoundationEssentials
import Pinning
import TrustCertificates
import TrustEvaluation

/// Renders a `PinConfigurationAudit` for people (a block per domain with ✓, ✗ and ! marks) and for
/// machines (the JSON documented in `AuditCommand.details`).
enum AuditReport {
    private enum Mark: String {
        case good = "✓", problem = "✗", warning = "!"

        var colour: TerminalStyle.Colour {
            switch self {
            case .good: return .green
            case .problem: return .red
            case .warning: return .yellow
            }
        }
    }

    // MARK: Text

    /// Text lines under construction. Certificate names and configuration strings are escaped line by
    /// line; the marks are coloured after that, so colour is the only escape sequence the output can carry.
    private struct Lines {
        let style: TerminalStyle
        var text: [String] = []

        mutating func add(_ line: String) { text.append(TerminalText.escaped(line)) }

        mutating func add(_ indent: String, _ mark: Mark, _ line: String) {
            text.append(indent + style.paint(mark.rawValue, mark.colour) + " " + TerminalText.escaped(line))
        }

        mutating func add(_ indent: String, _ problem: AuditProblem) {
            add(indent, problem.kind.isWarning ? .warning : .problem, "\(problem.kind.rawValue): \(problem.message)")
        }
    }

    static func text(_ audit: PinConfigurationAudit, style: TerminalStyle = .plain) -> String {
        var lines = Lines(style: style)
        lines.add("audit of \(audit.configurationPath) at \(CertificateFormatting.timestamp(audit.at))")
        lines.add("chain:")
        for certificate in audit.chain { lines.add("  " + chainLine(certificate, at: audit.at)) }
        for problem in audit.problems { lines.add("", problem) }

        for domain in audit.domains {
            lines.add("")
            domainLines(domain, at: audit.at, into: &lines)
        }

        lines.add("")
        let total = audit.problemsTotal
        let audited = audit.domains.filter { $0.status == .audited }.count
        let auditedText = audited == 1 ? "1 domain audited" : "\(audited) domains audited"
        if total == 0 {
            lines.add("", .good, "no problem: \(auditedText)")
        } else {
            var parts = audit.problems.isEmpty ? [] : ["chain and configuration: \(audit.problems.count)"]
            parts += audit.domains.filter { !$0.problems.isEmpty }.map { "\($0.domain): \($0.problems.count)" }
            lines.add("", .problem, (total == 1 ? "1 problem" : "\(total) problems") + " ("
                + parts.joined(separator: ", ") + "); \(auditedText)")
        }
        return lines.text.joined(separator: "\n") + "\n"
    }

    private static func chainLine(_ certificate: AuditedCertificate, at: Date) -> String {
        let notAfter = CertificateFormatting.timestamp(certificate.certificate.notAfter)
        return "\(certificate.label): \(ValidityStatus(certificate.certificate, at: at).text) (notAfter \(notAfter))"
            + (certificate.source == .presented ? "" : " [\(certificate.source.rawValue)]")
    }

    private static func domainLines(_ domain: DomainAudit, at: Date, into lines: inout Lines) {
        let policy = domain.policy
        switch domain.status {
        case .excluded:
            lines.add("\(policy.domain): excluded from its parent's pins (kSKExcludeSubdomainFromParentPolicy), not pinned")
        case .skipped:
            lines.add("\(policy.domain): skipped, the leaf does not cover it (audit it with its own chain, "
                + "or name it with --domain)")
        case .audited:
            let settings = [
                policy.includeSubdomains ? "includes subdomains" : "exact name",
                policy.enforcePinning ? "enforced" : "report only (TSKEnforcePinning false)",
                policy.expirationDate.map { "pins expire \(CertificateFormatting.timestamp($0))" } ?? "pins never expire",
            ]
            lines.add("\(policy.domain): " + settings.joined(separator: ", "))
            if let evaluation = domain.evaluation {
                let judged = domain.hostname.map { "evaluated for \($0) (SSL)" } ?? "evaluated without a name (basic X.509)"
                lines.add("  \(judged): " + (evaluation.isTrusted ? "trusted" : "NOT TRUSTED") + ": \(evaluation.reason)")
            }
            if let validation = domain.validation { lines.add("  TrustKit today: " + DomainAudit.verdict(of: validation)) }
            let backups = Set(domain.backupPins.map(\.pin))
            for pin in domain.pins { pinLines(pin, isBackup: backups.contains(pin.pin), at: at, into: &lines) }
        }
        for problem in domain.problems { lines.add("  ", problem) }
        if domain.status == .audited && domain.problems.isEmpty { lines.add("  ", .good, "no problem") }
    }

    /// A pin on no certificate is a backup (`DomainAudit.backupPins`) or a pin that matches nothing.
    private static func pinLines(_ pin: AuditedPin, isBackup: Bool, at: Date, into lines: inout Lines) {
        let base64 = pin.pin.base64
        guard pin.isOnChain else {
            if isBackup {
                lines.add("  ", .good, "\(base64) is on no certificate of the chain: a backup pin (keep its key safe)")
            } else {
                lines.add("  ", .problem, "\(base64) matches nothing on the chain")
            }
            return
        }
        for match in pin.matches {
            let certificate = match.certificate
            let validity = ValidityStatus(certificate.certificate, at: at).text
            switch match.matchedBy {
            case .spki:
                lines.add("  ", .good, "\(base64) matches \(certificate.label); \(validity)")
            case .trustKitHash:
                lines.add("  ", .good, "\(base64) matches \(certificate.label) by TrustKit's own hash (the SPKI pin "
                    + "other libraries compare is \(Base64.encode(certificate.certificate.spkiSHA256))); \(validity)")
            case .spkiOnly:
                lines.add("  ", .problem, "\(base64) is the SPKI pin of \(certificate.label), which TrustKit never matches")
            }
        }
    }

    // MARK: JSON

    static func json(_ audit: PinConfigurationAudit, anchors: String) -> JSONValue {
        .object([
            ("config", .string(audit.configurationPath)),
            ("at", .string(CertificateFormatting.timestamp(audit.at))),
            ("anchors", .string(anchors)),
            ("chain", chainJSON(audit.chain, at: audit.at)),
            ("problems", .array(audit.problems.map(\.json))),
            ("domains", .array(audit.domains.map { domainJSON($0, chain: audit.chain, at: audit.at) })),
            ("problems_total", .int(audit.problemsTotal)),
        ])
    }

    private static func chainJSON(_ chain: [AuditedCertificate], at: Date) -> JSONValue {
        .array(chain.map { certificate in
            let cert = certificate.certificate
            return .object([
                ("index", .int(certificate.index)),
                ("subject", .string(cert.subject.rfc4514)),
                ("summary", .string(cert.subjectSummary)),
                ("role", .string(certificate.role.rawValue)),
                ("source", .string(certificate.source.rawValue)),
                ("not_before", .string(CertificateFormatting.timestamp(cert.notBefore))),
                ("not_after", .string(CertificateFormatting.timestamp(cert.notAfter))),
                ("validity", ValidityStatus(cert, at: at).json),
            ] + CertificateJSON.fingerprints(cert) + [
                ("trustkit_pin", .string(certificate.trustKitHash.digest.map { Base64.encode($0) })),
            ])
        })
    }

    private static func domainJSON(_ domain: DomainAudit, chain: [AuditedCertificate], at: Date) -> JSONValue {
        let policy = domain.policy
        let status: String
        switch domain.status {
        case .audited: status = "audited"
        case .skipped: status = "skipped"
        case .excluded: status = "excluded"
        }
        let ownChain = domain.status == .audited
            && domain.chain.map(\.certificate) != chain.map(\.certificate)
        return .object([
            ("domain", .string(policy.domain)),
            ("status", .string(status)),
            ("hostname", .string(domain.hostname)),
            ("include_subdomains", .bool(policy.includeSubdomains)),
            ("enforce", .bool(policy.enforcePinning)),
            ("expiration_date", .string(policy.expirationDate.map(CertificateFormatting.timestamp))),
            ("report_uris", .strings(policy.effectiveReportURIs.map(\.absoluteString))),
            ("evaluation", domain.evaluation.map { evaluation in
                .object([
                    ("policy", .string(domain.hostname == nil ? "basic" : "ssl")),
                    ("trusted", .bool(evaluation.isTrusted)),
                    ("reason", .string(evaluation.reason)),
                    ("result", .string(evaluation.resultType.name)),
                    ("error", evaluation.error.map { error in
                        .object([("code", .int(Int(error.code))), ("message", .string(error.message))])
                    } ?? .null),
                ])
            } ?? .null),
            ("trustkit", domain.validation.map { validation in
                .object([
                    ("decision", .string(validation.decision.trustKitName)),
                    ("result", .string(validation.evaluationResult?.trustKitName)),
                    ("matched_pin", .string(validation.matchedPin?.pin.base64)),
                    ("matched_index", .int(validation.matchedPin?.chainIndex)),
                    ("sends_report", .bool(validation.shouldSendReport)),
                ])
            } ?? .null),
            ("chain", ownChain ? chainJSON(domain.chain, at: at) : .null),
            ("pins", .array(domain.pins.map { pin in
                .object([
                    ("pin", .string(pin.pin.base64)),
                    ("on_chain", .bool(pin.isOnChain)),
                    ("trustkit_matches", .bool(pin.trustKitMatches)),
                    ("matches", .array(pin.matches.map { match in
                        let certificate = match.certificate
                        return .object([
                            ("index", .int(certificate.index)),
                            ("subject", .string(certificate.certificate.subject.rfc4514)),
                            ("role", .string(certificate.role.rawValue)),
                            ("matched_by", .string(match.matchedBy.rawValue)),
                            ("not_after", .string(CertificateFormatting.timestamp(certificate.certificate.notAfter))),
                            ("days_left", .int(ValidityStatus(certificate.certificate, at: at).daysLeft)),
                        ])
                    })),
                ])
            })),
            ("unmatched_pins", .strings(domain.unmatchedPins.map(\.pin.base64))),
            ("backup_pins", .strings(domain.backupPins.map(\.pin.base64))),
            ("problems", .array(domain.problems.map(\.json))),
        ])
    }
}
