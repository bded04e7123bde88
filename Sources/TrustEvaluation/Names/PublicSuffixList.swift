import FoundationEssentials
import Synchronization
import TrustCertificates

/// The Public Suffix List (publicsuffix.org), read at most once, on the first question, into an
/// immutable rule table.
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
/// Reading is lazy because only a wildcard in a leaf's names needs the list, and parsing its
/// ~10,000 rules used to be three quarters of a `trustcheck verify` run. Copies of a value share
/// one load; loading is thread-safe and happens once, however many threads ask.
///
/// A list that cannot be read is empty and answers "not a public suffix" for every name: Apple's
/// SecDNSIsTLD fails open the same way when CFNetwork's function is missing. `loadError` says why,
/// so callers can surface it instead of silently accepting wildcards over suffixes.
public struct PublicSuffixList: Sendable {
    /// Where Debian's `publicsuffix` package installs the list.
    public static let systemPath = "/usr/share/publicsuffix/public_suffix_list.dat"

    /// The system list; the file is read the first time a question needs it.
    public static let system = PublicSuffixList(contentsOfFile: systemPath)

    /// A list with no rules, as if the file were absent.
    public static let empty = PublicSuffixList(loaded: RuleTable(flags: [:], ruleCount: 0, loadError: "no list was loaded"))

    private let loader: Loader

    /// The largest list file read: Mozilla's list is about 0.25 MB (2026), so 16 MiB is ample headroom
    /// while keeping a wrong path (a device, an endless FIFO) from being read without end.
    public static let maximumFileSize = 16 * 1024 * 1024

    /// Reads the file at `path` the first time a question needs it, through the one bounded reader
    /// (`CertificateLoader.read`: FIFOs too, refused over `maximumFileSize`).
    public init(contentsOfFile path: String) {
        self.init(source: path) { try CertificateLoader.read(path, limit: Self.maximumFileSize) }
    }

    /// Calls `bytes` (at most once, the first time a question needs the list) for the list's text;
    /// `source` names it in `loadError` when `bytes` throws.
    public init(source: String, loading bytes: @escaping @Sendable () throws -> [UInt8]) {
        loader = Loader {
            do {
                return RuleTable(parsing: try bytes())
            } catch {
                return RuleTable(flags: [:], ruleCount: 0, loadError: "cannot read \(source): \(ErrorReason.text(error))")
            }
        }
    }

    /// Parses the list's text format now: one rule per line (only its first word counts), `//`
    /// comments, and `===BEGIN PRIVATE DOMAINS===` marking where the private section starts.
    public init(text: String) {
        self.init(loaded: RuleTable(parsing: Array(text.utf8)))
    }

    private init(loaded table: RuleTable) {
        loader = Loader(loaded: table)
    }

    /// Whether the list has been read (or was given as text). Reading `loadError`, `isMissing` or
    /// `ruleCount`, or asking `isPublicSuffix`, reads it.
    public var isLoaded: Bool { loader.isLoaded }

    /// Why the list is empty, when it could not be read; nil when it was read.
    public var loadError: String? { loader.table.loadError }

    /// True when no list could be read and every answer is "not a public suffix".
    public var isMissing: Bool { loadError != nil }

    /// How many rules the list holds (it is read on first use).
    public var ruleCount: Int { loader.table.ruleCount }

    /// Whether `domain` is itself a public suffix under the PSL algorithm: an exception rule for it
    /// says no; an exact rule, or a wildcard rule for its parent, says yes; otherwise the implicit
    /// `*` rule makes every single-label name a public suffix. One trailing dot is ignored, case is
    /// ignored, and Unicode labels are compared in A-label form.
    public func isPublicSuffix(_ domain: String, includingPrivateDomains: Bool = true) -> Bool {
        let table = loader.table
        guard table.loadError == nil else { return false }
        var name = Substring(domain)
        if name.hasSuffix(".") { name = name.dropLast() }
        guard let key = RuleTable.key(name) else { return false }
        func has(_ key: String, _ kind: RuleTable.Kind) -> Bool {
            table.has(key, kind, includingPrivateDomains: includingPrivateDomains)
        }
        if has(key, .exception) { return false }
        if has(key, .exact) { return true }
        guard let dot = key.firstIndex(of: ".") else { return true }
        return has(String(key[key.index(after: dot)...]), .wildcard)
    }

    /// The parsed rules. Rule key → one bit per (section, kind) present. Keys are lowercase A-label
    /// names: the domain for an exact rule, the part after `*.` for a wildcard, the part after `!`
    /// for an exception.
    private struct RuleTable: Sendable {
        enum Kind: Int { case exact = 0, wildcard = 1, exception = 2 }

        let flags: [String: UInt8]
        let ruleCount: Int
        let loadError: String?

