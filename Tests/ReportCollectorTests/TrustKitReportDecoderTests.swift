import Foundation
import Pinning
import ReportCollector
import Testing

@Suite struct TrustKitReportDecoderTests {
    private func rejection(_ fields: [String: Any]) throws -> ReportRejection? {
        rejection(try SampleReports.body(fields))
    }

    private func rejection(_ bytes: [UInt8]) -> ReportRejection? {
        do {
            _ = try TrustKitReportDecoder.decode(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func decodesEveryTrustKitField() throws {
        let body = try TrustKitReportDecoder.decode(try SampleReports.body(try SampleReports.fields()))
        #expect(body.appBundleID == "com.example.app")
        #expect(body.appVersion == "2.1")
        #expect(body.appPlatform == .iOS)
        #expect(body.appPlatformVersion == "17.1.0")
        #expect(body.appVendorID == "vendor-1")
        #expect(body.trustKitVersion == "3.0.0")
        #expect(body.dateTime == SampleReports.time)
        #expect(body.hostname == "api.example.com")
        #expect(body.port == 0)
        #expect(body.notedHostname == "example.com")
        #expect(body.includeSubdomains)
        #expect(body.enforcePinning == false)
        #expect(body.validatedCertificateChain == [try SampleReports.pem("leaf.pem"), try SampleReports.pem("intermediate.pem")])
        #expect(body.knownPinHashes == [try SampleReports.pin("intermediate.pem"), try SampleReports.pin("root.pem")])
        #expect(body.validationResult == .failedNoMatchingPin)
        #expect(body.knownPinsExpirationDate == nil)
    }

    @Test func anExpirationDateAndExtraFieldsAreRead() throws {
        var fields = try SampleReports.fields()
        fields["known-pins-expiration-date"] = "2027-03-01"
        fields["some-future-field"] = [1, 2]
        let body = try TrustKitReportDecoder.decode(try SampleReports.body(fields))
        #expect(body.knownPinsExpirationDate == ISO8601DateFormatter().date(from: "2027-03-01T00:00:00Z"))
    }

    @Test func notJSONNotAnObjectAndNotUTF8AreRefused() throws {
        #expect(rejection(Array("hello".utf8))?.kind == .notJSON)
        #expect(rejection(Array("[1,2]".utf8))?.kind == .notObject)
        #expect(rejection([0xFF, 0xFE, 0x7B, 0x7D])?.kind == .notJSON)
        #expect(rejection([])?.kind == .notJSON)
        let truncated = Array(try SampleReports.body().dropLast(10))
        #expect(rejection(truncated)?.kind == .notJSON)
    }

    @Test func everyMissingFieldIsNamed() throws {
        let names = ["app-bundle-id", "app-version", "app-platform", "app-platform-version", "app-vendor-id", "trustkit-version",
                     "date-time", "hostname", "port", "noted-hostname", "include-subdomains", "enforce-pinning",
                     "validated-certificate-chain", "known-pins", "validation-result"]
        // Without known-pins-expiration-date it is TrustKit 1.3-1.4's format (TrustKitReportFormatTests).
        for name in names {
            var fields = try SampleReports.fields()
            fields[name] = nil
            let refused = try rejection(fields)
            #expect(refused?.kind == .missingField, "\(name)")
            #expect(refused?.message == "missing field '\(name)'", "\(name)")
        }
    }

    @Test func wrongJSONTypesAreRefusedWithTheField() throws {
        let cases: [(String, Any)] = [("port", "0"), ("include-subdomains", 1), ("hostname", 5), ("validation-result", true),
                                      ("known-pins", "pin"), ("validated-certificate-chain", [1]), ("port", 1.5)]
        for (name, value) in cases {
            var fields = try SampleReports.fields()
            fields[name] = value
            let refused = try rejection(fields)
            #expect(refused?.kind == .wrongType, "\(name) = \(value)")
            #expect(refused?.message.contains("'\(name)'") == true, "\(String(describing: refused))")
        }
    }

    @Test func valuesTrustKitNeverSendsAreRefused() throws {
        let cases: [(String, Any, String)] = [
            ("app-platform", "I OS", "app-platform"), ("validation-result", 0, "validation-result"),
            ("validation-result", 6, "validation-result"), ("date-time", "2026-12-01 00:00:00", "date-time"),
            ("date-time", "2026-02-30T00:00:00Z", "date-time"), ("known-pins-expiration-date", "tomorrow", "known-pins-expiration-date"),
            ("port", 70_000, "port"), ("hostname", "", "hostname"), ("known-pins", ["sha256/abc"], "known-pins"),
            ("known-pins", ["pin-sha256=\"AAAA\""], "known-pins"),
        ]
        for (name, value, mentioned) in cases {
            var fields = try SampleReports.fields()
            fields[name] = value
            let refused = try rejection(fields)
            #expect(refused?.kind == .invalidValue, "\(name) = \(value)")
            #expect(refused?.message.contains(mentioned) == true, "\(String(describing: refused))")
            #expect(refused?.httpStatus == 400)
        }
    }

    @Test func aChainLongerThanSixteenIsRefused() throws {
        var fields = try SampleReports.fields()
        fields["validated-certificate-chain"] = Array(repeating: try SampleReports.pem("leaf.pem"), count: 17)
        #expect(try rejection(fields)?.kind == .invalidValue)
    }

    @Test func theDeduplicationKeyFollowsTrustKitsIdentityPlusInstallAndDay() throws {
        func key(_ fields: [String: Any]) throws -> String { try TrustKitReportDecoder.decode(try SampleReports.body(fields)).deduplicationKey }
        let base = try SampleReports.fields()
        let original = try key(base)
        #expect(original.count == 64)
        // Ignored, as TrustKit's rate limiter ignores them: app fields other than the install, the time of day.
        for (name, value) in [("app-version", "9.9" as Any), ("app-platform-version", "1.0.0"), ("trustkit-version", "2.0"),
                              ("date-time", "2026-12-01T23:59:59Z"), ("include-subdomains", false), ("enforce-pinning", true)] {
            var changed = base
            changed[name] = value
            #expect(try key(changed) == original, "\(name) changed the key")
        }
        // Part of the key.
        for (name, value) in [("hostname", "b.example.com" as Any), ("noted-hostname", "other.com"), ("port", 443),
                              ("validation-result", 2), ("known-pins", [String]()), ("app-vendor-id", "vendor-2"),
                              ("date-time", "2026-12-02T00:00:00Z"),
                              ("validated-certificate-chain", [try SampleReports.pem("other-leaf.pem")])] {
            var changed = base
            changed[name] = value
            #expect(try key(changed) != original, "\(name) did not change the key")
        }
    }
}
