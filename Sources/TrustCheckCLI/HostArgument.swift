import TrustCertificates

/// The one rule for a host typed on the command line: a DNS name or an IP address (IPv4, or IPv6 bare or
/// in brackets), and nothing around it. What people paste instead — a URL (`https://api.example.com/`,
/// any scheme, in any case, with a user name or a path), `host:port`, `[v6]:port`, `host/path` — would
/// otherwise become a host name that no certificate covers and fail as a name mismatch. Each is refused
/// as a usage error that names the host to type.
///
/// `verify --host`, `connect --servername`, `audit --domain` and the DOMAIN of `--next-pin` and
/// `--next-certificate` take a name alone (`name(_:option:)`); `connect`'s HOST[:PORT] takes a port
/// too (`target(_:)`).
package struct HostArgument: Sendable, Hashable {
    /// The host: a name as typed, or an IP address (IPv6 without its brackets).
    package let host: String
    /// The text after the host's `:`, when there is one, as typed (empty for a trailing colon).
    package let port: String?
    /// The URL scheme before `://`, as typed; empty for a scheme-relative `//host`; nil for no URL.
    package let scheme: String?
    /// A user name (and password) before an `@`.
    package let hasUserInfo: Bool
    /// A path, query or fragment after the host and port.
    package let hasPath: Bool

    /// Takes `text` apart as a URL's authority, with or without a scheme: nil when no host can be read
    /// from it (nothing there, blanks or control characters, a colon that is neither a port's nor part of
    /// an IPv6 address).
    package init?(parsing text: String) {
        var rest = Substring(text)
        var scheme: String?
        if let separator = rest.firstRange(of: "://") {
            let name = rest[..<separator.lowerBound]
            guard Self.isScheme(name) else { return nil }
            scheme = String(name)
            rest = rest[separator.upperBound...]
        } else if rest.hasPrefix("//") {
            scheme = ""
            rest = rest.dropFirst(2)
        }
        let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var authority = rest[..<end]
        hasPath = end != rest.endIndex
        hasUserInfo = authority.contains("@")
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }

        var port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            let address = String(authority[authority.index(after: authority.startIndex)..<close])
            guard IPAddress(address)?.bytes.count == 16 else { return nil }
            host = address
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                port = after.dropFirst()
            }
        } else if authority.filter({ $0 == ":" }).count >= 2 {
            // Two colons or more: an IPv6 address written without brackets, which can carry no port.
            guard IPAddress(String(authority))?.bytes.count == 16 else { return nil }
            host = String(authority)
        } else if let colon = authority.firstIndex(of: ":") {
            host = String(authority[..<colon])
            port = authority[authority.index(after: colon)...]
        } else {
            host = String(authority)
        }
        guard !host.isEmpty, !host.unicodeScalars.contains(where: { $0.properties.isWhitespace || TerminalText.needsEscape($0) })
        else { return nil }
        self.port = port.map(String.init)
        self.scheme = scheme
    }

    /// The host a name option is given: `text` itself when it is a host name or an IP address (kept as
    /// typed: `[::1]` stays bracketed), else a usage error naming `option` and the host to give it, e.g.
    /// `--host takes a host name, not a URL: use --host api.example.com`. `noun` is what the option
    /// takes ("host name", "domain name"); `form` writes the suggested value when the option takes more
    /// than the name (`{ "\($0)=PIN" }` for `--next-pin`).
    package static func name(_ text: String, option: String, noun: String = "host name",
                             form: (String) -> String = { $0 }) throws(UsageError) -> String
    {
        guard let parsed = HostArgument(parsing: text), parsed.port?.allSatisfy({ $0.isASCII && $0.isNumber }) ?? true else {
            throw UsageError(.invalidHost, "\(option) '\(text)' is not a \(noun) or IP address")
        }
        let use = "use \(option) \(form(parsed.host))"
        if parsed.scheme != nil { throw UsageError(.hostIsURL, "\(option) takes a \(noun), not a URL: \(use)") }
        if parsed.hasUserInfo { throw UsageError(.hostHasUserInfo, "\(option) takes a \(noun) without a user name: \(use)") }
        if parsed.port != nil { throw UsageError(.hostHasPort, "\(option) takes a \(noun) without a port: \(use)") }
        if parsed.hasPath { throw UsageError(.hostHasPath, "\(option) takes a \(noun) without a path: \(use)") }
        return text
    }

    /// `connect`'s HOST[:PORT]: a host name or IP address, a port after a colon (an IPv6 address in
    /// brackets then: `[::1]:8443`), 443 when none is given. A URL, a user name or a path is refused with
    /// the HOST[:PORT] to give instead; a URL's port is kept, or its scheme's when that is not 443
    /// (`ldaps://h` is `h:636`).
    static func target(_ text: String) throws(UsageError) -> (host: String, port: UInt16) {
        guard !text.isEmpty else { throw UsageError(.missingArgument, "no HOST given", pointsToHelp: true) }
        if text.hasPrefix("["), !text.contains("]") {
            throw UsageError(.invalidHost, "'\(text)': no ']' after the IPv6 address")
        }
        guard let parsed = HostArgument(parsing: text) else {
            if text.hasPrefix("["), let close = text.firstIndex(of: "]"),
               IPAddress(String(text[text.index(after: text.startIndex)..<close]))?.bytes.count == 16
            {
                throw UsageError(.invalidHost, "'\(text)': expected ':PORT' after ']'")
            }
            throw UsageError(.invalidHost, "'\(text)' is not a host name or IP address, with an optional :PORT "
                + "(an IPv6 address with a port is written [::1]:8443)")
        }
        let port = try parsed.port.map { digits throws(UsageError) in
            guard let number = UInt16(digits), number > 0 else {
                throw UsageError(.invalidValue, "'\(digits)' in '\(text)' is not a port (1-65535)")
            }
            return number
        }
        var suggestedPort = port
        if let scheme = parsed.scheme, port == nil { suggestedPort = tlsPorts[scheme.lowercased()] }
        let hostText = parsed.host.contains(":") && suggestedPort != nil ? "[\(parsed.host)]" : parsed.host
        let use = "use trustcheck connect \(hostText)\(suggestedPort.map { ":\($0)" } ?? "")"
        if parsed.scheme != nil { throw UsageError(.hostIsURL, "give HOST[:PORT], not a URL: \(use)") }
        if parsed.hasUserInfo { throw UsageError(.hostHasUserInfo, "give HOST[:PORT] without a user name: \(use)") }
        if parsed.hasPath { throw UsageError(.hostHasPath, "give HOST[:PORT] without a path: \(use)") }
        return (parsed.host, port ?? 443)
    }

    /// The ports of URL schemes that speak TLS from the start, where it is not 443 (a URL without a port
    /// means that one).
    static let tlsPorts: [String: UInt16] = ["ldaps": 636, "imaps": 993, "pop3s": 995, "smtps": 465, "ftps": 990, "ircs": 6697]

    /// RFC 3986 §3.1: a letter, then letters, digits, `+`, `-` or `.`.
    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }
}