        init(flags: [String: UInt8], ruleCount: Int, loadError: String?) {
            self.flags = flags
            self.ruleCount = ruleCount
            self.loadError = loadError
        }

        /// ICANN rules use bits 0-2, PRIVATE rules bits 3-5.
        private static func bit(_ kind: Kind, isPrivate: Bool) -> UInt8 { 1 << UInt8(kind.rawValue + (isPrivate ? 3 : 0)) }

        func has(_ key: String, _ kind: Kind, includingPrivateDomains: Bool) -> Bool {
            guard let present = flags[key] else { return false }
            let wanted = Self.bit(kind, isPrivate: false) | (includingPrivateDomains ? Self.bit(kind, isPrivate: true) : 0)
            return present & wanted != 0
        }

        /// Works on the bytes: comment lines are skipped without building strings, and only a rule
        /// with non-ASCII labels goes through Unicode and Punycode.
        init(parsing bytes: [UInt8]) {
            var flags: [String: UInt8] = [:]
            var ruleCount = 0
            var isPrivate = false
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n"), bytes[lineEnd] != UInt8(ascii: "\r") {
                    lineEnd += 1
                }
                var line = bytes[lineStart..<lineEnd].drop(while: Self.isSpace)
                lineStart = lineEnd + 1
                if line.starts(with: Self.commentPrefix) {
                    if Self.contains(line, Self.privateMarker) { isPrivate = true }
                    if Self.contains(line, Self.icannMarker) { isPrivate = false }
                    continue
                }
                line = line.prefix(while: { !Self.isSpace($0) })
                guard !line.isEmpty else { continue }
                let kind: Kind
                if line.first == UInt8(ascii: "!") {
                    kind = .exception
                    line = line.dropFirst()
                } else if line.starts(with: Self.wildcardPrefix) {
                    kind = .wildcard
                    line = line.dropFirst(2)
                } else {
                    kind = .exact
                }
                // Wildcards elsewhere than leftmost are not part of the format.
                guard !line.isEmpty, !line.contains(UInt8(ascii: "*")), let key = Self.key(line) else { continue }
                flags[key, default: 0] |= Self.bit(kind, isPrivate: isPrivate)
                ruleCount += 1
            }
            self.init(flags: flags, ruleCount: ruleCount, loadError: nil)
        }

        private static let commentPrefix = Array("//".utf8)
        private static let wildcardPrefix = Array("*.".utf8)
        private static let privateMarker = Array("===BEGIN PRIVATE DOMAINS===".utf8)
        private static let icannMarker = Array("===BEGIN ICANN DOMAINS===".utf8)

        private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

        private static func contains(_ line: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
            guard line.count >= needle.count else { return false }
            var start = line.startIndex
            while start <= line.endIndex - needle.count {
                if line[start..<start + needle.count].elementsEqual(needle) { return true }
                start += 1
            }
            return false
        }

        /// The key of a rule's name: ASCII is lowercased byte by byte; a name with other characters
        /// takes the Unicode path of queries.
        private static func key(_ name: ArraySlice<UInt8>) -> String? {
            guard name.allSatisfy({ $0 < 0x80 }) else { return key(Substring(String(decoding: name, as: UTF8.self))) }
            guard name.first != UInt8(ascii: "."), name.last != UInt8(ascii: "."),
                  !zip(name, name.dropFirst()).contains(where: { $0 == UInt8(ascii: ".") && $1 == UInt8(ascii: ".") })
            else { return nil }
            return String(decoding: name.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }

        /// The lowercase A-label form of a name, or nil when it has an empty label.
        static func key(_ name: Substring) -> String? {
            let labels = name.split(separator: ".", omittingEmptySubsequences: false)
            guard labels.allSatisfy({ !$0.isEmpty }) else { return nil }
            return labels.map { Punycode.aLabel(Substring($0.lowercased())) }
                .joined(separator: ".")
        }
    }

    /// Reads the rule table once, under a lock, the first time it is asked for.
    /// `@unchecked Sendable`: `loaded` is only touched with `lock` held, and once set it is an
    /// immutable value that is never replaced.
    private final class Loader: @unchecked Sendable {
        private let lock = Mutex(())
        private let load: @Sendable () -> RuleTable
        private var loaded: RuleTable?

        init(_ load: @escaping @Sendable () -> RuleTable) {
            self.load = load
        }

        init(loaded table: RuleTable) {
            load = { table }
            loaded = table
        }

        var isLoaded: Bool {
            return lock.withLock { _ in
                return loaded != nil
            }
        }

        var table: RuleTable {
            return lock.withLock { _ in
                if let loaded { return loaded }
                let table = load()
                loaded = table
                return table
            }
        }
    }
}
