import Foundation
import Testing

/// `trustcheck verify --pin-config` with TrustKit configurations as JSON, XML plist, binary plist and an
/// Info.plist's TSKConfiguration, using every TrustKit key, TSKExpirationDate included (with only
/// FoundationEssentials, as the binary links it, there is no UTC time zone to look up for its arithmetic).
@Suite(.enabled(if: ReleaseBinaries.configured, "TRUSTCHECK_RELEASE_BINARY and TRUSTCHECK_COLLECT_RELEASE_BINARY are unset: `make test` builds the release binaries as `make demo` does and sets them"))
struct PinConfigBinaryTests {
    typealias F = RepositoryFiles
    /// A pin on no certificate of the pinning fixtures.
    static let otherPin = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="

    /// Every domain key TrustKit reads, on the names of the pinning fixtures' leaf:
    /// - example.com (and its subdomains): pins on the chain, report URIs, an expiration date far ahead;
    /// - api.example.com: a mismatch, not enforced, no default report URI, expiring on a leap day;
    /// - unsecured.example.com: excluded from its parent's policy;
    /// - foo.www.example.com: a mismatch whose pins expired on 2024-02-29, so no longer pinned;
    /// - other.example.net: an enforced mismatch.
    static var configuration: [String: Any] { [
        "TSKSwizzleNetworkDelegates": false,
        "TSKIgnorePinningForUserDefinedTrustAnchors": true,
        "TSKPinnedDomains": [
            "example.com": [
                "TSKIncludeSubdomains": true, "TSKEnforcePinning": true, "TSKExpirationDate": "2099-12-31",
                "TSKPublicKeyHashes": [F.pinningIntermediatePin, F.pinningBackupPin],
                "TSKReportUris": ["https://reports.example.com/pins"],
            ],
            "api.example.com": [
                "TSKEnforcePinning": false, "TSKDisableDefaultReportUri": true, "TSKExpirationDate": "2028-02-29",
                "TSKPublicKeyHashes": [otherPin, F.pinningBackupPin],
            ],
            "unsecured.example.com": ["kSKExcludeSubdomainFromParentPolicy": true],
            "foo.www.example.com": [
                "TSKExpirationDate": "2024-02-29", "TSKPublicKeyHashes": [otherPin, F.pinningBackupPin],
            ],
            "other.example.net": ["TSKPublicKeyHashes": [otherPin, F.pinningBackupPin]],
        ] as [String: Any],
    ] }

    enum Container: String, CaseIterable, CustomTestStringConvertible {
        case json, xmlPlist, binaryPlist, infoPlist
        var testDescription: String { rawValue }
    }

