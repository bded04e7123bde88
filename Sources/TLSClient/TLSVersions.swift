/// Which TLS versions the client offers.
public enum TLSVersions: String, Sendable, CaseIterable {
    /// TLS 1.2 and TLS 1.3 (the default).
    case tls12AndLater = "1.2+"
    /// TLS 1.2 only.
    case tls12Only = "1.2"
    /// TLS 1.3 only.
    case tls13Only = "1.3"

    /// The GnuTLS priority string: NORMAL's ciphers, with only these versions enabled.
    var priority: String {
        switch self {
        case .tls12AndLater: "NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2"
        case .tls12Only: "NORMAL:-VERS-ALL:+VERS-TLS1.2"
        case .tls13Only: "NORMAL:-VERS-ALL:+VERS-TLS1.3"
        }
    }
}
