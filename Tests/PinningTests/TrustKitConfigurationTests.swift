import Foundation
import Pinning
import Testing

/// Reading TrustKit configurations: containers, TrustKit's checks with their messages, and warnings.
@Suite struct TrustKitConfigurationTests {
    typealias Code = TrustKitConfigurationError.Code

    static func load(_ file: String) throws -> TrustKitConfiguration {
        try TrustKitConfiguration(contentsOfFile: PinningFixtures.path(file), registry: PinningFixtures.registry)
    }

    @Test func jsonXMLAndBinaryPropertyListsAndAnInfoPlistReadTheSamePolicies() throws {
        let json = try Self.load("trustkit.json")
        for file in ["trustkit.plist", "trustkit-binary.plist", "Info.plist"] {
            let other = try Self.load(file)
            #expect(other.pinnedDomains == json.pinnedDomains, "\(file)")
            #expect(other.swizzleNetworkDelegates == json.swizzleNetworkDelegates)
        }
        #expect(try Data(contentsOf: PinningFixtures.directory.appendingPathComponent("trustkit-binary.plist")).starts(with: Array("bplist".utf8)))
    }

    @Test func theFixtureConfigurationHasTrustKitsDefaultsFilledIn() throws {
        let configuration = try Self.load("trustkit.json")
        #expect(configuration.swizzleNetworkDelegates == false)
        #expect(configuration.ignorePinningForUserDefinedTrustAnchors == true)
        #expect(configuration.warnings.isEmpty)
        let parent = try #require(configuration.pinnedDomains["example.com"])
        #expect(parent.includeSubdomains && parent.enforcePinning && !parent.excludeSubdomainFromParentPolicy)
        #expect(parent.publicKeyHashes.map(\.base64) == [try PinningFixtures.spkiPin("intermediate.pem"), try PinningFixtures.spkiPin("backup.pem")])
        #expect(parent.effectiveReportURIs.map(\.absoluteString)
            == ["https://reports.example.com/pins", "https://overmind.datatheorem.com/trustkit/report"])
        #expect(parent.expirationDate == nil)
        let api = try #require(configuration.pinnedDomains["api.example.com"])
        #expect(!api.enforcePinning && !api.includeSubdomains)
        #expect(api.effectiveReportURIs.isEmpty)
        #expect(api.expirationDate == ISO8601DateFormatter().date(from: "2026-01-01T00:00:00Z"))
        #expect(api.isExpired(at: ISO8601DateFormatter().date(from: "2026-01-01T00:00:01Z")!))
        #expect(!api.isExpired(at: ISO8601DateFormatter().date(from: "2026-01-01T00:00:00Z")!))
        #expect(configuration.pinnedDomains["unsecured.example.com"]?.excludeSubdomainFromParentPolicy == true)
    }

    static let pinA = String(repeating: "A", count: 43) + "="
    static let pinB = String(repeating: "B", count: 43) + "="

    /// One bad configuration per check, with what must be said about it.
    @Test(arguments: [
        (#"{"TSKSwizzleNetworkDelegates": false}"#, Code.noPinnedDomains, "TSKPinnedDomains" as String?, nil as String?,
         "TrustKit was initialized with no pinned domains. The configuration format has changed: ensure your domain pinning policies are under the TSKPinnedDomains key within TSKConfiguration."),
        (#"{"TSKPinnedDomains": {}}"#, .noPinnedDomains, "TSKPinnedDomains", nil,
         "TrustKit was initialized with no pinned domains. The configuration format has changed: ensure your domain pinning policies are under the TSKPinnedDomains key within TSKConfiguration."),
        (#"{"TSKPinnedDomains": {"localhost": {"TSKPublicKeyHashes": ["PA", "PB"]}}}"#, .invalidDomain, nil, "localhost",
         "TrustKit was initialized with an invalid domain localhost"),
        (#"{"TSKPinnedDomains": {"127.0.0.1": {"TSKPublicKeyHashes": ["PA", "PB"]}}}"#, .invalidDomain, nil, "127.0.0.1",
         "TrustKit was initialized with an invalid domain 127.0.0.1"),
        (#"{"TSKPinnedDomains": {"foo.test": {"TSKPublicKeyHashes": ["PA", "PB"]}}}"#, .invalidDomain, nil, "foo.test",
         "TrustKit was initialized with an invalid domain foo.test"),
        (#"{"TSKPinnedDomains": {"example.com": {"TSKIncludeSubdomains": true, "TSKPublicKeyHashes": ["PA", "PB"]}, "x.example.com": {"kSKExcludeSubdomainFromParentPolicy": true, "TSKEnforcePinning": false}}}"#,
         .excludedDomainHasOtherKeys, "kSKExcludeSubdomainFromParentPolicy", "x.example.com",
         "TrustKit was initialized with TSKExcludeSubdomainFromParentPolicy for domain x.example.com but detected additional configuration keys"),
        (#"{"TSKPinnedDomains": {"com": {"TSKIncludeSubdomains": true, "TSKPublicKeyHashes": ["PA", "PB"]}}}"#,
         .includeSubdomainsOnPublicSuffix, "TSKIncludeSubdomains", "com",
         "TrustKit was initialized with includeSubdomains for a domain suffix com"),
        (#"{"TSKPinnedDomains": {"appspot.com": {"TSKIncludeSubdomains": true, "TSKPublicKeyHashes": ["PA", "PB"]}}}"#,
         .includeSubdomainsOnPublicSuffix, "TSKIncludeSubdomains", "appspot.com",
         "TrustKit was initialized with includeSubdomains for a domain suffix appspot.com"),
        (#"{"TSKPinnedDomains": {"example.com": {"TSKReportUris": ["http://bad host/"], "TSKPublicKeyHashes": ["PA", "PB"]}}}"#,
         .invalidReportURI, "TSKReportUris", "example.com",
         "TrustKit was initialized with an invalid value for TSKReportUris for domain example.com"),
        (#"{"TSKPinnedDomains": {"example.com": {"TSKPublicKeyHashes": ["PA", "AAAA"]}}}"#, .invalidPin, "TSKPublicKeyHashes", "example.com",
         "TrustKit was initialized with an invalid Pin AAAA for domain example.com"),
        (#"{"TSKPinnedDomains": {"example.com": {"TSKPublicKeyHashes": ["PA", "PA"]}}}"#, .tooFewPins, "TSKPublicKeyHashes", "example.com",
         "TrustKit was initialized with less than 2 pins (ie. no backup pins) for domain example.com. This might brick your App; please review the Getting Started guide in ./docs/getting-started.md"),
        (#"{"TSKPinnedDomains": {"example.com": {"TSKEnforcePinning": false}}}"#, .tooFewPins, "TSKPublicKeyHashes", "example.com",
         "TrustKit was initialized with less than 1 pins (ie. no backup pins) for domain example.com. This might brick your App; please review the Getting Started guide in ./docs/getting-started.md"),
        (#"{"TSKPinnedDomains": {"example.com": {"TSKPublicKeyHashes": ["PA", "PB"]}, "x.example.com": {"kSKExcludeSubdomainFromParentPolicy": true}}}"#,
         .excludedDomainWithoutParent, "kSKExcludeSubdomainFromParentPolicy", "x.example.com",
         "TrustKit was initialized with TSKExcludeSubdomainFromParentPolicy for domain x.example.com but could not find a policy for a parent domain"),
    ])
    func trustKitsRefusalsComeWithItsMessageTheKeyAndTheDomain(json: String, code: Code, key: String?, domain: String?, message: String) {
        let text = json.replacingOccurrences(of: "\"PA\"", with: "\"\(Self.pinA)\"").replacingOccurrences(of: "\"PB\"", with: "\"\(Self.pinB)\"")
        let error = #expect(throws: TrustKitConfigurationError.self) { try PinningFixtures.configuration(text) }
        #expect(error?.code == code)
        #expect(error?.key == key)
        #expect(error?.domain == domain)
        #expect(error?.trustKitMessage == message)
        #expect(error?.path == nil)
        let place = [domain.map { "TSKPinnedDomains[\"\($0)\"]" }, key].compactMap { $0 }.joined(separator: ".")
        #expect(error?.localizedDescription == place + ": " + (error?.problem ?? ""))
    }

    @Test func problemsAreWordedForPeople() throws {
        func problem(_ json: String) -> String? {
            (#expect(throws: TrustKitConfigurationError.self) { try PinningFixtures.configuration(json) })?.problem
        }
        #expect(problem(#"{"TSKPinnedDomains": {"example.com": {"TSKPublicKeyHashes": ["\#(Self.pinA)"]}}}"#)
            == "1 distinct pin, at least 2 needed when enforcing (a backup pin)")
        #expect(problem(#"{"TSKPinnedDomains": {"example.com": {"TSKPublicKeyHashes": ["\#(Self.pinA)", "AAAA"]}}}"#)
            == "\"AAAA\" is not a pin: it decodes to 3 bytes, a SHA-256 pin is 32")
        #expect(problem(#"{"TSKPinnedDomains": {"example.com": {"TSKPublicKeyHashes": ["sha256/\#(Self.pinA)", "\#(Self.pinB)"]}}}"#)
            == "\"sha256/\(Self.pinA)\" is not a pin: not base64")
        #expect(problem(#"{"TSKPinnedDomains": {"x.example.com": {"kSKExcludeSubdomainFromParentPolicy": true, "TSKEnforcePinning": false, "TSKIncludeSubdomains": false}}}"#)
            == "must be the only key of an excluded domain, but it has TSKEnforcePinning, TSKIncludeSubdomains")
    }

    /// Values TrustKit would crash on or misread are refused by type.
    @Test(arguments: [
        (#"{"TSKPinnedDomains": []}"#, "TSKPinnedDomains" as String?, nil as String?, "must be a dictionary of domain to policy"),
        (#"{"TSKPinnedDomains": {"example.com": ["x"]}}"#, nil, "example.com", "a domain's policy must be a dictionary"),
        (#"{"TSKPinnedDomains": {"example.com": {"TSKEnforcePinning": "NO", "TSKPublicKeyHashes": ["PA", "PB"]}}}"#,
         "TSKEnforcePinning", "example.com", "must be a boolean, not a string"),
        (#"{"TSKPinnedDomains": {"example.com": {"TSKPublicKeyHashes": "PA"}}}"#, "TSKPublicKeyHashes", "example.com",
         "must be an array of strings, not a string"),
        (#"{"TSKPinnedDomains": {"example.com": {"TSKPublicKeyHashes": ["PA", 7]}}}"#, "TSKPublicKeyHashes", "example.com",
         "entry 1 must be a string, not a number"),
        (#"{"TSKPinnedDomains": {"example.com": {"TSKExpirationDate": 20250101, "TSKPublicKeyHashes": ["PA", "PB"]}}}"#,
         "TSKExpirationDate", "example.com", "must be a \"yyyy-MM-dd\" string, not a number"),
        (#"{"TSKSwizzleNetworkDelegates": [true], "TSKPinnedDomains": {}}"#, "TSKSwizzleNetworkDelegates", nil,
         "must be a boolean, not an array"),
    ])
    func wrongTypesAreRefusedNamingTheKey(json: String, key: String?, domain: String?, problem: String) {
        let text = json.replacingOccurrences(of: "\"PA\"", with: "\"\(Self.pinA)\"").replacingOccurrences(of: "\"PB\"", with: "\"\(Self.pinB)\"")
        let error = #expect(throws: TrustKitConfigurationError.self) { try PinningFixtures.configuration(text) }
        #expect(error?.code == .wrongType)
        #expect(error?.key == key)
        #expect(error?.domain == domain)
        #expect(error?.problem == problem)
        #expect(error?.trustKitMessage == nil)
    }

    @Test func errorsFromAFileNameTheFile() throws {
        let path = try PinningFixtures.temporaryFile(Data(#"{"TSKPinnedDomains": {"localhost": {}}}"#.utf8), name: "pins.json")
        let error = #expect(throws: TrustKitConfigurationError.self) {
            try TrustKitConfiguration(contentsOfFile: path, registry: PinningFixtures.registry)
        }
        #expect(error?.path == path)
        #expect(error?.localizedDescription.hasPrefix("\(path): TSKPinnedDomains[\"localhost\"]: not a domain under a public suffix") == true)

        let garbage = try PinningFixtures.temporaryFile(Data([0x00, 0x01, 0x02]), name: "garbage.bin")
        let notConfiguration = #expect(throws: TrustKitConfigurationError.self) {
            try TrustKitConfiguration(contentsOfFile: garbage, registry: PinningFixtures.registry)
        }
        #expect(notConfiguration?.code == .notAConfiguration)
        #expect(notConfiguration?.description == "\(garbage): neither a JSON object nor a property list (XML or binary)")

        let truncated = try PinningFixtures.temporaryFile(Data(#"{"TSKPinnedDomains": {"#.utf8), name: "truncated.json")
        let malformed = #expect(throws: TrustKitConfigurationError.self) {
            try TrustKitConfiguration(contentsOfFile: truncated, registry: PinningFixtures.registry)
        }
        #expect(malformed?.code == .notAConfiguration)
        #expect(malformed?.problem.hasPrefix("malformed JSON") == true)

        let missing = path + ".missing"
        let unreadable = #expect(throws: TrustKitConfigurationError.self) {
            try TrustKitConfiguration(contentsOfFile: missing, registry: PinningFixtures.registry)
        }
        #expect(unreadable?.code == .unreadable)
        #expect(unreadable?.path == missing)
    }

    @Test func anOversizedFileIsRefusedUnread() throws {
        let path = try PinningFixtures.temporaryFile(Data(count: TrustKitConfiguration.maximumFileSize + 1), name: "huge.json")
        let error = #expect(throws: TrustKitConfigurationError.self) {
            try TrustKitConfiguration(contentsOfFile: path, registry: PinningFixtures.registry)
        }
        #expect(error?.code == .unreadable)
        #expect(error?.problem == "the file is \(TrustKitConfiguration.maximumFileSize + 1) bytes, larger than the 4 MiB limit")
    }

    @Test func withoutAPublicSuffixListNothingCanBeChecked() {
        let registry = TrustKitDomainRegistry(contentsOfFile: "/nonexistent/public_suffix_list.dat")
        let error = #expect(throws: TrustKitConfigurationError.self) {
            try TrustKitConfiguration(data: Data(#"{"TSKPinnedDomains": {"example.com": {}}}"#.utf8), registry: registry)
        }
        #expect(error?.code == .publicSuffixListMissing)
        #expect(error?.problem.hasPrefix("no domain can be checked: cannot read the Public Suffix List /nonexistent/public_suffix_list.dat") == true)
    }

    /// What TrustKit silently ignores is accepted as TrustKit accepts it, with a warning.
    @Test func ignoredKeysAndUnparsableDatesAreAcceptedWithWarnings() throws {
        let configuration = try PinningFixtures.configuration("""
            {"TSKPinnedDomains": {"example.com": {
                "TSKPublicKeyHashes": ["\(Self.pinA)", "\(Self.pinB)"],
                "TSKExcludeSubdomainFromParentPolicy": true,
                "TSKPublicKeyAlgorithms": ["TSKAlgorithmRsa2048"],
                "TSKAdditionalTrustAnchors": ["-----BEGIN CERTIFICATE-----"],
                "TSKEnforcePining": true,
                "TSKExpirationDate": "01/01/2030"}},
             "TSKSwizzleNetworkDelegates": true, "TSKIgnorePinningForUserDefinedTrustAnchors": false, "Extra": 1}
            """)
        #expect(configuration.warnings.map(\.code) == [.swizzlingRequiresSharedInstance, .unknownKey, .unparsableExpirationDate,
                                                       .removedKey, .unknownKey, .documentedExcludeSpelling, .deprecatedKey])
        #expect(configuration.warnings.map(\.key) == ["TSKSwizzleNetworkDelegates", "Extra", "TSKExpirationDate",
                                                      "TSKAdditionalTrustAnchors", "TSKEnforcePining",
                                                      "TSKExcludeSubdomainFromParentPolicy", "TSKPublicKeyAlgorithms"])
        #expect(configuration.warnings[5].description == "TSKPinnedDomains[\"example.com\"].TSKExcludeSubdomainFromParentPolicy: "
            + "TrustKit does not read this documented spelling; the key it reads is kSKExcludeSubdomainFromParentPolicy")
        // The documented spelling does not exclude, and the unparsable date does not expire anything.
        let policy = try #require(configuration.pinnedDomains["example.com"])
        #expect(!policy.excludeSubdomainFromParentPolicy)
        #expect(policy.expirationDate == nil)
        #expect(configuration.swizzleNetworkDelegates && !configuration.ignorePinningForUserDefinedTrustAnchors)
    }

    @Test(arguments: [("2025-03-04", "2025-03-04T00:00:00Z"), ("2025-3-4", "2025-03-04T00:00:00Z"), ("2024-02-29", "2024-02-29T00:00:00Z"),
                      ("2025-02-29", nil), ("2025-13-01", nil), ("25-01-01", nil), ("2025-01-01T00:00:00Z", nil), ("", nil)])
    func expirationDatesAreUTCMidnight(text: String, expected: String?) throws {
        let configuration = try PinningFixtures.configuration(
            #"{"TSKPinnedDomains": {"example.com": {"TSKExpirationDate": "\#(text)", "TSKPublicKeyHashes": ["\#(Self.pinA)", "\#(Self.pinB)"]}}}"#)
        #expect(configuration.pinnedDomains["example.com"]?.expirationDate == expected.flatMap { ISO8601DateFormatter().date(from: $0) })
        #expect(configuration.warnings.map(\.code) == (expected == nil ? [.unparsableExpirationDate] : []))
    }

    @Test func numbersCountAsBooleansAsBoolValueReadsThem() throws {
        let configuration = try PinningFixtures.configuration(
            #"{"TSKPinnedDomains": {"example.com": {"TSKEnforcePinning": 0, "TSKIncludeSubdomains": 1, "TSKPublicKeyHashes": ["\#(Self.pinA)"]}}}"#)
        let policy = try #require(configuration.pinnedDomains["example.com"])
        #expect(!policy.enforcePinning && policy.includeSubdomains)
    }

    @Test func anInfoPlistWithoutTSKConfigurationHasNoPinnedDomains() throws {
        let plist = try PropertyListSerialization.data(fromPropertyList: ["CFBundleIdentifier": "com.example"], format: .xml, options: 0)
        let error = #expect(throws: TrustKitConfigurationError.self) {
            try TrustKitConfiguration(data: plist, path: "Info.plist", registry: PinningFixtures.registry)
        }
        #expect(error?.code == .noPinnedDomains)
        #expect(error?.description == "Info.plist: TSKPinnedDomains: missing")
    }
}
