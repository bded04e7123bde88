/// A ClientHello narrower or wider than `TLSVersions`' NORMAL one: a range of versions (TLS 1.0 to 1.3) and
/// which suites are offered — what an App Transport Security check needs to offer exactly what an app's
/// URL loading would. When set (`TLSClientConfiguration.offer`) it replaces `versions`.
public struct TLSOffer: Sendable, Hashable {
    /// A TLS protocol version.
    public enum Version: Int, Sendable, Hashable, Comparable, CaseIterable {
        /// TLS 1.0.
        case tls10 = 10
        /// TLS 1.1.
        case tls11
        /// TLS 1.2.
        case tls12
        /// TLS 1.3.
        case tls13

        /// Older before newer.
        public static func < (lhs: Version, rhs: Version) -> Bool { lhs.rawValue < rhs.rawValue }

        var priorityToken: String { "+VERS-TLS1.\(rawValue - 10)" }
    }

    /// Which suites are offered.
    public enum Suites: String, Sendable, Hashable {
        /// ATS's forward-secret group: TLS 1.3's suites and ECDHE with AES-GCM, ChaCha20-Poly1305 or
        /// AES-CBC-SHA (`tls_ciphersuite_group_ats`).
        case appTransportSecurity = "ats"
        /// The ATS group and the RSA-key-exchange suites ATS adds when forward secrecy is not required.
        case appTransportSecurityCompatibility = "ats-compatibility"
        /// Every suite GnuTLS's NORMAL offers, with RSA and DHE key exchange and SHA-1 MACs: what a client
        /// without ATS offers, and the probe that learns what a server speaks.
        case any = "any"
    }

    /// The lowest version offered.
    public var minimumVersion: Version
    /// The highest version offered.
    public var maximumVersion: Version
    /// The suites offered.
    public var suites: Suites

    /// An offer of `minimumVersion` to `maximumVersion` (inclusive) with `suites`.
    public init(minimumVersion: Version, maximumVersion: Version = .tls13, suites: Suites) {
        self.minimumVersion = minimumVersion
        self.maximumVersion = max(minimumVersion, maximumVersion)
        self.suites = suites
    }

    /// The GnuTLS priority string.
    var priority: String {
        let versions = Version.allCases.filter { $0 >= minimumVersion && $0 <= maximumVersion }.map(\.priorityToken)
        let base = (["NORMAL", "-VERS-ALL"] + versions).joined(separator: ":")
        let atsCiphers = ":-CIPHER-ALL:+AES-256-GCM:+AES-128-GCM:+CHACHA20-POLY1305:+AES-256-CBC:+AES-128-CBC:-MAC-ALL:+AEAD:+SHA1"
        switch suites {
        case .appTransportSecurity: return base + ":-KX-ALL:+ECDHE-ECDSA:+ECDHE-RSA" + atsCiphers
        case .appTransportSecurityCompatibility: return base + ":-KX-ALL:+ECDHE-ECDSA:+ECDHE-RSA:+RSA" + atsCiphers
        case .any: return base + ":+RSA:+DHE-RSA:+SHA1:+SHA256:+AES-128-CBC:+AES-256-CBC"
        }
    }
}
