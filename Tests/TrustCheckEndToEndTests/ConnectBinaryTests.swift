import Foundation
import Testing

/// `trustcheck connect` against `openssl s_server` on 127.0.0.1 (an ephemeral port it prints as
/// "ACCEPT 127.0.0.1:PORT"), with the TLS client tests' certificates (Tests/TLSClientTests/Fixtures): trust,
/// the staple, pins, TrustKit configurations (TSKExpirationDate included), recording and replay.
@Suite(.enabled(if: ReleaseBinaries.configured && FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"),
                "needs /usr/bin/openssl and the release binaries (TRUSTCHECK_RELEASE_BINARY and TRUSTCHECK_COLLECT_RELEASE_BINARY, set by `make test`)"))
struct ConnectBinaryTests {
    typealias F = RepositoryFiles

    /// s_server with `arguments`, serving at most `connections` handshakes.
    static func server(_ arguments: [String], connections: Int = 8) throws -> (BackgroundProcess, UInt16) {
        let server = try BackgroundProcess("/usr/bin/openssl", ["s_server", "-accept", "127.0.0.1:0", "-www", "-naccept", "\(connections)"]
            + arguments, directory: F.tls(""))
        let port = server.wait(seconds: 20) { () -> UInt16? in
            guard let line = server.stdout.split(separator: "\n").first(where: { $0.hasPrefix("ACCEPT ") }) else { return nil }
            return line.split(separator: ":").last.flatMap { UInt16($0.trimmingCharacters(in: .whitespaces)) }
        }
        guard let port else {
            throw BackgroundProcess.Failure(description: "s_server did not start: \(server.stdout) \(server.stderr)")
        }
        return (server, port)
    }

    static let goodServer = ["-cert", "leaf.pem", "-cert_chain", "intermediate.pem", "-key", "leaf.key", "-status_file", "ocsp-good.der",
                             "-alpn", "http/1.1"]

    static func connect(_ port: UInt16, serverName: String = "localhost", _ extra: [String]) throws -> ProcessRun {
        try Binary.trustcheck(["connect", "127.0.0.1:\(port)", "--servername", serverName, "--anchors", F.tls("root.pem"),
                               "--at", F.tlsTime, "--timeout", "10"] + extra)
    }

    @Test func aTrustedServerOverTLS13AndTLS12() throws {
        let (server, port) = try Self.server(Self.goodServer)
        defer { server.stop() }
        let text = try Self.connect(port, [])
        text.expectExit(0)
        #expect(text.stdout.contains(" 0 s: CN=localhost,O=TrustCheck TLS tests"))
        #expect(text.stdout.contains("ocsp stapled: good"))
        #expect(text.stdoutLines.last == "verdict: trusted: chain to \u{201C}TLS Test Root\u{201D} (anchor)")
        for version in ["1.2", "1.3"] {
            let run = try Self.connect(port, ["--tls", version, "--json"])
            run.expectExit(0)
            let json = try run.json()
            #expect(json["trusted"] as? Bool == true)
            #expect((json["negotiated"] as? [String: Any])?["protocol"] as? String == "TLS\(version)", "\(run)")
        }
        let alpn = try Self.connect(port, ["--alpn", "h2", "--alpn", "http/1.1", "--system-anchors", "--json"])
        alpn.expectExit(0)
        #expect((try alpn.json()["negotiated"] as? [String: Any])?["alpn"] as? String == "http/1.1")
    }

