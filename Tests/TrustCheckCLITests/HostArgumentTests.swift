import Foundation
import Testing
@testable import TrustCheckCLI

/// `HostArgument`: a URL, `host:port` or a path where a host name is expected is a usage error that names
/// the host to give; names and IP addresses (IPv6 bare or in brackets) stay hosts.
@Suite struct HostArgumentTests {
    static let chain = VerifyCommandTests.chain
    static let anchors = ["--anchors", VerifyCommandTests.path("anchors")]
    static let at = VerifyCommandTests.at

    @Test(arguments: [
        ("https://api.example.com/", "--host takes a host name, not a URL: use --host api.example.com"),
        ("HTTPS://API.Example.COM", "--host takes a host name, not a URL: use --host API.Example.COM"),
        ("https://user:secret@api.example.com:8443/v1?q=1#top", "--host takes a host name, not a URL: use --host api.example.com"),
        ("wss://[2001:db8::1]:443/socket", "--host takes a host name, not a URL: use --host 2001:db8::1"),
        ("//api.example.com/", "--host takes a host name, not a URL: use --host api.example.com"),
        ("api.example.com:443", "--host takes a host name without a port: use --host api.example.com"),
        ("192.0.2.1:443", "--host takes a host name without a port: use --host 192.0.2.1"),
        ("[::1]:443", "--host takes a host name without a port: use --host ::1"),
        ("api.example.com/v1/users", "--host takes a host name without a path: use --host api.example.com"),
        ("user@api.example.com", "--host takes a host name without a user name: use --host api.example.com"),
        ("", "--host '' is not a host name or IP address"),
        ("api example.com", "--host 'api example.com' is not a host name or IP address"),
        ("a:b:c", "--host 'a:b:c' is not a host name or IP address"),
        ("api.example.com:https", "--host 'api.example.com:https' is not a host name or IP address"),
        ("[api.example.com]", "--host '[api.example.com]' is not a host name or IP address"),
    ])
    func aURLOrPortIsNoHostName(host: String, message: String) {
        #expect(UsageErrorTests.usage(["verify"] + Self.chain + Self.anchors + ["--host", host] + Self.at) == "trustcheck verify: \(message)\n")
    }

    /// Names and addresses keep working: the name matches, the addresses (not in the leaf) mismatch (exit 1,
    /// not a usage error).
    @Test(arguments: [("www.example.test", 0), ("WWW.Example.Test.", 0), ("192.0.2.1", 1), ("::1", 1), ("[::1]", 1), ("2001:db8::1", 1)])
    func hostNamesAndAddressesAreStillHosts(host: String, status: Int32) {
        let result = trustcheck(Self.chain + Self.anchors + ["--host", host] + Self.at)
        #expect(result.status == status, "\(host): \(result.stderr)")
        #expect(result.stderr == "")
    }

    @Test(arguments: [
        ("https://api.example.com/", "give HOST[:PORT], not a URL: use trustcheck connect api.example.com"),
        ("https://api.example.com:8443/health", "give HOST[:PORT], not a URL: use trustcheck connect api.example.com:8443"),
        ("ldaps://ldap.example.com", "give HOST[:PORT], not a URL: use trustcheck connect ldap.example.com:636"),
        ("https://[2001:db8::1]:8443/", "give HOST[:PORT], not a URL: use trustcheck connect [2001:db8::1]:8443"),
        ("api.example.com:8443/health", "give HOST[:PORT] without a path: use trustcheck connect api.example.com:8443"),
        ("admin@api.example.com", "give HOST[:PORT] without a user name: use trustcheck connect api.example.com"),
        ("localhost:0", "'0' in 'localhost:0' is not a port (1-65535)"),
        ("localhost:https", "'https' in 'localhost:https' is not a port (1-65535)"),
        ("[::1", "'[::1': no ']' after the IPv6 address"),
        ("[::1]8443", "'[::1]8443': expected ':PORT' after ']'"),
        ("a:b:443", "'a:b:443' is not a host name or IP address, with an optional :PORT (an IPv6 address with a port is written [::1]:8443)"),
    ])
    func connectRefusesWhatIsNoHostAndPort(target: String, message: String) {
        #expect(UsageErrorTests.usage(["connect", target]) == "trustcheck connect: \(message)\n")
    }

    @Test func connectsServernameIsAHostName() {
        #expect(UsageErrorTests.usage(["connect", "127.0.0.1:8443", "--servername", "https://api.example.com"])
            == "trustcheck connect: --servername takes a host name, not a URL: use --servername api.example.com\n")
        #expect(UsageErrorTests.usage(["connect", "127.0.0.1", "--servername", "api.example.com:8443"])
            == "trustcheck connect: --servername takes a host name without a port: use --servername api.example.com\n")
    }

    @Test(arguments: [
        ("api.example.com", "api.example.com", 443), ("api.example.com:8443", "api.example.com", 8443),
        ("192.0.2.1:443", "192.0.2.1", 443), ("[::1]:8443", "::1", 8443), ("[::1]", "::1", 443), ("::1", "::1", 443),
        ("2001:db8::1", "2001:db8::1", 443), ("localhost.", "localhost.", 443),
    ] as [(String, String, UInt16)])
    func connectTargetsThatAreValid(text: String, host: String, port: UInt16) throws {
        #expect(try ConnectTarget.parse(text) == ConnectTarget(host: host, port: port))
    }

    @Test func hostErrorsHaveStableCodes() throws {
        func code(_ text: String) -> UsageError.Code? {
            do { _ = try HostArgument.name(text, option: "--host") } catch { return error.code }
            return nil
        }
        #expect(code("api.example.com") == nil)
        #expect(code("https://api.example.com") == .hostIsURL)
        #expect(code("api.example.com:443") == .hostHasPort)
        #expect(code("api.example.com/x") == .hostHasPath)
        #expect(code("me@api.example.com") == .hostHasUserInfo)
        #expect(code("a b") == .invalidHost)
        #expect(UsageError.Code.hostIsURL.rawValue == "usage.host-is-url")
        #expect(try HostArgument.name("[::1]", option: "--host") == "[::1]")
    }

    /// The host is the user's text: escape sequences in it are shown, not sent to the terminal.
    @Test func aHostileHostIsEscaped() {
        #expect(UsageErrorTests.usage(["verify", "a.pem", "--host", "https://\u{1B}[2Jevil.test/"])
            == "trustcheck verify: --host 'https://\\e[2Jevil.test/' is not a host name or IP address\n")
    }

    /// `audit --domain` and the DOMAIN of the collector's `--next-pin` and `--next-certificate` follow the rule.
    @Test func domainsFollowTheRule() {
        let cases: [([String], String)] = [
            (["reports", "--db", "x.db", "--next-pin", "https://api.example.com/=sha256/AAAA"],
             "trustcheck reports: --next-pin takes a domain name, not a URL: use --next-pin api.example.com=PIN\n"),
            (["reports", "--db", "x.db", "--next-certificate", "api.example.com:443=new.pem"],
             "trustcheck reports: --next-certificate takes a domain name without a port: use --next-certificate api.example.com=FILE\n"),
        ]
        for (arguments, stderr) in cases {
            let result = trustcheckCollect(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout == "")
            #expect(result.stderr == stderr)
        }
    }
}
