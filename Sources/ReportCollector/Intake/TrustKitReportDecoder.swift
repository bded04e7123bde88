import Foundation
import Pinning
import TrustCertificates

/// Decodes TrustKit's exact report JSON (`TSKPinFailureReport -json`) into a `TrustKitReportBody`, or says
/// precisely which field is wrong. Strict about what TrustKit always sends — every field present with its
/// JSON type, dates in TrustKit's formats, known enum values — and silent about extra fields, which a later
/// TrustKit may add.
public enum TrustKitReportDecoder {
    /// The most certificates a chain may hold: `CertificateLoader.maximumCertificates`'s reasoning does not
    /// apply to one presented chain, so this follows Apple's own path limit instead — SecTrust gives up on
    /// chains longer than 16 (and real web chains are 2–4).
    public static let maximumChainLength = 16

    public static func decode(_ bytes: [UInt8]) throws(ReportRejection) -> TrustKitReportBody {
        let raw: RawReport
        do {
            raw = try JSONDecoder().decode(RawReport.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw rejection(error)
        } catch {
            throw ReportRejection(.notJSON, "the body is not JSON: \(error.localizedDescription)")
        }
        guard let platform = TrustKitAppPlatform(rawValue: raw.appPlatform) else {
            let known = TrustKitAppPlatform.allCases.map(\.rawValue).joined(separator: ", ")
            throw ReportRejection(.invalidValue, "'app-platform' is '\(raw.appPlatform)'; TrustKit sends one of \(known)")
        }
        guard let result = TrustKitEvaluationResult(rawValue: raw.validationResult), result != .success else {
            throw ReportRejection(.invalidValue,
                                  "'validation-result' is \(raw.validationResult); a failure report carries 1 to 5 (TSKTrustEvaluationResult)")
        }
        // TrustKit's formats exactly (yyyy-MM-dd'T'HH:mm:ss'Z' and yyyy-MM-dd, UTC): parsed as RFC 3339 and
        // accepted only if they render back to the same text.
        guard let dateTime = RFC3339.date(raw.dateTime), RFC3339.string(dateTime) == raw.dateTime else {
            throw ReportRejection(.invalidValue, "'date-time' is '\(raw.dateTime)', not yyyy-MM-ddTHH:mm:ssZ (UTC)")
        }
        var expiration: Date?
        if let text = raw.knownPinsExpirationDate {
            guard let date = RFC3339.date(day: text), RFC3339.string(date).prefix(10) == text else {
                throw ReportRejection(.invalidValue, "'known-pins-expiration-date' is '\(text)', not yyyy-MM-dd or null")
            }
            expiration = date
        }
        guard (0...65_535).contains(raw.port) else {
            throw ReportRejection(.invalidValue, "'port' is \(raw.port), not 0-65535")
        }
        for (name, value) in [("hostname", raw.hostname), ("noted-hostname", raw.notedHostname)] {
            // 253: the longest DNS name (RFC 1035 section 2.3.4, less the root's dot).
            guard !value.isEmpty, value.utf8.count <= 253 else {
                throw ReportRejection(.invalidValue, "'\(name)' must be a host name of 1 to 253 characters")
            }
        }
        guard raw.validatedCertificateChain.count <= maximumChainLength else {
            throw ReportRejection(.invalidValue, "'validated-certificate-chain' has \(raw.validatedCertificateChain.count) certificates, more than \(maximumChainLength)")
        }
        for (index, pin) in raw.knownPins.enumerated() where !isPinDirective(pin) {
            throw ReportRejection(.invalidValue, "'known-pins'[\(index)] is not pin-sha256=\"<base64 of 32 bytes>\"")
        }
        return TrustKitReportBody(
            appBundleID: raw.appBundleID, appVersion: raw.appVersion, appPlatform: platform,
            appPlatformVersion: raw.appPlatformVersion, appVendorID: raw.appVendorID, trustKitVersion: raw.trustKitVersion,
            dateTime: dateTime, hostname: raw.hostname, port: raw.port, notedHostname: raw.notedHostname,
            includeSubdomains: raw.includeSubdomains, enforcePinning: raw.enforcePinning,
            validatedCertificateChain: raw.validatedCertificateChain, knownPins: raw.knownPins, validationResult: result,
            knownPinsExpirationDate: expiration)
    }

    /// `pin-sha256="X"` where X is base64 of 32 bytes: the one form TrustKit writes.
    static func isPinDirective(_ text: String) -> Bool {
        text.hasPrefix("pin-sha256=\"") && text.hasSuffix("\"") && (try? PublicKeyPin(parsing: text)) != nil
    }

    private static func rejection(_ error: DecodingError) -> ReportRejection {
        func field(_ path: [any CodingKey]) -> String {
            path.map { $0.intValue.map { "[\($0)]" } ?? "'\($0.stringValue)'" }.joined()
        }
        switch error {
        case .keyNotFound(let key, let context):
            return ReportRejection(.missingField, "missing field \(field(context.codingPath + [key]))")
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            if context.codingPath.isEmpty { return ReportRejection(.notObject, "the body must be a JSON object") }
            return ReportRejection(.wrongType, "field \(field(context.codingPath)) must be \(describe(type))")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return ReportRejection(.notJSON, "the body is not valid UTF-8 JSON") }
            return ReportRejection(.wrongType, "field \(field(context.codingPath)): \(context.debugDescription)")
        @unknown default:
            return ReportRejection(.notJSON, "the body is not a TrustKit report")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type, is String?.Type: return "a string"
        case is Int.Type: return "an integer"
        case is Bool.Type: return "true or false"
        case is [String].Type: return "an array of strings"
        default: return "a \(type)"
        }
    }

