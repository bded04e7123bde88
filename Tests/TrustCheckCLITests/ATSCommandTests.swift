import Foundation
import Testing
import TestSupport

/// Fixtures and helpers for the `trustcheck ats` tests: loopback `openssl s_server`s presenting the
/// certificates of Fixtures/ats (make-fixtures.sh), reached as https://ats.test/ through --connect-to.
enum ATSFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/ats")
    static var anchor: String { directory.appendingPathComponent("ca.pem").path }
    /// Inside every leaf's validity (2026).
    static let time = "2026-06-01T00:00:00Z"

    /// A server presenting `leaf` (good, rsa1024, sha1, wrongname) with these extra s_server arguments.
    static func server(_ leaf: String, _ arguments: [String] = [], accepts: Int = 4) throws -> OpenSSLServer {
        try OpenSSLServer(directory: directory, ["-cert", "\(leaf).pem", "-key", "\(leaf)-key.pem", "-naccept", String(accepts)] + arguments)
    }

    /// An Info.plist holding this NSAppTransportSecurity body, written to a temporary file.
    static func infoPlist(_ body: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trustcheck-ats-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("Info-\(UUID().uuidString).plist").path
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.app</string>
            <key>NSAppTransportSecurity</key><dict>\(body)</dict></dict></plist>
            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// An exception for ats.test.
    static func exception(_ body: String) -> String {
        "<key>NSExceptionDomains</key><dict><key>ats.test</key><dict>\(body)</dict></dict>"
    }

    /// `trustcheck ats PLIST https://ats.test/ --connect-to 127.0.0.1:PORT --json`, decoded.
    static func check(_ plist: String, port: UInt16, extra: [String] = []) throws -> (status: Int32, json: [String: Any]) {
        let result = trustcheck(["ats", plist, "https://ats.test/", "--anchors", anchor, "--connect-to", "127.0.0.1:\(port)",
                                 "--at", time, "--timeout", "10", "--json"] + extra)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        return (result.status, json)
    }
}

@Suite("trustcheck ats: a server checked against the Info.plist's policy, with the NSURLError an app would see")
struct ATSCommandTests {
    private static func verdict(_ json: [String: Any]) throws -> [String: Any] {
        try #require(json["verdict"] as? [String: Any])
    }

    private static func errorCode(_ json: [String: Any]) throws -> (Int?, Int?) {
        let error = try verdict(json)["error"] as? [String: Any]
        return (error?["code"] as? Int, error?["stream_error_code"] as? Int)
    }

    /// Each failing server: its leaf and s_server arguments, the NSURLError and stream error, the failed
    /// requirement, the one exception that covers it, and a word of the reason.
    struct FailingServer: Sendable, CustomStringConvertible {
        let name: String
        let leaf: String
        let arguments: [String]
        let code: Int
        let stream: Int
        let requirement: String
        let exception: String
        let reasonWord: String
        var description: String { name }
    }

    static let failingServers = [
        FailingServer(name: "TLS 1.1 only", leaf: "good", arguments: ["-tls1_1", "-cipher", "DEFAULT@SECLEVEL=0"], code: -1200,
                      stream: -9836, requirement: "minimum_tls_version",
                      exception: "<key>NSExceptionMinimumTLSVersion</key><string>TLSv1.1</string>", reasonWord: "TLSv1.1"),
        FailingServer(name: "no forward-secret suite", leaf: "good", arguments: ["-tls1_2", "-cipher", "AES128-GCM-SHA256"], code: -1200,
                      stream: -9824, requirement: "forward_secrecy_required",
                      exception: "<key>NSExceptionRequiresForwardSecrecy</key><false/>", reasonWord: "forward-secret"),
        FailingServer(name: "RSA-1024 leaf", leaf: "rsa1024", arguments: ["-cipher", "DEFAULT@SECLEVEL=0"], code: -1200, stream: -9883,
                      requirement: "minimum_key_sizes_required",
                      exception: "<key>NSExceptionRequiresForwardSecrecy</key><false/>", reasonWord: "1024-bit"),
        FailingServer(name: "SHA-1-signed leaf", leaf: "sha1", arguments: ["-cipher", "DEFAULT@SECLEVEL=0"], code: -1200, stream: -9884,
                      requirement: "sha2_signatures_required",
                      exception: "<key>NSExceptionAllowsInsecureHTTPLoads</key><true/>", reasonWord: "SHA1"),
    ]

