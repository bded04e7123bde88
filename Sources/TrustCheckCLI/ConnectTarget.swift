/// The HOST[:PORT] argument of `trustcheck connect`: a name, an IPv4 address, or an IPv6 address (bare,
/// or in brackets when a port follows: `[::1]:8443`). The port defaults to 443. `HostArgument` holds the
/// rule, and refuses a URL or a path with the HOST[:PORT] to give instead.
struct ConnectTarget: Equatable {
    let host: String
    let port: UInt16

    static func parse(_ text: String) throws(UsageError) -> ConnectTarget {
        let (host, port) = try HostArgument.target(text)
        return ConnectTarget(host: host, port: port)
    }
}
