import Foundation
import Pinning
import Testing
import TrustCertificates

/// TrustKit's pin-failure report body and its rate limiter.
@Suite struct TrustKitReportTests {
    static let app = TrustKitAppInfo(bundleIdentifier: "com.example.pinned", version: "1.2.3", vendorIdentifier: "VENDOR",
                                     platform: .macOS, platformVersion: "14.5.0")

    static func mismatch(_ host: String = "www.example.com") throws -> TrustKitValidation {
        try TrustKitPinningValidatorTests.validate(host, leaf: "rogue-leaf.pem", intermediates: [])
    }

    static func report(_ validation: TrustKitValidation, at time: Date = PinningFixtures.time) throws -> TrustKitPinFailureReport {
        try #require(TrustKitPinFailureReport(validation: validation, app: app, at: time))
    }

    @Test func theJSONHasTrustKitsFieldNamesAndValues() throws {
        let report = try Self.report(try Self.mismatch())
        let data = report.jsonData()
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(json.keys) == ["app-bundle-id", "app-version", "app-platform", "app-platform-version", "app-vendor-id",
                                   "trustkit-version", "date-time", "hostname", "port", "noted-hostname", "include-subdomains",
                                   "enforce-pinning", "validated-certificate-chain", "known-pins", "validation-result",
                                   "known-pins-expiration-date"])
        #expect(json["app-bundle-id"] as? String == "com.example.pinned")
        #expect(json["app-version"] as? String == "1.2.3")
        #expect(json["app-platform"] as? String == "MACOS")
        #expect(json["app-platform-version"] as? String == "14.5.0")
        #expect(json["app-vendor-id"] as? String == "VENDOR")
        #expect(json["trustkit-version"] as? String == "3.0.0")
        #expect(json["date-time"] as? String == "2025-01-01T00:00:00Z")
        #expect(json["hostname"] as? String == "www.example.com")
        #expect(json["port"] as? Int == 0)
        #expect(json["noted-hostname"] as? String == "example.com")
        #expect(json["include-subdomains"] as? Bool == true)
        #expect(json["enforce-pinning"] as? Bool == true)
        #expect(json["validation-result"] as? Int == 1)
        #expect(json["known-pins-expiration-date"] is NSNull)
        #expect(json["known-pins"] as? [String] == [try PinningFixtures.spkiPin("intermediate.pem"), try PinningFixtures.spkiPin("backup.pem")]
            .map { "pin-sha256=\"\($0)\"" })
        // The evaluated chain, leaf first, each certificate as TrustKit's PEM, which reads back as the same DER.
        let chain = try #require(json["validated-certificate-chain"] as? [String])
        let expected = [try PinningFixtures.certificate("rogue-leaf.pem"), try PinningFixtures.certificate("rogue-root.pem")]
        #expect(chain.count == 2)
        for (pem, certificate) in zip(chain, expected) {
            #expect(pem.hasPrefix("-----BEGIN CERTIFICATE-----\n") && pem.hasSuffix("\n-----END CERTIFICATE-----"))
            let body = pem.dropFirst("-----BEGIN CERTIFICATE-----\n".count).dropLast("\n-----END CERTIFICATE-----".count)
            let lines = body.components(separatedBy: "\r\n")
            #expect(lines.dropLast().allSatisfy { $0.count == 64 } && lines.last!.count <= 64 && !body.contains("\n\n"))
            #expect(Base64.decode(lines.joined()) == certificate.der)
        }
        // NSJSONSerialization escapes every '/', and so does the body.
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.replacingOccurrences(of: "\\/", with: "").contains("/"))
        #expect(text.contains("\"app-bundle-id\":\"com.example.pinned\""))
    }

    @Test func anExpirationDateIsWrittenAsADay() throws {
        let validation = try Self.mismatch("api.example.com")
        let json = try #require(try JSONSerialization.jsonObject(with: Self.report(validation).jsonData()) as? [String: Any])
        #expect(json["known-pins-expiration-date"] as? String == "2026-01-01")
        #expect(json["enforce-pinning"] as? Bool == false)
        #expect(json["include-subdomains"] as? Bool == false)
    }

    /// The body is byte for byte what it was when it was written with JSONSerialization and DateFormatter
    /// (in swift-corelibs Foundation, which Pinning does not use), with and without an expiration date.
    @Test func theBodyIsWhatJSONSerializationWrote() throws {
        func format(_ date: Date, _ pattern: String) -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = pattern
            return formatter.string(from: date)
        }
        for host in ["www.example.com", "api.example.com"] {
            let report = try Self.report(try Self.mismatch(host), at: PinningFixtures.time.addingTimeInterval(3_723.9))
            let body: [String: Any] = [
                "app-bundle-id": report.app.bundleIdentifier, "app-version": report.app.version,
                "app-platform": report.app.platform.rawValue, "app-platform-version": report.app.platformVersion,
                "app-vendor-id": report.app.vendorIdentifier, "trustkit-version": report.app.trustKitVersion,
                "date-time": format(report.dateTime, "yyyy-MM-dd'T'HH:mm:ss'Z'"), "hostname": report.hostname,
                "port": report.port, "noted-hostname": report.notedHostname, "include-subdomains": report.includeSubdomains,
                "enforce-pinning": report.enforcePinning, "validated-certificate-chain": report.validatedCertificateChain,
                "known-pins": report.knownPins, "validation-result": report.validationResult.rawValue,
                "known-pins-expiration-date": report.knownPinsExpirationDate.map { format($0, "yyyy-MM-dd") as Any } ?? NSNull(),
            ]
            let data = try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys, .withoutEscapingSlashes])
            let foundation = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "/", with: "\\/")
            #expect(String(decoding: report.jsonData(), as: UTF8.self) == foundation, "\(host)")
        }
    }

    @Test func nothingIsReportedForSuccessOrUnpinnedHosts() throws {
        #expect(TrustKitPinFailureReport(validation: try TrustKitPinningValidatorTests.validate("www.example.com"), app: Self.app,
                                         at: PinningFixtures.time) == nil)
        #expect(TrustKitPinFailureReport(validation: try Self.mismatch("example.org"), app: Self.app, at: PinningFixtures.time) == nil)
    }

    @Test func theDefaultAppFieldsAreTrustKitsWithoutABundle() {
        let app = TrustKitAppInfo(platformVersion: "1.2.3")
        #expect(app.bundleIdentifier == "N/A" && app.version == "" && app.vendorIdentifier == "unit-tests")
        #expect(app.platform.rawValue == "IOS")
        #expect(TrustKitAppInfo().platformVersion.split(separator: ".").count == 3)
    }

    /// A clock the test moves by hand.
    final class ManualClock: @unchecked Sendable {
        private let lock = NSLock()
        private var now: Date
        init(_ start: Date) { now = start }
        func read() -> Date { lock.withLock { now } }
        func advance(_ seconds: TimeInterval) { lock.withLock { now += seconds } }
    }

    @Test func theSameReportGoesOutOncePerFixedDayWindow() throws {
        let clock = ManualClock(PinningFixtures.time)
        let limiter = TrustKitReportRateLimiter(clock: { clock.read() })
        let first = try Self.report(try Self.mismatch())
        #expect(!limiter.shouldRateLimit(first))
        #expect(limiter.shouldRateLimit(first))

        // Dates and app fields are not part of a report's identity; the hostname is.
        clock.advance(3600)
        let later = try #require(TrustKitPinFailureReport(validation: try Self.mismatch(), app: TrustKitAppInfo(), at: clock.read()))
        #expect(later.identity == first.identity)
        #expect(limiter.shouldRateLimit(later))
        let otherHost = try Self.report(try Self.mismatch("foo.www.example.com"))
        #expect(otherHost.identity != first.identity)
        #expect(!limiter.shouldRateLimit(otherHost))

        // The window is fixed from the limiter's creation: exactly 24 h later it has not yet reset.
        clock.advance(TrustKitReportRateLimiter.window - 3600)
        #expect(limiter.shouldRateLimit(first))
        clock.advance(1)
        #expect(!limiter.shouldRateLimit(first))
        #expect(limiter.shouldRateLimit(first))
        // The new window started at that reset, not at the first report.
        clock.advance(TrustKitReportRateLimiter.window)
        #expect(limiter.shouldRateLimit(otherHost) == false)
    }

    @Test func aNewLimiterForgetsEverything() throws {
        let report = try Self.report(try Self.mismatch())
        let clock = ManualClock(PinningFixtures.time)
        let one = TrustKitReportRateLimiter(clock: { clock.read() })
        #expect(!one.shouldRateLimit(report))
        let restarted = TrustKitReportRateLimiter(clock: { clock.read() })
        #expect(!restarted.shouldRateLimit(report))
    }
}