    @Test("A server that meets ATS is allowed under the default policy")
    func meetsATS() throws {
        let server = try ATSFixtures.server("good")
        let (status, json) = try ATSFixtures.check(try ATSFixtures.infoPlist(""), port: server.port)
        #expect(status == 0)
        #expect(try Self.verdict(json)["allowed"] as? Bool == true)
        let negotiated = try #require(json["negotiated"] as? [String: Any])
        #expect(negotiated["protocol"] as? String == "TLS1.3")
    }

    @Test("Each ATS requirement a server fails: -1200 with the reason, then allowed with the one exception that covers it",
          arguments: failingServers)
    func failsThenPasses(case server: FailingServer) throws {
        let running = try ATSFixtures.server(server.leaf, server.arguments, accepts: 8)
        let (status, json) = try ATSFixtures.check(try ATSFixtures.infoPlist(""), port: running.port)
        #expect(status == 1)
        let verdict = try Self.verdict(json)
        #expect(try Self.errorCode(json) == (server.code, server.stream))
        #expect(verdict["failed_requirement"] as? String == server.requirement)
        #expect((verdict["reason"] as? String)?.contains(server.reasonWord) == true, "\(verdict)")
        let (fixed, fixedJSON) = try ATSFixtures.check(try ATSFixtures.infoPlist(ATSFixtures.exception(server.exception)), port: running.port)
        #expect(fixed == 0, "\(fixedJSON)")
        #expect(try Self.verdict(fixedJSON)["allowed"] as? Bool == true)
    }

    @Test("A forward-secret suite ATS does not list (ECDHE with CBC-SHA256) is -1200, and no exception but arbitrary loads covers it")
    func unlistedSuite() throws {
        let server = try ATSFixtures.server("good", ["-tls1_2", "-cipher", "ECDHE-RSA-AES128-SHA256"], accepts: 8)
        let (status, json) = try ATSFixtures.check(try ATSFixtures.infoPlist(""), port: server.port)
        #expect(status == 1)
        #expect(try Self.errorCode(json) == (-1200, -9824))
        #expect(try Self.verdict(json)["failed_requirement"] as? String == "cipher_suites")
        let pfsOff = try ATSFixtures.infoPlist(ATSFixtures.exception("<key>NSExceptionRequiresForwardSecrecy</key><false/>"))
        #expect(try ATSFixtures.check(pfsOff, port: server.port).status == 1)
        #expect(try ATSFixtures.check(try ATSFixtures.infoPlist("<key>NSAllowsArbitraryLoads</key><true/>"), port: server.port).status == 0)
    }

    @Test("A certificate for another name is -1202, whatever the exceptions")
    func wrongName() throws {
        let server = try ATSFixtures.server("wrongname")
        let plist = try ATSFixtures.infoPlist(ATSFixtures.exception("<key>NSExceptionAllowsInsecureHTTPLoads</key><true/>"))
        let (status, json) = try ATSFixtures.check(plist, port: server.port)
        #expect(status == 1)
        #expect(try Self.errorCode(json) == (-1202, -9843))
        #expect(try Self.verdict(json)["failed_requirement"] as? String == "server_trust_required")
    }

    @Test("Without --anchors the private CA is not trusted: -1202")
    func systemStore() throws {
        let server = try ATSFixtures.server("good")
        let result = trustcheck(["ats", try ATSFixtures.infoPlist(""), "https://ats.test/", "--connect-to", "127.0.0.1:\(server.port)",
                                 "--at", ATSFixtures.time, "--json"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\"code\" : -1202"))
    }

