import Foundation
import Pinning

/// `GET /api/reports/ID`: one stored report as the collector holds it — every field of the report in its
/// one stored form, the chain as the engine parsed it, the anchor verdict, the resends, and the exact body
/// that was POSTed, so that a suspect or an alert can be followed to the report behind it.
public struct ReportView: Sendable, Hashable, Encodable {
    public struct Certificate: Sendable, Hashable, Encodable {
        public let position: Int
        public let subject: String
        public let issuer: String
        public let spkiPin: String
        public let sha256: String
        public let notBefore: Date
        public let notAfter: Date

        enum CodingKeys: String, CodingKey {
            case position, subject, issuer, spkiPin = "spki_pin", sha256, notBefore = "not_before", notAfter = "not_after"
        }
    }

    public let id: Int64
    public let receivedAt: Date
    public let source: String
    public let duplicates: Int
    public let anchorCheck: String
    public let anchorReason: String?
    /// The report's `date-time` minus its receipt time: how far the device's clock was off, give or take the
    /// few seconds TrustKit takes to send.
    public let deviceClockOffsetSeconds: Int
    public let format: String
    public let appBundleID: String
    public let appVersion: String
    public let appPlatform: String
    public let appPlatformVersion: String?
    public let appVendorID: String
    public let trustKitVersion: String?
    public let dateTime: Date
    public let hostname: String
    public let port: Int
    public let notedHostname: String
    public let includeSubdomains: Bool
    public let enforcePinning: Bool?
    public let validationResult: Int
    public let validationResultName: String
    public let knownPins: [String]
    public let knownPinsExpirationDate: Date?
    public let certificates: [Certificate]
    /// TrustKit-Android's `served-certificate-chain`, as sent (nil from TrustKit on Apple platforms).
    public let servedCertificateChain: [String]?
    /// The body as POSTed (JSON text), nil when the store no longer has it.
    public let rawBody: String?

    enum CodingKeys: String, CodingKey {
        case id, receivedAt = "received_at", source, duplicates, anchorCheck = "anchor_check", anchorReason = "anchor_reason"
        case deviceClockOffsetSeconds = "device_clock_offset_seconds", format, appBundleID = "app_bundle_id"
        case appVersion = "app_version", appPlatform = "app_platform", appPlatformVersion = "app_platform_version"
        case appVendorID = "app_vendor_id", trustKitVersion = "trustkit_version", dateTime = "date_time", hostname, port
        case notedHostname = "noted_hostname", includeSubdomains = "include_subdomains", enforcePinning = "enforce_pinning"
        case validationResult = "validation_result", validationResultName = "validation_result_name", knownPins = "known_pins"
        case knownPinsExpirationDate = "known_pins_expiration_date", certificates
        case servedCertificateChain = "served_certificate_chain", rawBody = "raw_body"
    }

    public init(_ report: StoredReport, rawBody: [UInt8]?) {
        let body = report.body
        id = report.id
        receivedAt = report.receivedAt
        source = report.source
        duplicates = report.duplicateCount
        anchorCheck = report.anchorCheck.code
        anchorReason = report.anchorCheck.reason
        deviceClockOffsetSeconds = Int(ClockSkew(deviceTime: body.dateTime, receivedAt: report.receivedAt).seconds.rounded())
        format = body.format.rawValue
        appBundleID = body.appBundleID
        appVersion = body.appVersion
        appPlatform = body.appPlatform.rawValue
        appPlatformVersion = body.appPlatformVersion
        appVendorID = body.appVendorID
        trustKitVersion = body.trustKitVersion
        dateTime = body.dateTime
        hostname = body.hostname
        port = body.port
        notedHostname = body.notedHostname
        includeSubdomains = body.includeSubdomains
        enforcePinning = body.enforcePinning
        validationResult = body.validationResult.rawValue
        validationResultName = body.validationResult.description
        knownPins = body.knownPinHashes
        knownPinsExpirationDate = body.knownPinsExpirationDate
        certificates = report.certificates.map {
            Certificate(position: $0.position, subject: $0.subject, issuer: $0.issuer, spkiPin: $0.spkiPin, sha256: $0.sha256,
                        notBefore: $0.notBefore, notAfter: $0.notAfter)
        }
        servedCertificateChain = body.servedCertificateChain
        self.rawBody = rawBody.map { String(decoding: $0, as: UTF8.self) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        // Absent values are written as null, so every report has every key.
        try container.encode(id, forKey: .id)
        try container.encode(receivedAt, forKey: .receivedAt)
        try container.encode(source, forKey: .source)
        try container.encode(duplicates, forKey: .duplicates)
        try container.encode(anchorCheck, forKey: .anchorCheck)
        try container.encode(anchorReason, forKey: .anchorReason)
        try container.encode(deviceClockOffsetSeconds, forKey: .deviceClockOffsetSeconds)
        try container.encode(format, forKey: .format)
        try container.encode(appBundleID, forKey: .appBundleID)
        try container.encode(appVersion, forKey: .appVersion)
        try container.encode(appPlatform, forKey: .appPlatform)
        try container.encode(appPlatformVersion, forKey: .appPlatformVersion)
        try container.encode(appVendorID, forKey: .appVendorID)
        try container.encode(trustKitVersion, forKey: .trustKitVersion)
        try container.encode(dateTime, forKey: .dateTime)
        try container.encode(hostname, forKey: .hostname)
        try container.encode(port, forKey: .port)
        try container.encode(notedHostname, forKey: .notedHostname)
        try container.encode(includeSubdomains, forKey: .includeSubdomains)
        try container.encode(enforcePinning, forKey: .enforcePinning)
        try container.encode(validationResult, forKey: .validationResult)
        try container.encode(validationResultName, forKey: .validationResultName)
        try container.encode(knownPins, forKey: .knownPins)
        try container.encode(knownPinsExpirationDate, forKey: .knownPinsExpirationDate)
        try container.encode(certificates, forKey: .certificates)
        try container.encode(servedCertificateChain, forKey: .servedCertificateChain)
        try container.encode(rawBody, forKey: .rawBody)
    }
}
