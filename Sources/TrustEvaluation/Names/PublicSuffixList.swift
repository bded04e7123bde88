import Foundation

/// The Public Suffix List (publicsuffix.org), read once into an immutable value.
///
/// Hostname matching asks one question of it: is the part of a wildcard after `*.` a public
/// suffix, so that the wildcard would cover every registrant under it (`*.co.uk`)? Rules are
/// kept per section, because the two rule sets want different answers:
/// * `.webpki` counts the PRIVATE section too: x509-limbo's pedantic-public-suffix-wildcard cases
///   reject `*.s3.amazonaws.com` (webpki::san::public-suffix-private-namespace-wildcard-san).
/// * `.apple` counts only the ICANN section. CFNetwork's list is closed, but real certificates for
///   `*.github.io`, `*.appspot.com` and `*.s3.amazonaws.com` (all PRIVATE entries) work on Apple
///   platforms, which they could not if private suffixes counted there.
///
/// A list that cannot be read is empty and answers "not a public suffix" for every name: Apple's
/// SecDNSIsTLD fails open the same way when CFNetwork's function is missing. `loadError` says why,
/// so callers can surface it instead of silently accepting wildcards over suffixes.
public struct PublicSuffixList: Sendable {
    /// Where Debian's `publicsuffix` package installs the list.
    public static let systemPath = "/usr/share/publicsuffix/public_suffix_list.dat"

    /// The system list, read on first use.
    public static let system = PublicSuffixList(contentsOfFile: systemPath)

    /// A list with no rules, as if the file were absent.
    public static let empty = PublicSuffixList(rules: [:], loadError: "no list was loaded")

    private enum Section: Sendable {
        case icann
        case `private`
    }

    private struct Rule: Sendable {
        var section: Section
        var kind: Kind
        enum Kind: Sendable { case exact, wildcard, exception }
    }

    /// Rule key → rules with that key. Keys are lowercase A-label names: the domain for an exact
    /// rule, the part after `*.` for a wildcard, the part after `!` for an exception.
    private let rules: [String: [Rule]]

    /// Why the list is empty, when the file could not be read; nil when it was read.
    public let loadError: String?

    /// True when no list could be read and every answer is "not a public suffix".
    public var isMissing: Bool { loadError != nil }

    public var ruleCount: Int { rules.values.reduce(0) { $0 + $1.count } }

    public init(contentsOfFile path: String) {
        do {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            self.init(text: text)
        } catch {
            self.init(rules: [:], loadError: "cannot read \(path): \(error.localizedDescription)")
        }
    }

    /// Parses the list's text format: one rule per line (only its first word counts), `//` comments,
    /// and `===BEGIN PRIVATE DOMAINS===` marking where the private section starts.
    public init(text: String) {
        var rules: [String: [Rule]] = [:]
        var section = Section.icann
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.drop(while: \.isWhitespace)
            if trimmed.hasPrefix("//") {
                if trimmed.contains("===BEGIN PRIVATE DOMAINS===") { section = .private }
                if trimmed.contains("===BEGIN ICANN DOMAINS===") { section = .icann }
                continue
            }
            guard let word = trimmed.split(whereSeparator: \.isWhitespace).first else { continue }
            let kind: Rule.Kind
            var name = Substring(word)
            if name.hasPrefix("!") {
                kind = .exception
                name = name.dropFirst()
            } else if name.hasPrefix("*.") {
                kind = .wildcard
                name = name.dropFirst(2)
            } else {
                kind = .exact
            }
            // Wildcards elsewhere than leftmost are not part of the format.
            guard !name.isEmpty, !name.contains("*"), let key = Self.key(name) else { continue }
            rules[key, default: []].append(Rule(section: section, kind: kind))
        }
        self.init(rules: rules, loadError: nil)
    }

    private init(rules: [String: [Rule]], loadError: String?) {
        self.rules = rules
        self.loadError = loadError
    }

    /// Whether `domain` is itself a public suffix under the PSL algorithm: an exception rule for it
    /// says no; an exact rule, or a wildcard rule for its parent, says yes; otherwise the implicit
    /// `*` rule makes every single-label name a public suffix. One trailing dot is ignored, case is
    /// ignored, and Unicode labels are compared in A-label form.
    public func isPublicSuffix(_ domain: String, includingPrivateDomains: Bool = true) -> Bool {
        guard !isMissing else { return false }
        var name = Substring(domain)
        if name.hasSuffix(".") { name = name.dropLast() }
        guard let key = Self.key(name) else { return false }
        func has(_ key: String, _ kind: Rule.Kind) -> Bool {
            rules[key]?.contains { $0.kind == kind && (includingPrivateDomains || $0.section == .icann) } ?? false
        }
        if has(key, .exception) { return false }
        if has(key, .exact) { return true }
        guard let dot = key.firstIndex(of: ".") else { return true }
        return has(String(key[key.index(after: dot)...]), .wildcard)
    }

    /// The lowercase A-label form of a name, or nil when it has an empty label.
    private static func key(_ name: Substring) -> String? {
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.allSatisfy({ !$0.isEmpty }) else { return nil }
        return labels.map { Punycode.aLabel(Substring($0.lowercased())) }
            .joined(separator: ".")
    }
}
