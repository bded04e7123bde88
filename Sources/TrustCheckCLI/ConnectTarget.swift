/// The HOST[:PORT] argument of `trustcheck connect`: a name, an IPv4 address, or an IPv6 address (bare,
/// or in brackets when a port follows: `[::1]:8443`). The port defaults to 443.
struct ConnectTarget: Equatable {
    let host: String
    let port: UInt16

    static func parse(_ text: String) throws(UsageError) -> ConnectTarget {
        func port(_ digits: Substring) throws(UsageError) -> UInt16 {
            guard let number = UInt16(digits), number > 0 else {
                throw UsageError(.invalidValue, "'\(digits)' in '\(text)' is not a port (1-65535)")
            }
            return number
        }
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw UsageError(.invalidValue, "'\(text)': no ']' after the IPv6 address") }
            let host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            if rest.isEmpty { return ConnectTarget(host: host, port: 443) }
            guard rest.hasPrefix(":") else { throw UsageError(.invalidValue, "'\(text)': expected ':PORT' after ']'") }
            return ConnectTarget(host: host, port: try port(rest.dropFirst()))
        }
        let colons = text.filter { $0 == ":" }.count
        // Two or more colons: a bare IPv6 address, with no port.
        if colons == 1, let colon = text.firstIndex(of: ":") {
            return ConnectTarget(host: String(text[..<colon]), port: try port(text[text.index(after: colon)...]))
        }
        guard !text.isEmpty else { throw UsageError(.missingArgument, "no host given") }
        return ConnectTarget(host: text, port: 443)
    }
}