    @Test("NSPinnedDomains: a pin the chain lacks refuses the load (-1202), the CA's pin allows it")
    func pins() throws {
        let server = try ATSFixtures.server("good", accepts: 4)
        func pinned(_ pin: String) throws -> String {
            try ATSFixtures.infoPlist("""
                <key>NSPinnedDomains</key><dict><key>ats.test</key><dict><key>NSPinnedCAIdentities</key>
                <array><dict><key>SPKI-SHA256-BASE64</key><string>\(pin)</string></dict></array></dict></dict>
                """)
        }
        let wrong = Data(repeating: 1, count: 32).base64EncodedString()
        let (status, json) = try ATSFixtures.check(try pinned(wrong), port: server.port)
        #expect(status == 1)
        #expect(try Self.errorCode(json) == (-1202, -9886))
        let pinResult = trustcheck(["pin", ATSFixtures.anchor])
        // `trustcheck pin` prints sha256/BASE64; NSPinnedDomains takes the base64 alone.
        let caPin = try #require(pinResult.stdout.split(separator: "\n").first.map {
            String(($0.split(separator: " ").first ?? "").replacingOccurrences(of: "sha256/", with: ""))
        })
        let (allowed, allowedJSON) = try ATSFixtures.check(try pinned(caPin), port: server.port)
        #expect(allowed == 0, "\(allowedJSON) pin \(caPin)")
    }

    @Test("http:// is decided by the policy alone: -1022 by default, allowed with the exception")
    func cleartext() throws {
        let refused = trustcheck(["ats", try ATSFixtures.infoPlist(""), "http://ats.test/"])
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("Code=-1022"))
        let allowed = trustcheck(["ats", try ATSFixtures.infoPlist(ATSFixtures.exception("<key>NSExceptionAllowsInsecureHTTPLoads</key><true/>")),
                                  "http://ats.test/"])
        #expect(allowed.status == 0)
        #expect(allowed.stdout.contains(#"NSExceptionDomains["ats.test"].NSExceptionAllowsInsecureHTTPLoads"#))
    }

    @Test("Nothing listening: -1004, exit 1, in bounded time")
    func nothingListening() throws {
        let (status, json) = try ATSFixtures.check(try ATSFixtures.infoPlist(""), port: 1)
        #expect(status == 1)
        #expect(try Self.errorCode(json).0 == -1004)
    }

    @Test("Bad input: exit 2 with the file or the option named")
    func badInput() throws {
        let missing = trustcheck(["ats", "/nonexistent/Info.plist", "https://ats.test/"])
        #expect(missing.status == 2 && missing.stderr.contains("/nonexistent/Info.plist"))
        let url = trustcheck(["ats", try ATSFixtures.infoPlist(""), "ftp://ats.test/"])
        #expect(url.status == 2 && url.stderr.contains("ftp"))
        let connectTo = trustcheck(["ats", try ATSFixtures.infoPlist(""), "https://ats.test/", "--connect-to", "127.0.0.1"])
        #expect(connectTo.status == 2 && connectTo.stderr.contains("--connect-to"))
        let json = trustcheck(["ats", "/nonexistent/Info.plist", "https://ats.test/", "--json"])
        #expect(json.stdout.contains("\"ats-unreadable\""))
    }

    @Test("Hostile strings from the plist and URL are escaped in the text output")
    func escaping() throws {
        let plist = try ATSFixtures.infoPlist(
            "<key>NSExceptionDomains</key><dict><key>evil\u{1B}[31m.test</key><string>x</string></dict>")
        let result = trustcheck(["ats", plist, "http://ats.test/"])
        #expect(!result.stdout.contains("\u{1B}"))
    }
}

