import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The report collector as users run it: `trustcheck collect` (which execs the release `trustcheck-collect`
/// beside it) and `trustcheck-collect` itself on a loopback port, a TrustKit report posted, read back over the
/// API and with `trustcheck reports`, and a graceful stop by SIGTERM.
@Suite(.enabled(if: ReleaseBinaries.configured, "TRUSTCHECK_RELEASE_BINARY and TRUSTCHECK_COLLECT_RELEASE_BINARY are unset: `make test` builds the release binaries as `make demo` does and sets them"))
struct CollectorBinaryTests {
    typealias F = RepositoryFiles

    /// TrustKit's PEM of a certificate file: base64 in 64-character lines joined by CRLF.
    static func trustKitPEM(_ path: String) throws -> String {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let base64 = text.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("-----") }.joined()
        let characters = Array(base64)
        let lines = stride(from: 0, to: characters.count, by: 64).map { String(characters[$0..<min($0 + 64, characters.count)]) }
        return "-----BEGIN CERTIFICATE-----\n" + lines.joined(separator: "\r\n") + "\n-----END CERTIFICATE-----"
    }

    /// A TrustKit pin-failure report for api.example.com with the TLS fixtures' chain, as an app sends it.
    static func report(vendor: String) throws -> [UInt8] {
        let fields: [String: Any] = [
            "app-bundle-id": "com.example.app", "app-version": "2.1", "app-platform": "IOS", "app-platform-version": "17.1.0",
            "app-vendor-id": vendor, "trustkit-version": "3.0.0", "date-time": "2026-12-01T00:00:00Z",
            "hostname": "api.example.com", "port": 443, "noted-hostname": "example.com", "include-subdomains": true,
            "enforce-pinning": true,
            "validated-certificate-chain": [try trustKitPEM(F.tls("leaf.pem")), try trustKitPEM(F.tls("intermediate.pem"))],
            "known-pins": ["pin-sha256=\"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\""], "validation-result": 1,
            "known-pins-expiration-date": "2027-06-01",
        ]
        let data = try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys, .withoutEscapingSlashes])
        return Array(String(decoding: data, as: UTF8.self).replacingOccurrences(of: "/", with: "\\/").utf8)
    }

    /// The read token the tests' collectors are started with (`--read-token-file`).
    static let readToken = "e2e-read-token-5d41402abc4b2a76b9719d911017c592"
    static let bearer = ["Authorization": "Bearer \(readToken)"]

    /// `--read-token-file` with `readToken`, written in `scratch`.
    static func readTokenArguments(_ scratch: Scratch) throws -> [String] {
        ["--read-token-file", try scratch.write("read-token", readToken + "\n")]
    }

    /// Starts `executable collect ...` on 127.0.0.1:0 and waits for the port it writes to --port-file.
    static func start(_ executable: String, scratch: Scratch) throws -> (BackgroundProcess, UInt16) {
        let portFile = scratch.path("port")
        let tokenArguments = try readTokenArguments(scratch)
        // The alert command runs in a shell the collector starts: a child of the shipped binary, not of a test.
        let collector = try BackgroundProcess(executable, ["collect", "--listen", "127.0.0.1:0", "--db", scratch.path("reports.db"),
                                                           "--port-file", portFile, "--anchors", F.tls("root.pem"),
                                                           "--alert-threshold", "2",
                                                           "--alert-command", "cat > '\(scratch.path("alert.json"))'"] + tokenArguments)
        let port = collector.wait(seconds: 30) {
            (try? String(contentsOfFile: portFile, encoding: .utf8)).flatMap { UInt16($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        guard let port else {
            throw BackgroundProcess.Failure(description: "collect did not start: \(collector.stderr)")
        }
        return (collector, port)
    }

    static func postReadAndStop(_ executable: String) throws {
        let scratch = try Scratch("collect")
        defer { scratch.remove() }
        let (collector, port) = try Self.start(executable, scratch: scratch)
        let client = LoopbackRequest(port: port)

        let stored = try client.post("/report", json: try Self.report(vendor: "install-1"))
        #expect(stored.status == 201, "\(String(decoding: stored.body, as: UTF8.self))")
        #expect(try stored.json()["status"] as? String == "stored")
        let duplicate = try client.post("/report", json: try Self.report(vendor: "install-1"))
        #expect(duplicate.status == 200)
        #expect(try duplicate.json()["status"] as? String == "duplicate")
        // TrustKit's own upload path.
        #expect(try client.post("/trustkit/report", json: try Self.report(vendor: "install-2")).status == 201)
        let refused = try client.post("/report", json: Array("not json".utf8))
        #expect(refused.status == 400)
        #expect((try refused.json()["error"] as? [String: Any])?["code"] as? String == "body.not_json")

        // The analysis is read with the read token only.
        let unauthorized = try client.get("/api/summary?since=2026-11-01")
        #expect(unauthorized.status == 401)
        #expect(unauthorized.headers["www-authenticate"]?.hasPrefix("Bearer ") == true)
        let summary = try client.get("/api/summary?since=2026-11-01", headers: Self.bearer)
        #expect(summary.status == 200)
        let counts = try summary.json()
        #expect(counts["stored_reports"] as? Int == 2)
        #expect(counts["duplicates"] as? Int == 1)
        #expect(counts["hosts"] as? Int == 1)
        #expect(counts["malformed_by_reason"] as? [String: Int] == ["body.not_json": 1])

        // The dashboard's files are found beside the binary (its resource bundle), not beside a test runner.
        let dashboard = try client.get("/")
        #expect(dashboard.status == 200)
        #expect(String(decoding: dashboard.body, as: UTF8.self).hasPrefix("<!doctype html>"))
        #expect(try client.get("/nonexistent").status == 404)

        let (reason, status) = collector.stop(signal: SIGTERM)
        #expect(reason == .exit, "the collector died of signal \(status): \(collector.stderr)")
        #expect(status == 0, "\(collector.stderr)")

        #expect(collector.stderr.contains("alert: api.example.com has 2 failures within 3600 s (threshold 2)"), "\(collector.stderr)")
        let alert = try #require(scratch.read("alert.json").flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] },
                                 "the alert command did not write its standard input")
        #expect(alert["host"] as? String == "api.example.com")
        #expect(alert["threshold"] as? Int == 2)

        let reports = try Binary.trustcheck(["reports", "--db", scratch.path("reports.db"), "--since", "2026-11-01", "--json"])
        reports.expectExit(0)
        let analysis = try reports.json()
        #expect(Set(analysis.keys) == ["summary", "timeline", "suspects", "rotation"])
        #expect(reports.stdout.contains("api.example.com"))
        let text = try Binary.collect(["reports", "--db", scratch.path("reports.db"), "--since", "2026-11-01"])
        text.expectExit(0)
        #expect(text.stdout.contains("api.example.com"))
    }

    /// `trustcheck collect`, which execs the sibling binary.
    @Test func trustcheckCollectStoresAReportThatReportsReadsBack() throws {
        try Self.postReadAndStop(try Binary.trustcheck())
    }

    @Test func trustcheckCollectItself() throws {
        try Self.postReadAndStop(try Binary.collect())
    }

    /// `make demo` builds `trustcheck` alone: without the sibling beside it, `collect` and `reports` (and their
    /// help) say what is missing and exit 2; every other command is unaffected.
    @Test func withoutItsSiblingTrustcheckSaysWhatIsMissing() throws {
        let scratch = try Scratch("solo")
        defer { scratch.remove() }
        let solo = scratch.path("trustcheck")
        try FileManager.default.copyItem(atPath: try Binary.trustcheck(), toPath: solo)
        for arguments in [["reports", "--db", scratch.path("r.db")], ["help", "collect"]] {
            let run = try Binary.run(solo, arguments, seconds: 60)
            run.expectExit(2)
            #expect(run.stderr == "trustcheck: cannot run \(scratch.path("trustcheck-collect")): No such file or directory\n")
        }
        try Binary.run(solo, ["pin", F.readmeLeaf], seconds: 60).expectExit(0)
    }

    @Test func collectorInputErrors() throws {
        let scratch = try Scratch("collect-errors")
        defer { scratch.remove() }
        let db = scratch.path("x.db")
        for (arguments, message) in [
            (["collect", "--listen", ":8080", "--db", db],
             "trustcheck collect: --listen :8080: give the port alone for loopback (8080) or an address for others (0.0.0.0:8080)\n"),
            (["collect", "--listen", "127.0.0.1:0"], "trustcheck collect: --db PATH is required\n"),
            (["collect", "--listen", "example.com:80", "--db", db],
             "trustcheck collect: --listen example.com:80: 'example.com' is not a numeric IPv4 or IPv6 address\n"),
            (["reports"], "trustcheck reports: --db PATH is required\n"),
        ] {
            let run = try Binary.trustcheck(arguments)
            run.expectExit(2)
            #expect(run.stderr.hasPrefix(message), "\(run)")
        }
        let missing = try Binary.trustcheck(["reports", "--db", scratch.path("absent.db"), "--json"])
        missing.expectExit(2)
        #expect((try missing.json()["error"] as? [String: Any])?["code"] as? String == "store.missing")
        let badAnchors = try Binary.trustcheck(["collect", "--listen", "127.0.0.1:0", "--db", db, "--anchors",
                                                F.certificate("bad/garbage.txt")])
        badAnchors.expectExit(2)
        #expect(badAnchors.stderr.contains("garbage.txt"))
    }
}
