import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// TrustKit's workflow through the shipped binaries, as an app runs it: a server behind an interception
/// proxy (a chain under a root the device was made to trust, not the pinned one), `trustcheck connect
/// --pin-config` blocks it, TrustKit's report goes to the configuration's report URI — a `trustcheck collect`
/// — and `trustcheck reports` names the chain an interception suspect. With the collector down, the report
/// waits in the spool and `trustcheck reports-flush` delivers it once the collector is up.
@Suite(.enabled(if: ReleaseBinaries.configured && FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"),
                "needs /usr/bin/openssl and the release binaries (TRUSTCHECK_RELEASE_BINARY and TRUSTCHECK_COLLECT_RELEASE_BINARY, set by `make test`)"))
struct PinFailureReportBinaryTests {
    typealias F = RepositoryFiles

    /// A port of 127.0.0.1 held bound and not listening — connections to it are refused, and no other test's
    /// bind to any port takes it — until `release()` frees it for the collector started on it next.
    final class HeldPort {
        let port: UInt16
        private var socket: Int32

        init() throws {
            socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let socket = socket
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
                }
            }
            guard socket >= 0, bound else {
                let reason = String(cString: strerror(errno))
                close(socket)
                throw BackgroundProcess.Failure(description: "no free port: \(reason)")
            }
            port = UInt16(bigEndian: address.sin_port)
        }

        func release() {
            if socket >= 0 { close(socket) }
            socket = -1
        }

        deinit { release() }
    }

    /// `trustcheck collect` on 127.0.0.1:`port` (0: any), whose anchors are the app's real ones.
    static func collector(port: UInt16 = 0, scratch: Scratch) throws -> (BackgroundProcess, UInt16) {
        let portFile = scratch.path("collector-port")
        try? FileManager.default.removeItem(atPath: portFile)
        let collector = try BackgroundProcess(try Binary.trustcheck(), [
            "collect", "--listen", "127.0.0.1:\(port)", "--db", scratch.path("reports.db"), "--port-file", portFile,
            "--anchors", F.tls("root.pem"),
        ] + CollectorBinaryTests.readTokenArguments(scratch))
        let listening = collector.wait(seconds: 30) {
            (try? String(contentsOfFile: portFile, encoding: .utf8)).flatMap { UInt16($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        guard let listening else { throw BackgroundProcess.Failure(description: "collect did not start: \(collector.stderr)") }
        return (collector, listening)
    }

    /// The interception proxy: the fixtures' names under "TLS Untrusted Root".
    static func proxy() throws -> (BackgroundProcess, UInt16) {
        try ConnectBinaryTests.server(["-cert", "other-leaf.pem", "-key", "other-leaf.key"])
    }

    /// The app's TrustKit configuration: tls.example.com pinned to its real intermediate and root,
    /// reports to the collector at `reportPort`.
    static func configuration(reportPort: UInt16, in scratch: Scratch) throws -> String {
        func trustKitPin(_ file: String) throws -> String {
            try #require(try Binary.trustcheck(["pin", F.tls(file), "--json"]).jsonArray().first?["trustkit_pin"] as? String)
        }
        return try scratch.write("trustkit.json", """
            {"TSKPinnedDomains": {"tls.example.com": {"TSKDisableDefaultReportUri": true,
              "TSKReportUris": ["http://127.0.0.1:\(reportPort)/report"],
              "TSKPublicKeyHashes": ["\(try trustKitPin("intermediate.pem"))", "\(try trustKitPin("root.pem"))"]}}}
            """)
    }

    /// The device trusts the proxy's root as well as the real one (a profile it was made to install).
    /// `spool` nil: `--no-reports`.
    static func connect(_ proxyPort: UInt16, configuration: String, spool: String?, _ extra: [String] = []) throws -> ProcessRun {
        let reports = spool.map { ["--report-spool", $0, "--app-bundle-id", "com.example.app", "--app-version", "2.1"] } ?? ["--no-reports"]
        return try Binary.trustcheck(["connect", "127.0.0.1:\(proxyPort)", "--servername", "tls.example.com",
                                      "--anchors", F.tls("root.pem"), "--anchors", F.tls("other-root.pem"), "--at", F.tlsTime,
                                      "--pin-config", configuration, "--json"] + reports + extra)
    }

    /// What `trustcheck reports --json` says of the collector's database.
    static func suspects(_ scratch: Scratch) throws -> [[String: Any]] {
        let reports = try Binary.trustcheck(["reports", "--db", scratch.path("reports.db"), "--since", "2026-01-01", "--json"])
        reports.expectExit(0)
        return try #require(try reports.json()["suspects"] as? [[String: Any]], "\(reports)")
    }

    static func expectSuspect(_ suspects: [[String: Any]], sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(suspects.count == 1, "\(suspects)", sourceLocation: sourceLocation)
        let suspect = try #require(suspects.first, sourceLocation: sourceLocation)
        #expect(suspect["host"] as? String == "tls.example.com", sourceLocation: sourceLocation)
        #expect(suspect["reasons"] as? [String] == ["does_not_chain", "unknown_keys"], sourceLocation: sourceLocation)
        #expect(suspect["issuers"] as? [String] == ["CN=TLS Untrusted Root,O=TrustCheck TLS tests"], sourceLocation: sourceLocation)
        #expect(suspect["app_versions"] as? [String] == ["2.1"], sourceLocation: sourceLocation)
    }

    @Test func aBlockedInterceptionReachesTheCollectorAndIsASuspect() throws {
        let scratch = try Scratch("pin-report")
        defer { scratch.remove() }
        let (collector, collectorPort) = try Self.collector(scratch: scratch)
        defer { _ = collector.stop(signal: SIGTERM) }
        let (proxy, proxyPort) = try Self.proxy()
        defer { proxy.stop() }
        let configuration = try Self.configuration(reportPort: collectorPort, in: scratch)

        let started = Date()
        let run = try Self.connect(proxyPort, configuration: configuration, spool: scratch.path("spool"))
        let elapsed = Date().timeIntervalSince(started)
        run.expectExit(1)
        let json = try run.json()
        #expect(json["trusted"] as? Bool == false)
        #expect((json["reason"] as? String)?.hasPrefix("server not trusted: pin mismatch: none of the ") == true, "\(run)")
        let pinning = try #require(json["pinning"] as? [String: Any])
        #expect(pinning["decision"] as? String == "block")
        #expect(pinning["result"] as? String == "TSKTrustEvaluationFailedNoMatchingPin")
        let report = try #require(json["pin_failure_report"] as? [String: Any], "\(run)")
        #expect(report["status"] as? String == "queued")
        #expect(report["destinations"] as? [String] == ["http://127.0.0.1:\(collectorPort)/report"])
        #expect(run.stderr.contains("pin-failure report delivered to http://127.0.0.1:\(collectorPort)/report"), "\(run)")
        #expect(elapsed < 5, "the report reached the collector within 5 s: connect took \(elapsed) s")

        // Already stored when connect returns.
        let summary = try LoopbackRequest(port: collectorPort).get("/api/summary?since=2026-01-01", headers: CollectorBinaryTests.bearer)
        #expect(summary.status == 200)
        #expect(try summary.json()["stored_reports"] as? Int == 1, "\(String(decoding: summary.body, as: UTF8.self))")
        try Self.expectSuspect(try Self.suspects(scratch))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("spool/entries")).filter { $0.hasSuffix(".report") }.isEmpty,
                "nothing is left in the spool")

        // --no-reports: the same failure sends nothing, and no spool is made.
        let quiet = try Self.connect(proxyPort, configuration: configuration, spool: nil)
        quiet.expectExit(1)
        #expect((try quiet.json()["pin_failure_report"] as? [String: Any])?["status"] as? String == "disabled")
        #expect(try Self.suspects(scratch).first?["reports"] as? Int == 1, "still the one report")
    }

    @Test func withTheCollectorDownTheReportWaitsAndIsDeliveredLater() throws {
        let scratch = try Scratch("pin-report-later")
        defer { scratch.remove() }
        let (proxy, proxyPort) = try Self.proxy()
        defer { proxy.stop() }
        let collectorPort = try HeldPort()
        let configuration = try Self.configuration(reportPort: collectorPort.port, in: scratch)
        let spool = scratch.path("spool")

        let run = try Self.connect(proxyPort, configuration: configuration, spool: spool, ["--report-wait", "2"])
        run.expectExit(1)
        #expect((try run.json()["pin_failure_report"] as? [String: Any])?["status"] as? String == "queued")
        #expect(run.stderr.contains("not delivered"), "\(run)")
        #expect(run.stderr.contains("trustcheck reports-flush"), "says how it will leave: \(run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool + "/entries").filter { $0.hasSuffix(".report") }.count == 1)

        collectorPort.release()
        let (collector, _) = try Self.collector(port: collectorPort.port, scratch: scratch)
        defer { _ = collector.stop(signal: SIGTERM) }
        let flush = try Binary.trustcheck(["reports-flush", "--report-spool", spool, "--json"])
        flush.expectExit(0)
        #expect(try flush.json()["delivered"] as? Int == 1, "\(flush)")
        try Self.expectSuspect(try Self.suspects(scratch))
    }
}
