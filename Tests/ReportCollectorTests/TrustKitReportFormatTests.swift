import Foundation
import HTTPServerBridge
import Pinning
import ReportCollector
import Testing
import TrustCertificates
import TrustEvaluation

/// Every TrustKit report format, decoded and stored: TrustKit's current one (SampleReports.fields), the older
/// one of TrustKit 1.3–1.4 and TrustKit's own sample, and TrustKit-Android's.
///
/// The fixtures in Tests/ReportCollectorTests/Fixtures are upstream's:
/// - `trustkit-sample-report.json` is github.com/datatheorem/TrustKit `docs/sample_report.json`, unchanged.
/// - `trustkit-android-report.json` is built exactly as github.com/datatheorem/TrustKit-Android serialises a
///   report: `trustkit/src/main/java/com/datatheorem/android/trustkit/reporting/PinningFailureReport.java`
///   (`toJson()`: its keys in its `put` order, `app-platform` `ANDROID`, `validation-result` the
///   `PinningValidationResult` ordinal, `date-time` from `DateFormat.format("yyyy-MM-dd'T'HH:mm:ssZ")`, a
///   literal `Z`), written by org.json's `JSONObject.toString()` (compact, `/` escaped as `\/`);
///   `BackgroundReporter.certificateToPem` (the PEM: `Base64.DEFAULT`, 76-character lines ending in `\n`);
///   `PinningTrustManager.checkServerTrusted` (port 0); `VendorIdentifier.kt` (a lower-case random UUID);
///   `gradle/libs.versions.toml` (`trustkitVersionName` 1.1.5). Its certificates and pins are those of
///   TrustKit-Android's `docs/sample_report.json`, which are TrustKit's sample's.
@Suite struct TrustKitReportFormatTests {
    private func rejection(_ fields: [String: Any]) throws -> ReportRejection? {
        let body = try SampleReports.body(fields)
        do {
            _ = try TrustKitReportDecoder.decode(body)
            return nil
        } catch {
            return error
        }
    }

    @Test func trustKitsOwnSampleIsTheOlderAppleFormat() throws {
        let body = try TrustKitReportDecoder.decode(try SampleReports.trustKitSample())
        #expect(body.format == .iOSLegacy)
        #expect(body.appPlatform == .iOS)
        #expect(body.appPlatformVersion == "10.2.0")
        #expect(body.trustKitVersion == "1.3.1")
        #expect(body.enforcePinning == true)
        #expect(body.knownPinsExpirationDate == nil)
        #expect(body.servedCertificateChain == nil)
        #expect(body.appVendorID == "599F9C00-92DC-4B5C-9464-7971F01F8370")
        #expect(body.hostname == "www.datatheorem.com")
        #expect(body.port == 443)
        #expect(body.validatedCertificateChain.count == 3)
        #expect(body.validationResult == .failedNoMatchingPin)
        #expect(body.dateTime == RFC3339.date("2015-06-08T01:58:05Z"))
    }

    @Test func theAndroidReportDecodesWithItsPlatformAndServedChain() throws {
        let body = try TrustKitReportDecoder.decode(try SampleReports.androidSample())
        #expect(body.format == .android)
        #expect(body.appPlatform == .android)
        #expect(body.appPlatform.rawValue == "ANDROID")
        #expect(body.appPlatformVersion == nil)
        #expect(body.knownPinsExpirationDate == nil)
        #expect(body.trustKitVersion == "1.1.5")
        #expect(body.enforcePinning == true)
        #expect(body.port == 0)
        #expect(body.appVendorID == "599f9c00-92dc-4b5c-9464-7971f01f8370")
        #expect(body.validatedCertificateChain.count == 3)
        #expect(body.servedCertificateChain?.count == 2)
        #expect(body.knownPinHashes == ["rFjc3wG7lTZe43zeYTvPq8k4xdDEutCmIhI5dn4oCeE=", "TQEtdMbmwFgYUifM4LDF+xgEtd0z69mPGmkp014d6ZY="])
        // The device's local wall-clock time, read as UTC (TrustKit-Android sends no offset).
        #expect(body.dateTime == RFC3339.date("2015-06-08T03:58:05Z"))
        let inspector = ReportChainInspector(anchors: nil)
        #expect(try inspector.inspect(body).certificates.map(\.subject).first?.contains("www.datatheorem.com") == true)
    }

    @Test func androidDatesInTheDevicesLocaleDigitsAreRead() throws {
        // String.format with an Arabic locale writes Arabic-Indic digits (U+0660...).
        let arabic = "٢٠٢٦-١٢-٠١T٠٩:٣٠:٠٠Z"
        let body = try TrustKitReportDecoder.decode(try SampleReports.body(try SampleReports.androidFields(date: arabic)))
        #expect(body.dateTime == RFC3339.date("2026-12-01T09:30:00Z"))
        let refused = try rejection(try SampleReports.androidFields(date: "2026-12-01T09:30:00+0100"))
        #expect(refused?.kind == .invalidValue)
        #expect(refused?.message.contains("TrustKit-Android") == true)
    }