    @Test func anUntrustedServerIsRefused() throws {
        let (server, port) = try Self.server(["-cert", "other-leaf.pem", "-key", "other-leaf.key"])
        defer { server.stop() }
        let run = try Self.connect(port, ["--json"])
        run.expectExit(1)
        let json = try run.json()
        #expect(json["trusted"] as? Bool == false)
        #expect(json["chain_trusted"] as? Bool == false)
        // The server sends its leaf alone, whose issuer is no anchor: the reason names both.
        #expect((json["reason"] as? String)?.hasPrefix("server not trusted: no path to an anchor: the leaf \u{201C}localhost\u{201D}: "
            + "no issuer \u{201C}CN=TLS Untrusted Root,O=TrustCheck TLS tests\u{201D}") == true, "\(run)")
        let decision = try #require((json["trust_decision"] as? [String: Any])?["reason"] as? String)
        #expect((json["reason"] as? String)?.hasPrefix("server not trusted: " + decision + "; ") == true)
    }

    @Test func pinsAndTrustKitConfigurations() throws {
        let (server, port) = try Self.server(Self.goodServer, connections: 12)
        defer { server.stop() }
        let scratch = try Scratch("connect")
        defer { scratch.remove() }
        let rootPin = try #require(try Binary.trustcheck(["pin", F.tls("root.pem"), "--json"]).jsonArray().first?["trustkit_pin"] as? String)
        let intermediatePin = try #require(try Binary.trustcheck(["pin", F.tls("intermediate.pem"), "--json"]).jsonArray()
            .first?["trustkit_pin"] as? String)
        // Pins of no key: TrustKit insists on a backup pin beside the one in use.
        let backup = Data(repeating: 7, count: 32).base64EncodedString(), backup2 = Data(repeating: 8, count: 32).base64EncodedString()

        try Self.connect(port, ["--pin", "sha256/" + rootPin]).expectExit(0)
        try Self.connect(port, ["--pin", "sha256/" + backup]).expectExit(1)
        try Self.connect(port, ["--pin", "sha256/" + backup, "--report-only"]).expectExit(0)

        // tls.example.com is a name of the leaf (TrustKit pins no localhost).
        let matching = try scratch.write("matching.json", """
            {"TSKPinnedDomains": {"tls.example.com": {"TSKExpirationDate": "2099-01-01", "TSKReportUris": ["https://reports.example.com/r"],
              "TSKPublicKeyHashes": ["\(intermediatePin)", "\(backup)"]}}}
            """)
        let allowed = try Self.connect(port, serverName: "tls.example.com", ["--pin-config", matching, "--json"])
        allowed.expectExit(0)
        let allow = try #require(try allowed.json()["pinning"] as? [String: Any])
        #expect(allow["decision"] as? String == "allow")
        #expect(allow["result"] as? String == "TSKTrustEvaluationSuccess")

        let unenforced = try scratch.write("unenforced.json", """
            {"TSKPinnedDomains": {"example.com": {"TSKIncludeSubdomains": true, "TSKEnforcePinning": false,
              "TSKDisableDefaultReportUri": true, "TSKExpirationDate": "2028-02-29", "TSKPublicKeyHashes": ["\(backup)", "\(backup2)"]}}}
            """)
        let reported = try Self.connect(port, serverName: "tls.example.com", ["--pin-config", unenforced])
        reported.expectExit(0)
        #expect(reported.stdout.contains("pinning: allow (TSKTrustEvaluationFailedNoMatchingPin)"))

        let enforced = try scratch.write("enforced.json", """
            {"TSKPinnedDomains": {"tls.example.com": {"TSKExpirationDate": "2099-12-31", "TSKPublicKeyHashes": ["\(backup)", "\(backup2)"]}}}
            """)
        let blocked = try Self.connect(port, serverName: "tls.example.com", ["--pin-config", enforced, "--json"])
        blocked.expectExit(1)
        #expect((try blocked.json()["pinning"] as? [String: Any])?["decision"] as? String == "block")

        // Expired pins (TrustKit compares with the clock, here --at) no longer pin.
        let expired = try scratch.write("expired.json", """
            {"TSKPinnedDomains": {"tls.example.com": {"TSKExpirationDate": "2024-02-29", "TSKPublicKeyHashes": ["\(backup)", "\(backup2)"]}}}
            """)
        let notPinned = try Self.connect(port, serverName: "tls.example.com", ["--pin-config", expired, "--json"])
        notPinned.expectExit(0)
        #expect((try notPinned.json()["pinning"] as? [String: Any])?["decision"] as? String == "not-pinned")
    }

    @Test func aRecordedHandshakeReplaysOffline() throws {
        let (server, port) = try Self.server(Self.goodServer)
        let scratch = try Scratch("record")
        defer { scratch.remove() }
        let recorded = try Self.connect(port, ["--record", scratch.path("recorded.json")])
        server.stop()
        recorded.expectExit(0)
        let replay = try Binary.trustcheck(["verify", "--replay", scratch.path("recorded.json")])
        replay.expectExit(0)
        #expect(replay.stdoutLines.last?.hasSuffix("recorded trusted, now trusted (same verdict)") == true, "\(replay)")
    }

    @Test func connectionErrorsExitTwo() throws {
        // A port nothing listens on: s_server started and stopped again leaves a free one.
        let (server, port) = try Self.server(Self.goodServer)
        server.stop()
        let refused = try Self.connect(port, [])
        refused.expectExit(2)
        #expect(refused.stderr.contains("tcp.errno.ECONNREFUSED"))
    }
}