@Suite("trustcheck ats --lint: findings, exit 1 when there is one; --check-hosts finds exceptions a server does not need")
struct ATSLintCommandTests {
    @Test("Findings as text and JSON; a clean plist exits 0")
    func findings() throws {
        let risky = try ATSFixtures.infoPlist("<key>NSAllowsArbitraryLoads</key><true/><key>NSAllowsArbitaryLoadsForMedia</key><true/>")
        let text = trustcheck(["ats", "--lint", risky])
        #expect(text.status == 1)
        #expect(text.stdout.contains("[arbitrary-loads]") && text.stdout.contains("did you mean NSAllowsArbitraryLoadsForMedia?"))
        let json = trustcheck(["ats", "--lint", risky, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let codes = (object["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        #expect(codes.contains("misspelt-key"))
        #expect(trustcheck(["ats", "--lint", try ATSFixtures.infoPlist("")]).status == 0)
    }

    @Test("--check-hosts: an exception for a server that meets ATS is reported; one it needs is not")
    func checkHosts() throws {
        let plist = try ATSFixtures.infoPlist(ATSFixtures.exception("<key>NSExceptionMinimumTLSVersion</key><string>TLSv1.2</string>"))
        let good = try ATSFixtures.server("good")
        let unneeded = trustcheck(["ats", "--lint", plist, "--check-hosts", "--anchors", ATSFixtures.anchor,
                                   "--connect-to", "127.0.0.1:\(good.port)", "--at", ATSFixtures.time])
        #expect(unneeded.status == 1 && unneeded.stdout.contains("[exception-unneeded]"), "\(unneeded.stdout)")
        let old = try ATSFixtures.server("good", ["-tls1_1", "-cipher", "DEFAULT@SECLEVEL=0"])
        let needed = trustcheck(["ats", "--lint", plist, "--check-hosts", "--anchors", ATSFixtures.anchor,
                                 "--connect-to", "127.0.0.1:\(old.port)", "--at", ATSFixtures.time])
        #expect(needed.status == 0 && !needed.stdout.contains("exception-unneeded"), "\(needed.stdout)")
        #expect(needed.stdout.contains("does not meet ATS's defaults"))
    }
}

@Suite("trustcheck ats --diagnose: each variant tried, PASS/FAIL, and the smallest exception that passes, ready to paste")
struct ATSDiagnoseCommandTests {
    private static func diagnose(port: UInt16) throws -> (Int32, [String: Any]) {
        let result = trustcheck(["ats", "--diagnose", "https://ats.test/", "--anchors", ATSFixtures.anchor,
                                 "--connect-to", "127.0.0.1:\(port)", "--at", ATSFixtures.time, "--json"])
        return (result.status, try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)"))
    }

    @Test("Each failing server: the default fails, and the smallest exception is the one that covers it, which then passes `ats`",
          arguments: ATSCommandTests.failingServers)
    func smallestException(case server: ATSCommandTests.FailingServer) throws {
        let running = try ATSFixtures.server(server.leaf, server.arguments, accepts: 64)
        let (status, json) = try Self.diagnose(port: running.port)
        #expect(status == 1)
        #expect(json["default_passes"] as? Bool == false)
        let variants = try #require(json["variants"] as? [[String: Any]])
        #expect(variants.first?["result"] as? String == "FAIL")
        #expect(variants.contains { $0["name"] as? String == "Allow All Loads" && $0["result"] as? String == "PASS" })
        let smallest = try #require(json["smallest_exception"] as? [String: Any])
        let domains = try #require(smallest["NSExceptionDomains"] as? [String: Any])
        let keys = try #require(domains["ats.test"] as? [String: Any])
        // The one key of the covering exception (the fixture's exception is `<key>K</key>value`).
        let expectedKey = try #require(server.exception.split(separator: ">").dropFirst().first?.split(separator: "<").first)
        #expect(Array(keys.keys) == [String(expectedKey)], "\(keys)")
        // The XML pastes into an Info.plist that `trustcheck ats` then allows.
        let xml = try #require(json["smallest_exception_plist"] as? String)
        let path = try ATSFixtures.infoPlist("")
        let pasted = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: "<key>NSAppTransportSecurity</key><dict></dict>", with: xml)
        try Data(pasted.utf8).write(to: URL(fileURLWithPath: path))
        let (checked, checkedJSON) = try ATSFixtures.check(path, port: running.port)
        #expect(checked == 0, "\(checkedJSON)")
    }

    @Test("A server that meets ATS passes the default: exit 0, no exception")
    func meetsATS() throws {
        let running = try ATSFixtures.server("good", accepts: 64)
        let (status, json) = try Self.diagnose(port: running.port)
        #expect(status == 0 && json["default_passes"] as? Bool == true)
        #expect(json["smallest_exception"] is NSNull)
    }

    @Test("A certificate for another name fails every variant: the text says it is server trust, not ATS")
    func trustProblem() throws {
        let running = try ATSFixtures.server("wrongname", accepts: 64)
        let result = trustcheck(["ats", "--diagnose", "https://ats.test/", "--anchors", ATSFixtures.anchor,
                                 "--connect-to", "127.0.0.1:\(running.port)", "--at", ATSFixtures.time])
        #expect(result.status == 1)
        #expect(!result.stdout.contains("Result : PASS"))
        #expect(result.stdout.contains("the problem is server trust"))
        #expect(result.stdout.contains("Starting ATS Diagnostics"))
    }
}
