import Foundation

/// Where `--db` says the reports live: a SQLite file path, or a PostgreSQL URL (`postgres://` or
/// `postgresql://`, libpq's connection URI).
public enum ReportStoreLocation: Sendable, Hashable {
    case sqlite(path: String)
    case postgres(url: String)

    /// `--db` text: a PostgreSQL URL by its scheme, anything else a file path.
    public init(_ text: String) {
        if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            self = .postgres(url: text)
        } else {
            self = .sqlite(path: text)
        }
    }

    /// For messages: the path, or the URL without its password.
    public var displayName: String {
        switch self {
        case .sqlite(let path): return path
        case .postgres(let url): return Self.redactingPassword(url)
        }
    }

    /// `postgres://user:secret@host/db` → `postgres://user:***@host/db`.
    static func redactingPassword(_ url: String) -> String {
        guard let scheme = url.range(of: "://"), let at = url[scheme.upperBound...].firstIndex(of: "@") else { return url }
        let userInfo = url[scheme.upperBound..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return url }
        return String(url[..<url.index(after: colon)]) + "***" + String(url[at...])
    }
}
