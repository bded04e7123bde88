import Foundation
import ReportCollector
import Testing

/// CIDR networks and the client address `X-Forwarded-For` gives behind trusted proxies.
@Suite struct TrustedProxiesTests {
    private func proxies(_ cidrs: String...) throws -> TrustedProxies {
        TrustedProxies(try cidrs.map { try IPAddressRange(parsing: $0) })
    }

    @Test func cidrsOfBothFamiliesParseAndMatch() throws {
        let v4 = try IPAddressRange(parsing: "10.1.2.3/8")
        #expect(v4.description == "10.0.0.0/8")
        #expect(v4.contains("10.255.0.1"))
        #expect(v4.contains("::ffff:10.0.0.9"))
        #expect(!v4.contains("11.0.0.1"))
        #expect(!v4.contains("::a00:1"))
        let v6 = try IPAddressRange(parsing: "2001:db8::/32")
        #expect(v6.contains("2001:DB8:ffff::1"))
        #expect(!v6.contains("2001:db9::1"))
        #expect(!v6.contains("10.0.0.1"))
        let one = try IPAddressRange(parsing: "192.0.2.1")
        #expect(one.prefixLength == 32 && one.contains("192.0.2.1") && !one.contains("192.0.2.2"))
        #expect(try IPAddressRange(parsing: "::1").prefixLength == 128)
        #expect(try IPAddressRange(parsing: "0.0.0.0/0").contains("203.0.113.1"))
        #expect(try IPAddressRange(parsing: "2001:db8::/127").contains("2001:db8::1"))
    }

    @Test func malformedCidrsAreRefusedWithWhatIsWrong() throws {
        for (text, problem) in [("10.0.0.0/33", "0 to 32"), ("2001:db8::/129", "0 to 128"), ("10.0.0/8", "not an IPv4 or IPv6 address"),
                                ("example.com", "not an IPv4 or IPv6 address"), ("10.0.0.0/", "0 to 32"), ("10.0.0.0/-1", "0 to 32"),
                                ("", "not an IPv4"), ("10.0.0.0/8/8", "0 to 32")] {
            let error = try #require(throws: IPAddressRangeError.self, "\(text)") { _ = try IPAddressRange(parsing: text) }
            #expect(error.code == "cidr.invalid")
            #expect(error.localizedDescription.contains(problem), "\(text): \(error.localizedDescription)")
            #expect(error.localizedDescription.contains("'\(text)'"))
        }
    }

    @Test func theHeaderIsWalkedRightToLeftPastTrustedProxies() throws {
        let trusted = try proxies("10.0.0.0/8", "2001:db8:1::/48")
        #expect(trusted.clientAddress(peer: "10.0.0.1", forwardedFor: "203.0.113.9") == "203.0.113.9")
        #expect(trusted.clientAddress(peer: "10.0.0.1", forwardedFor: "1.1.1.1, 203.0.113.9, 10.2.2.2") == "203.0.113.9")
        #expect(trusted.clientAddress(peer: "10.0.0.1", forwardedFor: "2001:db8:2::5 , 2001:db8:1::1") == "2001:db8:2::5")
        #expect(trusted.clientAddress(peer: "10.0.0.1", forwardedFor: "203.0.113.9:55123") == "203.0.113.9")
        #expect(trusted.clientAddress(peer: "10.0.0.1", forwardedFor: "[2001:db8:2::5]") == "2001:db8:2::5")
        #expect(trusted.clientAddress(peer: "10.0.0.1", forwardedFor: "::ffff:198.51.100.4") == "198.51.100.4")
        // Every entry a trusted proxy: the leftmost, the first proxy's own client.
        #expect(trusted.clientAddress(peer: "10.0.0.1", forwardedFor: "10.3.3.3, 10.4.4.4") == "10.3.3.3")
        // The peer itself is IPv4-mapped.
        #expect(trusted.clientAddress(peer: "::ffff:10.0.0.1", forwardedFor: "203.0.113.9") == "203.0.113.9")
    }

    @Test func aMalformedHeaderFallsBackToThePeer() throws {
        let trusted = try proxies("10.0.0.0/8")
        for header in ["", "unknown", "203.0.113.9,", ", 203.0.113.9", "203.0.113.9 198.51.100.1", "203.0.113.9:99999",
                       "[203.0.113.9]:80", "2001:db8::1:80:x", "_hidden, 203.0.113.9", "203.0.113.9;proto=https"] {
            #expect(trusted.clientAddress(peer: "10.0.0.1", forwardedFor: header) == "10.0.0.1", "\(header)")
        }
        #expect(trusted.clientAddress(peer: "10.0.0.1", forwardedFor: nil) == "10.0.0.1")
    }

    @Test func withoutTrustTheHeaderIsIgnored() throws {
        #expect(TrustedProxies().clientAddress(peer: "10.0.0.1", forwardedFor: "203.0.113.9") == "10.0.0.1")
        let trusted = try proxies("10.0.0.0/8")
        #expect(trusted.clientAddress(peer: "192.0.2.1", forwardedFor: "203.0.113.9") == "192.0.2.1")
    }

    /// `trustcheck collect` names the option and the value it cannot use, and exits 2 before listening.
    @Test func theCLIRefusesABadTrustedProxyOrReportPath() throws {
        let directory = try TemporaryDirectory("trusted-proxy-cli")
        defer { directory.remove() }
        let base = ["collect", "--listen", "127.0.0.1:0", "--db", directory.file("reports.db")]
        let badCIDR = try CollectorProcess.run(base + ["--trusted-proxy", "10.0.0.1", "--trusted-proxy", "10.0.0.0/40"])
        #expect(badCIDR.status == 2)
        #expect(badCIDR.stderr.contains("--trusted-proxy '10.0.0.0/40' is not an IPv4 or IPv6 CIDR"), "\(badCIDR.stderr)")
        #expect(badCIDR.stderr.contains("0 to 32"))
        let badPath = try CollectorProcess.run(base + ["--report-path", "report"])
        #expect(badPath.status == 2)
        #expect(badPath.stderr.contains("--report-path 'report' must be an absolute"), "\(badPath.stderr)")
        let badRate = try CollectorProcess.run(base + ["--device-rate-limit", "fast"])
        #expect(badRate.status == 2)
        #expect(badRate.stderr.contains("--device-rate-limit 'fast'"), "\(badRate.stderr)")
    }
}
