import Foundation
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
        let body: [String: Any] = [
            "app-bundle-id": app.bundleIdentifier,
            "app-version": app.version,
            "app-platform": app.platform.rawValue,
            "app-platform-version": app.platformVersion,
            "app-vendor-id": app.vendorIdentifier,
            "trustkit-version": app.trustKitVersion,
            "date-time": Self.format(dateTime, "yyyy-MM-dd'T'HH:mm:ss'Z'"),
            "hostname": hostname,
            "port": port,
            "noted-hostname": notedHostname,
            "include-subdomains": includeSubdomains,
            "enforce-pinning": enforcePinning,
            "validated-certificate-chain": validatedCertificateChain,
            "known-pins": knownPins,
            "validation-result": validationResult.rawValue,
            "known-pins-expiration-date": knownPinsExpirationDate.map { Self.format($0, "yyyy-MM-dd") as Any } ?? NSNull(),
        ]
        // Every value above is a JSON type, so serialisation cannot fail.
        let data = try! JSONSerialization.data(withJSONObject: body, options: [.sortedKeys, .withoutEscapingSlashes])
        // '/' only ever occurs inside JSON strings, so escaping every one is exactly NSJSONSerialization's output.
        return Data(String(decoding: data, as: UTF8.self).replacingOccurrences(of: "/", with: "\\/").utf8)
    }

    /// `convertTrustToPemArray`: base64 in 64-character lines separated by CRLF (NSData's
    /// `NSDataBase64Encoding64CharacterLineLength`), between LF-terminated markers.
    static func pem(_ certificate: Certificate) -> String {
        let base64 = Array(Base64.encode(certificate.der))
        let lines = stride(from: 0, to: base64.count, by: 64).map { String(base64[$0..<min($0 + 64, base64.count)]) }
        return "-----BEGIN CERTIFICATE-----\n" + lines.joined(separator: "\r\n") + "\n-----END CERTIFICATE-----"
    }

    private static func format(_ date: Date, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}
