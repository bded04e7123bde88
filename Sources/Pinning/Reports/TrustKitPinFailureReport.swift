import FoundationEssentials
import TrustCertificates

/// TrustKit's pin-failure report (`TSKPinFailureReport`), field for field, and its JSON body.
public struct TrustKitPinFailureReport: Sendable, Hashable {
    /// The app fields (`app-…`, `trustkit-version`).
    public let app: TrustKitAppInfo
    /// `date-time`: when the validation happened.
    public let dateTime: Date
    /// `hostname`: the host that was validated.
    public let hostname: String
    /// `port`: TrustKit always passes nil, which becomes 0 (its sample report's 443 never happens).
    public let port: Int
    /// `noted-hostname`: the configured domain whose policy applied.
    public let notedHostname: String
    /// `include-subdomains`.
    public let includeSubdomains: Bool
    /// `enforce-pinning`.
    public let enforcePinning: Bool
    /// `validated-certificate-chain`: the evaluated chain, leaf first, as TrustKit's PEM strings.
    public let validatedCertificateChain: [String]
    /// `known-pins`: each configured pin as `pin-sha256="<base64>"`.
    public let knownPins: [String]
    /// `validation-result`.
    public let validationResult: TrustKitEvaluationResult
    /// `known-pins-expiration-date`: `yyyy-MM-dd`, or null.
    public let knownPinsExpirationDate: Date?

    /// The report TrustKit's callback would send for `validation`; nil when it sends none (`shouldSendReport`).
    public init?(validation: TrustKitValidation, app: TrustKitAppInfo, at date: Date, port: Int = 0) {
        guard validation.shouldSendReport, let match = validation.match, let result = validation.evaluationResult else {
            return nil
        }
        self.app = app
        dateTime = date
        hostname = validation.hostname
        self.port = port
        notedHostname = match.notedHostname
        includeSubdomains = match.policy.includeSubdomains
        enforcePinning = match.policy.enforcePinning
        validatedCertificateChain = validation.certificateChain.map(Self.pem)
        knownPins = match.policy.publicKeyHashes.map(\.hpkpDirective)
        validationResult = result
        knownPinsExpirationDate = match.policy.expirationDate
    }

    /// The fields that make two reports "the same" to TrustKit's rate limiter: everything but the dates
    /// and the app fields.
    public var identity: TrustKitReportIdentity {
        TrustKitReportIdentity(notedHostname: notedHostname, hostname: hostname, port: port,
                               validatedCertificateChain: validatedCertificateChain, knownPins: knownPins,
                               validationResult: validationResult.rawValue)
    }

    /// The JSON body, with TrustKit's field names. Keys are sorted so the bytes are reproducible, and `/`
    /// is written `\/` as NSJSONSerialization writes it.
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every field is a string, number, boolean, array of strings or null, so encoding cannot fail.
        let data = try! encoder.encode(JSONBody(self))
        // '/' only ever occurs inside JSON strings, so escaping every one is exactly NSJSONSerialization's output.
        return Data(String(decoding: data, as: UTF8.self).replacing("/", with: "\\/").utf8)
    }

    /// The body's fields under TrustKit's names; the expiration date is `null` when there is none (a
    /// synthesised encoding would leave the key out).
    private struct JSONBody: Encodable {
        let report: TrustKitPinFailureReport
        init(_ report: TrustKitPinFailureReport) { self.report = report }

        typealias CodingKeys = TrustKitReportField

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(report.app.bundleIdentifier, forKey: .appBundleID)
            try container.encode(report.app.version, forKey: .appVersion)
            try container.encode(report.app.platform.rawValue, forKey: .appPlatform)
            try container.encode(report.app.platformVersion, forKey: .appPlatformVersion)
            try container.encode(report.app.vendorIdentifier, forKey: .appVendorID)
            try container.encode(report.app.trustKitVersion, forKey: .trustKitVersion)
            try container.encode(RFC3339.string(report.dateTime), forKey: .dateTime)
            try container.encode(report.hostname, forKey: .hostname)
            try container.encode(report.port, forKey: .port)
            try container.encode(report.notedHostname, forKey: .notedHostname)
            try container.encode(report.includeSubdomains, forKey: .includeSubdomains)
            try container.encode(report.enforcePinning, forKey: .enforcePinning)
            try container.encode(report.validatedCertificateChain, forKey: .validatedCertificateChain)
            try container.encode(report.knownPins, forKey: .knownPins)
            try container.encode(report.validationResult.rawValue, forKey: .validationResult)
            // TrustKit's `yyyy-MM-dd` in UTC: the day part of the RFC 3339 time.
            try container.encode(report.knownPinsExpirationDate.map { String(RFC3339.string($0).prefix(10)) },
                                 forKey: .knownPinsExpirationDate)
        }
    }

    /// `convertTrustToPemArray`: base64 in 64-character lines separated by CRLF (NSData's
    /// `NSDataBase64Encoding64CharacterLineLength`), between LF-terminated markers.
    static func pem(_ certificate: Certificate) -> String {
        let base64 = Array(Base64.encode(certificate.der))
        let lines = stride(from: 0, to: base64.count, by: 64).map { String(base64[$0..<min($0 + 64, base64.count)]) }
        return "-----BEGIN CERTIFICATE-----\n" + lines.joined(separator: "\r\n") + "\n-----END CERTIFICATE-----"
    }
}
