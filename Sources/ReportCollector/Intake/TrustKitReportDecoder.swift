import Foundation
import Pinning
import TrustCertificates

/// Decodes a TrustKit pin-failure report in any of TrustKit's formats (`TrustKitReportFormat`) into one
/// `TrustKitReportBody`, or says precisely which field is wrong. The format is told by the body itself:
/// `app-platform` `ANDROID` is TrustKit-Android's; an Apple report with `known-pins-expiration-date`
/// (TrustKit 1.5 and later always writes it, as null when the pins never expire) is the current format;
/// one without it is TrustKit 1.3–1.4's. Strict about what each format always sends — every such field
/// present with its JSON type, dates in the format's form, known values — and silent about extra fields,
/// which a later release may add. Reports from TrustKit before 1.3 (2015, no `app-platform`) are refused.
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
        let format = raw.format
        guard ReportPlatform.isValid(raw.appPlatform) else {
            throw ReportRejection(.invalidValue,
                                  "'app-platform' is '\(raw.appPlatform)'; TrustKit sends a platform name such as IOS or ANDROID")
        }
        guard let result = TrustKitEvaluationResult(rawValue: raw.validationResult), result != .success else {
            throw ReportRejection(.invalidValue,
                                  "'validation-result' is \(raw.validationResult); a failure report carries 1 to 5 (TSKTrustEvaluationResult)")
        }
        let dateTime = try date(raw.dateTime, format: format)
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
        for (name, chain) in [("validated-certificate-chain", raw.validatedCertificateChain),
                              ("served-certificate-chain", raw.servedCertificateChain ?? [])]
        where chain.count > maximumChainLength {
            throw ReportRejection(.invalidValue, "'\(name)' has \(chain.count) certificates, more than \(maximumChainLength)")
        }
        for (index, pin) in raw.knownPins.enumerated() where !isPinDirective(pin) {
            throw ReportRejection(.invalidValue, "'known-pins'[\(index)] is not pin-sha256=\"<base64 of 32 bytes>\"")
        }
        return TrustKitReportBody(
            appBundleID: raw.appBundleID, appVersion: raw.appVersion, appPlatform: ReportPlatform(rawValue: raw.appPlatform),
            appPlatformVersion: raw.appPlatformVersion, appVendorID: raw.appVendorID, trustKitVersion: raw.trustKitVersion,
            dateTime: dateTime, hostname: raw.hostname, port: raw.port, notedHostname: raw.notedHostname,
            includeSubdomains: raw.includeSubdomains, enforcePinning: raw.enforcePinning,
            validatedCertificateChain: raw.validatedCertificateChain, knownPins: raw.knownPins, validationResult: result,
            knownPinsExpirationDate: expiration, servedCertificateChain: raw.servedCertificateChain, format: format)
    }

    /// `date-time` in the format's form, UTC. TrustKit writes `yyyy-MM-dd'T'HH:mm:ss'Z'` in UTC with the
    /// en_US_POSIX locale; TrustKit-Android writes `android.text.format.DateFormat.format(
    /// "yyyy-MM-dd'T'HH:mm:ssZ", date)`, which knows no `Z` pattern letter (only `z`) and so leaves it as a
    /// literal `Z` after the device's local time, with digits in the device's locale (`String.format` with
    /// `Locale.getDefault()`: Arabic-Indic digits on an Arabic-language phone). Those digits are read as
    /// their values; both are then parsed as RFC 3339 and accepted only if they render back to the same text.
    private static func date(_ text: String, format: TrustKitReportFormat) throws(ReportRejection) -> Date {
        var ascii = text
        if format == .android {
            ascii = String(text.map { character -> Character in
                guard !character.isASCII, character.isNumber, let digit = character.wholeNumberValue, (0...9).contains(digit) else {
                    return character
                }
                return Character(String(digit))
            })
        }
        guard let date = RFC3339.date(ascii), RFC3339.string(date) == ascii else {
            let writer = format == .android ? "TrustKit-Android's yyyy-MM-ddTHH:mm:ssZ" : "yyyy-MM-ddTHH:mm:ssZ (UTC)"
            throw ReportRejection(.invalidValue, "'date-time' is '\(text)', not \(writer)")
        }
        return date
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

    /// The wire shape, TrustKit's field names; which fields are required depends on the format.
    private struct RawReport: Decodable {
        let format: TrustKitReportFormat
        let appBundleID: String, appVersion: String, appPlatform: String, appPlatformVersion: String?
        let appVendorID: String, trustKitVersion: String?, dateTime: String, hostname: String, port: Int
        let notedHostname: String, includeSubdomains: Bool, enforcePinning: Bool?
        let validatedCertificateChain: [String], servedCertificateChain: [String]?, knownPins: [String]
        let validationResult: Int, knownPinsExpirationDate: String?

        typealias CodingKeys = TrustKitReportField

        /// The field only TrustKit-Android writes (`PinningFailureReport.toJson()`).
        enum AndroidField: String, CodingKey { case servedCertificateChain = "served-certificate-chain" }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            // The fields every accepted format carries, in TrustKit's order.
            appBundleID = try container.decode(String.self, forKey: .appBundleID)
            appVersion = try container.decode(String.self, forKey: .appVersion)
            appPlatform = try container.decode(String.self, forKey: .appPlatform)
            if appPlatform == ReportPlatform.android.rawValue {
                format = .android
            } else {
                format = container.contains(.knownPinsExpirationDate) ? .iOS : .iOSLegacy
            }
            // What the format always sends is required; what it may lack is read only when present.
            appPlatformVersion = try Self.text(container, .appPlatformVersion, required: format == .iOS)
            appVendorID = try container.decode(String.self, forKey: .appVendorID)
            trustKitVersion = try Self.text(container, .trustKitVersion, required: format != .iOSLegacy)
            dateTime = try container.decode(String.self, forKey: .dateTime)
            hostname = try container.decode(String.self, forKey: .hostname)
            port = try Self.integer(container, .port)
            notedHostname = try container.decode(String.self, forKey: .notedHostname)
            includeSubdomains = try container.decode(Bool.self, forKey: .includeSubdomains)
            enforcePinning = format == .iOSLegacy ? try container.decodeIfPresent(Bool.self, forKey: .enforcePinning)
                : try container.decode(Bool.self, forKey: .enforcePinning)
            validatedCertificateChain = try container.decode([String].self, forKey: .validatedCertificateChain)
            servedCertificateChain = format == .android
                ? try decoder.container(keyedBy: AndroidField.self).decode([String].self, forKey: .servedCertificateChain) : nil
            knownPins = try container.decode([String].self, forKey: .knownPins)
            validationResult = try Self.integer(container, .validationResult)
            // The current Apple format writes the key, as null when the pins never expire; the others never do.
            knownPinsExpirationDate = format == .iOS
                ? try container.decodeIfPresent(String.self, forKey: .knownPinsExpirationDate) : nil
        }

        private static func text(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys, required: Bool) throws -> String? {
            required ? try container.decode(String.self, forKey: key) : try container.decodeIfPresent(String.self, forKey: key)
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
