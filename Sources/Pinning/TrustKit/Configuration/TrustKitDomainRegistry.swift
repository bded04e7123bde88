import FoundationEssentials
import TrustCertificates
import TrustEvaluation

/// TrustKit's view of the Public Suffix List: Chromium's `domain_registry` library and its
/// `GetRegistryLength`, which the configuration checks and the includeSubdomains lookup both use.
///
/// Which section counts: both. TrustKit's embedded snapshot includes the PRIVATE section
/// (pinning-libraries.md 1.2: `appspot.com` has registry length 11, `github.io` 9), so
/// includeSubdomains on `appspot.com` is refused just like on `com`.
///
/// `GetRegistryLength` (not `…AllowUnknownRegistries`) returns 0 for a name whose top-level label has
/// no rule of its own: `localhost`, `foo.local`, `foo.test`, `127.0.0.1`. `PublicSuffixList` answers
/// with the PSL's implicit `*` rule, which makes every single label a suffix, so the registry also keeps
/// the set of top-level labels the list names. IDN top-level rules are stored in Unicode and
/// TrustKit's hostnames are ASCII, so an `xn--` top-level label is taken as listed.
public struct TrustKitDomainRegistry: Sendable {
    /// The registry over Debian's list (`PublicSuffixList.systemPath`), read on first use.
    public static let system = TrustKitDomainRegistry(contentsOfFile: PublicSuffixList.systemPath)

    /// The suffix rules.
    public let publicSuffixes: PublicSuffixList
    /// Lowercase ASCII top-level labels that have a rule of their own.
    private let topLevelLabels: Set<String>
    /// Why no list could be read; nil when one was.
    public let loadError: String?

    /// The registry described by a list in the PSL text format.
    public init(text: String) {
        var labels = Set<String>()
        for line in text.split(whereSeparator: \.isNewline) {
            guard let word = line.split(whereSeparator: \.isWhitespace).first, !word.hasPrefix("//"),
                  !word.contains("."), !word.hasPrefix("!"), !word.hasPrefix("*")
            else { continue }
            labels.insert(word.lowercased())
        }
        self.init(publicSuffixes: PublicSuffixList(text: text), topLevelLabels: labels,
                  loadError: labels.isEmpty ? "the list names no top-level domain" : nil)
    }

    /// The registry over the list in the file at `path`; an unreadable file gives a registry with `loadError` set.
    public init(contentsOfFile path: String) {
        do {
            self.init(text: try String(contentsOfFile: path, encoding: .utf8))
        } catch {
            self.init(publicSuffixes: .empty, topLevelLabels: [],
                      loadError: "cannot read the Public Suffix List \(path): \(ErrorReason.text(error))")
        }
    }

    private init(publicSuffixes: PublicSuffixList, topLevelLabels: Set<String>, loadError: String?) {
        self.publicSuffixes = publicSuffixes
        self.topLevelLabels = topLevelLabels
        self.loadError = loadError
    }

    /// `GetRegistryLength`: the length of `hostname`'s registry-controlled suffix (`co.uk` in
    /// `www.example.co.uk`), or 0 for a name with an unlisted top-level label, a non-ASCII name or one
    /// over 255 characters. Case is ignored; a single trailing dot is not part of the match but is
    /// counted in the length (`good.com.` gives 4), as in the C code.
    public func registryLength(of hostname: String) -> Int {
        guard hostname.utf8.count <= 255, hostname.utf8.allSatisfy({ $0 < 0x80 }) else { return 0 }
        var name = Substring(hostname.lowercased())
        let trailingDot = name.hasSuffix(".") ? 1 : 0
        if trailingDot == 1 { name = name.dropLast() }
        // Leading dots are skipped by the C code too.
        name = name.drop { $0 == "." }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        guard let top = labels.last, !top.isEmpty,
              topLevelLabels.contains(String(top)) || top.hasPrefix("xn--")
        else { return 0 }
        // The longest suffix the list makes a public suffix is the registry.
        for start in labels.indices {
            let suffix = labels[start...].joined(separator: ".")
            if labels[start...].allSatisfy({ !$0.isEmpty }),
               publicSuffixes.isPublicSuffix(suffix, includingPrivateDomains: true)
            {
                return suffix.utf8.count + trailingDot
            }
        }
        return 0
    }

    /// Whether `hostname` is itself a public suffix to TrustKit: its registry is all of it.
    public func isPublicSuffix(_ hostname: String) -> Bool {
        let length = registryLength(of: hostname)
        return length > 0 && length == hostname.utf8.count
    }

    /// TrustKit's `isSubdomain(domain, subdomain)` (configuration_utils.m): both names have the same
    /// registry, and `hostname` without it ends with `.` + `domain` without it. Returns the length of that
    /// `.label` (the score by which the most specific parent wins), or nil when it is no subdomain.
    /// Case-sensitive, as TrustKit's string comparison is.
    public func subdomainScore(of hostname: String, under domain: String) -> Int? {
        let registry = registryLength(of: domain)
        guard registry > 0, registryLength(of: hostname) == registry,
              domain.utf8.count > registry, hostname.utf8.count > registry,
              hostname.utf8.suffix(registry).elementsEqual(domain.utf8.suffix(registry))
        else { return nil }
        let label = "." + String(decoding: domain.utf8.dropLast(registry + 1), as: UTF8.self)
        let sub = String(decoding: hostname.utf8.dropLast(registry + 1), as: UTF8.self)
        return sub.hasSuffix(label) ? label.utf8.count : nil
    }
}
