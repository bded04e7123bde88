import Foundation
import GnuTLSBridge
import Testing

/// `trustcheck connect` against an in-process GnuTLS server on the loopback interface, with the TLS
/// client tests' generated certificates (Tests/TLSClientTests/Fixtures/make_fixtures.py).
@Suite struct ConnectCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TLSClientTests/Fixtures")
    static func path(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    static func server(chain: String = "server-chain.pem", key: String = "leaf.key",
                       behaviour: LoopbackTLSServer.Behaviour? = nil) throws -> LoopbackTLSServer {
        let chainPEM = Array(try Data(contentsOf: URL(fileURLWithPath: path(chain))))
        let keyPEM = Array(try Data(contentsOf: URL(fileURLWithPath: path(key))))
        if let behaviour { return try LoopbackTLSServer(chainPEM: chainPEM, keyPEM: keyPEM, behaviour: behaviour) }
        return try LoopbackTLSServer(chainPEM: chainPEM, keyPEM: keyPEM)
    }

    static func connect(_ port: UInt16, _ extra: String...) -> CommandResult {
        trustcheck(["connect", "127.0.0.1:\(port)", "--servername", "localhost", "--anchors", path("root.pem"),
                    "--at", "2026-12-01T00:00:00Z", "--timeout", "5"] + extra)
    }

    @Test func aTrustedServerShowsItsChainAndNegotiatedParameters() throws {
        let server = try Self.server()
        defer { server.stop() }
        let result = Self.connect(server.port)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(" 0 s: CN=localhost,O=TrustCheck TLS tests"))
        #expect(result.stdout.contains(" 1 s: CN=TLS Test Intermediate"))
        #expect(result.stdout.components(separatedBy: "-----BEGIN CERTIFICATE-----").count == 3)
        #expect(result.stdout.contains("negotiated: TLS1.3, TLS_"))
        #expect(result.stdout.contains("verdict: trusted"))
    }

    @Test func anUntrustedServerStillShowsWhatItPresentedAndExits1() throws {
        let server = try Self.server(chain: "other-chain.pem", key: "other-leaf.key")
        defer { server.stop() }
        let result = Self.connect(server.port, "--json")
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["trusted"] as? Bool == false)
        let chain = try #require(json["chain"] as? [[String: Any]])
        #expect(chain.first?["subject"] as? String == "CN=localhost,O=TrustCheck TLS tests")
        #expect(chain.first?["issuer"] as? String == "CN=TLS Untrusted Root,O=TrustCheck TLS tests")
        #expect(json["negotiated"] is NSNull)
        let error = try #require(json["error"] as? [String: Any])
        #expect(error["code"] is Int) // Apple's OSStatus for the engine's failure
    }

    @Test func aPinMismatchExits1AndAMatchExits0() throws {
        let server = try Self.server()
        defer { server.stop() }
        let otherRootPin = "sha256/" + (try pinOf("other-root.pem"))
        #expect(Self.connect(server.port, "--pin", otherRootPin).status == 1)
        #expect(Self.connect(server.port, "--pin", otherRootPin, "--report-only").status == 0)
        #expect(Self.connect(server.port, "--pin", "sha256/" + (try pinOf("root.pem"))).status == 0)
    }

    @Test func aSilentServerIsAConnectionErrorNamingTheTimeout() throws {
        let server = try Self.server(behaviour: .silent)
        defer { server.stop() }
        let result = trustcheck(["connect", "127.0.0.1:\(server.port)", "--timeout", "0.3", "--anchors", Self.path("root.pem")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("tls.timeout"))
    }

    @Test func badArgumentsAreUsageErrors() {
        #expect(trustcheck("connect").status == 2)
        #expect(trustcheck("connect", "localhost:0").stderr.contains("not a port"))
        #expect(trustcheck("connect", "localhost", "--tls", "1.1").stderr.contains("--tls must be 1.2 or 1.3"))
        #expect(trustcheck("connect", "localhost", "--timeout", "-1").status == 2)
    }

    /// The SPKI SHA-256 (base64) of a fixture, as `trustcheck pin` prints it.
    func pinOf(_ name: String) throws -> String {
        let result = trustcheck(["pin", Self.path(name), "--json"])
        let entries = try result.jsonArray()
        return try #require(entries.first?["spki_sha256_base64"] as? String)
    }
}