    @Test func eachFormatRequiresWhatItAlwaysSends() throws {
        for name in ["app-vendor-id", "served-certificate-chain", "trustkit-version", "enforce-pinning", "validation-result", "date-time"] {
            var fields = try SampleReports.androidFields()
            fields[name] = nil
            let refused = try rejection(fields)
            #expect(refused?.kind == .missingField, "\(name)")
            #expect(refused?.message == "missing field '\(name)'", "\(name)")
        }
        // TrustKit 1.3.0's report: no trustkit-version, enforce-pinning, app-platform-version or expiration date.
        var legacy = try SampleReports.fields()
        for name in ["trustkit-version", "enforce-pinning", "app-platform-version", "known-pins-expiration-date"] { legacy[name] = nil }
        let body = try TrustKitReportDecoder.decode(try SampleReports.body(legacy))
        #expect(body.format == .iOSLegacy)
        #expect(body.trustKitVersion == nil && body.enforcePinning == nil && body.appPlatformVersion == nil)
        for name in ["app-vendor-id", "app-platform", "validation-result", "known-pins"] {
            var fields = legacy
            fields[name] = nil
            #expect(try rejection(fields)?.message == "missing field '\(name)'", "\(name)")
        }
    }

    @Test func aPlatformIsKeptAsTheReportSaysIt() throws {
        var fields = try SampleReports.fields()
        fields["app-platform"] = "VISIONOS"
        #expect(try TrustKitReportDecoder.decode(try SampleReports.body(fields)).appPlatform.rawValue == "VISIONOS")
        for value in ["", "I OS", String(repeating: "X", count: 33)] {
            fields["app-platform"] = value
            #expect(try rejection(fields)?.kind == .invalidValue, "\(value)")
        }
    }

    @Test func theAndroidDeduplicationKeyFollowsTrustKitAndroidsRateLimiter() throws {
        func key(_ fields: [String: Any]) throws -> String { try TrustKitReportDecoder.decode(try SampleReports.body(fields)).deduplicationKey }
        let base = try SampleReports.androidFields()
        let original = try key(base)
        // ReportRateLimiter's identity has no known pins: they come from a Set, in no fixed order.
        var reordered = base
        reordered["known-pins"] = (base["known-pins"] as? [String]).map { Array($0.reversed()) }
        #expect(try key(reordered) == original)
        reordered["date-time"] = "2026-12-01T23:59:59Z"
        #expect(try key(reordered) == original)
        for (name, value) in [("app-vendor-id", "other" as Any), ("hostname", "b.example.com"), ("validation-result", 2),
                              ("date-time", "2026-12-02T00:00:00Z")] {
            var changed = base
            changed[name] = value
            #expect(try key(changed) != original, "\(name) did not change the key")
        }
        // The same failure from an Apple app is a different report.
        var apple = try SampleReports.fields(vendor: base["app-vendor-id"] as! String, date: RFC3339.date("2026-12-01T09:30:00Z")!)
        apple["enforce-pinning"] = true
        #expect(try key(apple) != original)
    }

    @Test func everyFormatIsReceivedAndStored() throws {
        let directory = try TemporaryDirectory("formats")
        defer { directory.remove() }
        let store = try ReportStoreOpener.open(.sqlite(path: directory.file("reports.db")))
        defer { store.close() }
        let receiver = ReportReceiver(store: store, inspector: ReportChainInspector(anchors: CertificateStore([try SampleReports.certificate("root.pem")])))
        let bodies: [(TrustKitReportFormat, [UInt8])] = [
            (.iOS, try SampleReports.body()), (.iOSLegacy, try SampleReports.trustKitSample()), (.android, try SampleReports.androidSample()),
        ]
        for (format, body) in bodies {
            let response = receiver.receive(HTTPRequest(method: "POST", path: "/report", headers: ["content-type": "application/json"],
                                                        body: body, clientAddress: "192.0.2.7"))
            #expect(response.status == 201, "\(format): \(String(decoding: response.body, as: UTF8.self))")
        }
        let stored = try store.reports(since: nil)
        #expect(stored.map(\.body.format) == [.iOS, .iOSLegacy, .android])
        #expect(stored.map(\.body.appPlatform.rawValue) == ["IOS", "IOS", "ANDROID"])
        #expect(stored.map(\.body.appPlatformVersion) == ["17.1.0", "10.2.0", nil])
        #expect(stored[2].body.servedCertificateChain?.count == 2)
        #expect(stored[2].body == (try TrustKitReportDecoder.decode(try SampleReports.androidSample())))
        #expect(stored[1].body == (try TrustKitReportDecoder.decode(try SampleReports.trustKitSample())))
        #expect(stored.allSatisfy { $0.source == "192.0.2.7" })
        #expect(try store.rawBody(reportID: stored[2].id) == (try SampleReports.androidSample()))
        // The analysis groups by the platform each report gave.
        let analysis = ReportAnalysis(store: store, since: nil)
        #expect(Set(try analysis.timeline().byVersion.map(\.platform)) == ["IOS", "ANDROID"])
    }
}
