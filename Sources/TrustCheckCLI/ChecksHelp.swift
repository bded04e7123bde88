import TrustEvaluation

/// `trustcheck help checks`: every `check` value a failure can carry (Apple's OSStatus and sentence,
/// what TrustCheck means by it) and the rules under WebPKICompliance. Made from `CheckName` and
/// `ComplianceRule` themselves, so it cannot fall behind them; docs/command-line.md's table is this output.
enum ChecksHelp {
    static let topic = "checks"

    static var text: String {
        var lines = [
            "checks: the 'check' of each failure (text and JSON), with its OSStatus and the sentence of the detailed message (Apple's, except for TrustCheck's own checks)",
            "",
        ]
        for check in CheckName.allCases {
            lines.append("\(check.rawValue) (\(check.status)\(check.isFatal ? ", fatal" : ""))")
            lines.append("    sentence: \(check.sentence)")
            lines.append("    \(check.meaning)")
            if check == .webPKICompliance {
                lines.append("    rules (the failure's 'rule'):")
                let width = ComplianceRule.allCases.map(\.rawValue.count).max() ?? 0
                for rule in ComplianceRule.allCases {
                    lines.append("      " + rule.rawValue.padding(to: width) + "  " + rule.summary)
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The same data as a Markdown table, as docs/command-line.md's "Why a chain fails" section carries it (a test keeps
    /// the two equal).
    static var markdown: String {
        var rows = ["| check | OSStatus | sentence | meaning |", "|---|---|---|---|"]
        for check in CheckName.allCases {
            rows.append("| `\(check.rawValue)` | \(check.status)\(check.isFatal ? " (fatal)" : "") | \(check.sentence) | "
                + "\(check.meaning) |")
        }
        rows += ["", "| WebPKICompliance rule | meaning |", "|---|---|"]
        for rule in ComplianceRule.allCases { rows.append("| `\(rule.rawValue)` | \(rule.summary) |") }
        return rows.joined(separator: "\n") + "\n"
    }
}
