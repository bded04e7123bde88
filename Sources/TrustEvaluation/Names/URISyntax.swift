/// The host of a URI, which is what RFC 5280 URI name constraints restrict.
enum URISyntax {
    /// The host of `scheme://[userinfo@]host[:port][/path…]` (RFC 3986 §3), or nil when the URI has
    /// no authority or an empty host. A bracketed IP literal is returned with its brackets, so that
    /// it is never mistaken for a host name.
    static func host(_ uri: String) -> Substring? {
        guard let colon = uri.firstIndex(of: ":") else { return nil }
        let scheme = uri[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
              scheme.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) })
        else { return nil }
        let afterScheme = uri[uri.index(after: colon)...]
        guard afterScheme.hasPrefix("//") else { return nil }
        let authority = afterScheme.dropFirst(2).prefix { !"/?#".contains($0) }
        let hostAndPort = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
        let host: Substring
        if hostAndPort.hasPrefix("[") {
            guard let close = hostAndPort.firstIndex(of: "]") else { return nil }
            host = hostAndPort[...close]
        } else {
            host = hostAndPort.prefix { $0 != ":" }
        }
        return host.isEmpty ? nil : host
    }
}