    /// The configuration written as `container` into `scratch`.
    static func write(_ container: Container, _ configuration: [String: Any] = configuration, to scratch: Scratch) throws -> String {
        switch container {
        case .json:
            return try scratch.write("trustkit.json", JSONSerialization.data(withJSONObject: configuration, options: [.sortedKeys]))
        case .xmlPlist:
            return try scratch.write("trustkit.plist", PropertyListSerialization.data(fromPropertyList: configuration, format: .xml, options: 0))
        case .binaryPlist:
            return try scratch.write("trustkit-binary.plist",
                                     PropertyListSerialization.data(fromPropertyList: configuration, format: .binary, options: 0))
        case .infoPlist:
            let info: [String: Any] = ["CFBundleIdentifier": "com.example.app", "TSKConfiguration": configuration]
            return try scratch.write("Info.plist", PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0))
        }
    }

    static func verify(host: String, config: String, _ extra: [String] = []) throws -> ProcessRun {
        try Binary.trustcheck(["verify", F.pinning("leaf.pem"), F.pinning("intermediate.pem"), "--anchors", F.pinning("root.pem"),
                               "--at", F.pinningTime, "--host", host, "--pin-config", config, "--no-reports", "--json"] + extra)
    }

    static func pinning(_ run: ProcessRun) throws -> [String: Any] {
        try #require(try run.json()["pinning"] as? [String: Any], "no pinning object: \(run)")
    }

    @Test(arguments: Container.allCases)
    func everyKeyDecidesAsTrustKitDoes(container: Container) throws {
        let scratch = try Scratch("pin-config")
        defer { scratch.remove() }
        let config = try Self.write(container, to: scratch)

        let www = try Self.verify(host: "www.example.com", config: config)
        www.expectExit(0)
        #expect(www.stderr == "")
        let allow = try Self.pinning(www)
        #expect(allow["decision"] as? String == "allow")
        #expect(allow["result"] as? String == "TSKTrustEvaluationSuccess")
        #expect(allow["noted_hostname"] as? String == "example.com", "TSKIncludeSubdomains: the parent's policy")
        #expect(allow["configured_pins"] as? [String] == [F.pinningIntermediatePin, F.pinningBackupPin])
        #expect((allow["matched_pins"] as? [[String: Any]])?.map { $0["index"] as? Int } == [1])
        #expect(allow["enforced"] as? Bool == true)

        let api = try Self.verify(host: "api.example.com", config: config)
        api.expectExit(0)
        let reported = try Self.pinning(api)
        #expect(reported["decision"] as? String == "allow", "TSKEnforcePinning false forgives the mismatch")
        #expect(reported["result"] as? String == "TSKTrustEvaluationFailedNoMatchingPin")
        #expect(reported["enforced"] as? Bool == false)

        let excluded = try Self.verify(host: "unsecured.example.com", config: config)
        excluded.expectExit(0)
        #expect(try Self.pinning(excluded)["decision"] as? String == "not-pinned")

        let expired = try Self.verify(host: "foo.www.example.com", config: config)
        expired.expectExit(0)
        #expect(try Self.pinning(expired)["decision"] as? String == "not-pinned", "its pins expired on 2024-02-29")

        let blocked = try Self.verify(host: "other.example.net", config: config)
        blocked.expectExit(1)
        let block = try Self.pinning(blocked)
        #expect(block["decision"] as? String == "block")
        #expect(block["result"] as? String == "TSKTrustEvaluationFailedNoMatchingPin")
        let forgiven = try Self.verify(host: "other.example.net", config: config, ["--report-only"])
        forgiven.expectExit(0)
    }

    /// Just before its expiration the enforced mismatch still blocks; from that UTC midnight on, the domain is
    /// no longer pinned (TrustKit: expirationDate < now).
    @Test func anExpirationDateEndsPinningAtUTCMidnight() throws {
        let scratch = try Scratch("expiry")
        defer { scratch.remove() }
        let config = try scratch.write("trustkit.json", #"""
            {"TSKPinnedDomains": {"www.example.com": {"TSKExpirationDate": "2024-12-31",
              "TSKPublicKeyHashes": ["\#(Self.otherPin)", "\#(F.pinningBackupPin)"]}}}
            """#)
        for (at, decision, status) in [("2024-12-30T23:59:59Z", "block", Int32(1)), ("2024-12-31T00:00:01Z", "not-pinned", 0),
                                       ("2025-01-01T00:00:00Z", "not-pinned", 0)] {
            let run = try Binary.trustcheck(["verify", F.pinning("leaf.pem"), F.pinning("intermediate.pem"),
                                             "--anchors", F.pinning("root.pem"), "--at", at, "--host", "www.example.com",
                                             "--pin-config", config, "--no-reports", "--json"])
            run.expectExit(status)
            #expect(try Self.pinning(run)["decision"] as? String == decision, "at \(at)")
        }
    }

    /// 2023 has no February 29: TrustKit's formatter refuses the date and drops it, so the pins never expire;
    /// the warning names the file, the domain and the key, and says why.
    @Test(arguments: [Container.json, .xmlPlist])
    func anImpossibleExpirationDateIsRefusedNamingTheKey(container: Container) throws {
        let scratch = try Scratch("bad-date")
        defer { scratch.remove() }
        let configuration: [String: Any] = ["TSKPinnedDomains": ["www.example.com": [
            "TSKExpirationDate": "2023-02-29", "TSKPublicKeyHashes": [Self.otherPin, F.pinningBackupPin]]]]
        let config = try Self.write(container, configuration, to: scratch)
        let run = try Self.verify(host: "www.example.com", config: config)
        run.expectExit(1)
        #expect(try Self.pinning(run)["decision"] as? String == "block", "the pins do not expire")
        #expect(run.stderr == "trustcheck: warning: \(config): TSKPinnedDomains[\"www.example.com\"].TSKExpirationDate: "
            + "\"2023-02-29\" is not a date: 2023 is not a leap year: February 2023 has 28 days; "
            + "TrustKit drops it, so these pins never expire\n")
    }

    /// The repository's own TrustKit fixtures (the same configuration as JSON, XML and binary plist, and an
    /// Info.plist), whose api.example.com entry has a TSKExpirationDate.
    @Test(arguments: ["trustkit.json", "trustkit.plist", "trustkit-binary.plist", "Info.plist"])
    func theRepositorysConfigurations(file: String) throws {
        let run = try Self.verify(host: "api.example.com", config: F.pinning(file))
        run.expectExit(0)
        #expect(try Self.pinning(run)["noted_hostname"] as? String == "api.example.com")
        let www = try Self.verify(host: "www.example.com", config: F.pinning(file))
        www.expectExit(0)
        #expect(try Self.pinning(www)["result"] as? String == "TSKTrustEvaluationSuccess")
    }

    @Test func badConfigurationsAreInputErrorsNamingFileAndKey() throws {
        let scratch = try Scratch("bad-config")
        defer { scratch.remove() }
        let onePin = try scratch.write("one-pin.json", #"{"TSKPinnedDomains": {"example.com": {"TSKPublicKeyHashes": ["\#(F.pinningIntermediatePin)"]}}}"#)
        let run = try Self.verify(host: "www.example.com", config: onePin)
        run.expectExit(2)
        #expect(run.stderr.hasPrefix("trustcheck: \(onePin): TSKPinnedDomains[\"example.com\"]"))
        #expect(((try run.json()["error"] as? [String: Any])?["code"] as? String)?.hasPrefix("pinning.config.") == true)

        let wrongType = try scratch.write("wrong-type.json", #"""
            {"TSKPinnedDomains": {"example.com": {"TSKExpirationDate": 20250101,
              "TSKPublicKeyHashes": ["\#(F.pinningIntermediatePin)", "\#(F.pinningBackupPin)"]}}}
            """#)
        let typed = try Self.verify(host: "www.example.com", config: wrongType)
        typed.expectExit(2)
        #expect(typed.stderr.contains("TSKExpirationDate"))

        // A property-list <date> is not TrustKit's string: the plist decoder of FoundationEssentials reads it.
        let dated = try Self.write(.xmlPlist, ["TSKPinnedDomains": ["example.com": [
            "TSKExpirationDate": Date(timeIntervalSince1970: 1_800_000_000),
            "TSKPublicKeyHashes": [F.pinningIntermediatePin, F.pinningBackupPin]]]], to: scratch)
        let date = try Self.verify(host: "www.example.com", config: dated)
        date.expectExit(2)
        #expect(date.stderr.contains("TSKExpirationDate"))
        #expect(date.stderr.contains("not a date"))

        let badURI = try scratch.write("bad-uri.json", #"""
            {"TSKPinnedDomains": {"example.com": {"TSKReportUris": ["not a URI"],
              "TSKPublicKeyHashes": ["\#(F.pinningIntermediatePin)", "\#(F.pinningBackupPin)"]}}}
            """#)
        let uri = try Self.verify(host: "www.example.com", config: badURI)
        uri.expectExit(2)
        #expect(uri.stderr.contains("TSKReportUris"))

        let garbage = try scratch.write("garbage.json", "{\"TSKPinnedDomains\": ")
        let broken = try Self.verify(host: "www.example.com", config: garbage)
        broken.expectExit(2)
        #expect(broken.stderr.hasPrefix("trustcheck: \(garbage): "))

        let missing = try Self.verify(host: "www.example.com", config: scratch.path("absent.json"))
        missing.expectExit(2)
        #expect(missing.stderr.contains(scratch.path("absent.json")))

        let noHost = try Binary.trustcheck(["verify", F.pinning("leaf.pem"), "--pin-config", onePin])
        noHost.expectExit(2)
        #expect(noHost.stderr.hasPrefix("trustcheck verify: --pin-config needs --host"))
    }

    /// An Info.plist that pins through App Transport Security (NSPinnedDomains) rather than TrustKit.
    @Test func appTransportSecurityPinnedDomains() throws {
        let base = ["verify", F.pinning("af-leaf.pem"), F.pinning("af-intermediate.pem"), "--anchors", F.pinning("af-root.pem"),
                    "--at", F.pinningTime, "--pin-config", F.pinning("af-ats-info.plist"), "--json"]
        let pinned = try Binary.trustcheck(base + ["--host", "api.example.com"])
        pinned.expectExit(0)
        #expect(try Self.pinning(pinned)["decision"] as? String == "allow")
        let failing = try Binary.trustcheck(base + ["--host", "www.example.com"])
        failing.expectExit(1)
        #expect((try Self.pinning(failing)["apple_error"] as? [String: Any])?["code"] as? Int == -9886)
    }
}