    /// The wire shape, TrustKit's field names.
    private struct RawReport: Decodable {
        let appBundleID: String, appVersion: String, appPlatform: String, appPlatformVersion: String
        let appVendorID: String, trustKitVersion: String, dateTime: String, hostname: String, port: Int
        let notedHostname: String, includeSubdomains: Bool, enforcePinning: Bool
        let validatedCertificateChain: [String], knownPins: [String], validationResult: Int
        let knownPinsExpirationDate: String?

        typealias CodingKeys = TrustKitReportField

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            appBundleID = try container.decode(String.self, forKey: .appBundleID)
            appVersion = try container.decode(String.self, forKey: .appVersion)
            appPlatform = try container.decode(String.self, forKey: .appPlatform)
            appPlatformVersion = try container.decode(String.self, forKey: .appPlatformVersion)
            appVendorID = try container.decode(String.self, forKey: .appVendorID)
            trustKitVersion = try container.decode(String.self, forKey: .trustKitVersion)
            dateTime = try container.decode(String.self, forKey: .dateTime)
            hostname = try container.decode(String.self, forKey: .hostname)
            port = try Self.integer(container, .port)
            notedHostname = try container.decode(String.self, forKey: .notedHostname)
            includeSubdomains = try container.decode(Bool.self, forKey: .includeSubdomains)
            enforcePinning = try container.decode(Bool.self, forKey: .enforcePinning)
            validatedCertificateChain = try container.decode([String].self, forKey: .validatedCertificateChain)
            knownPins = try container.decode([String].self, forKey: .knownPins)
            validationResult = try Self.integer(container, .validationResult)
            // TrustKit always writes the key, as null when the pins never expire.
            guard container.contains(.knownPinsExpirationDate) else {
                throw DecodingError.keyNotFound(CodingKeys.knownPinsExpirationDate,
                                                .init(codingPath: [], debugDescription: "missing"))
            }
            knownPinsExpirationDate = try container.decodeIfPresent(String.self, forKey: .knownPinsExpirationDate)
        }

        /// An integer field. Foundation's decoder reports a number with a fraction as "not valid JSON" without
        /// the field's name, so the number is read as a Double and checked here: a fraction, or a value past
        /// ±2^53 (where Doubles stop being exact), is a wrong type for that field.
        private static func integer(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Int {
            let value = try container.decode(Double.self, forKey: key)
            guard value.rounded() == value, abs(value) <= 9_007_199_254_740_992 else {
                throw DecodingError.typeMismatch(Int.self, .init(codingPath: [key], debugDescription: "not an integer"))
            }
            return Int(value)
        }
    }
}
