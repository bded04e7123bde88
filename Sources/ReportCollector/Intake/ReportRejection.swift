import Foundation

/// Why the receiver refused a POST: a stable code, the HTTP status it is answered with, and a message that
/// says what was wrong with the body (it goes back to the sender in the 4xx JSON).
public struct ReportRejection: Error, LocalizedError, Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The body is over the size limit (413).
        case bodyTooLarge = "body.too_large"
        /// `Content-Type` is not `application/json` (415).
        case notJSONContentType = "body.content_type"
        /// Not JSON at all, or not UTF-8 (400).
        case notJSON = "body.not_json"
        /// JSON, but not an object (400).
        case notObject = "body.not_object"
        /// A TrustKit field is missing (400).
        case missingField = "field.missing"
        /// A field has the wrong JSON type (400).
        case wrongType = "field.wrong_type"
        /// A field has a value TrustKit never sends (400).
        case invalidValue = "field.invalid"
        /// A `validated-certificate-chain` entry is not one parsable certificate (400).
        case unparsableChain = "chain.unparsable"
        /// A shared secret is required and none was given (401).
        case missingSecret = "auth.missing_secret"
        /// The shared secret is wrong (403).
        case wrongSecret = "auth.wrong_secret"
        /// `app-bundle-id` is not on the allow-list (403).
        case bundleNotAllowed = "auth.bundle_not_allowed"
        /// The client address sent more than its rate allows (429).
        case rateLimited = "rate_limited"
        /// The device (`app-vendor-id`) sent more than its rate allows (429).
        case deviceRateLimited = "rate_limited.device"
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var code: String { kind.rawValue }
    public var errorDescription: String? { "\(code): \(message)" }

    /// The HTTP status the receiver answers with.
    public var httpStatus: Int {
        switch kind {
        case .bodyTooLarge: return 413
        case .notJSONContentType: return 415
        case .notJSON, .notObject, .missingField, .wrongType, .invalidValue, .unparsableChain: return 400
        case .missingSecret: return 401
        case .wrongSecret, .bundleNotAllowed: return 403
        case .rateLimited, .deviceRateLimited: return 429
        }
    }

    /// A malformed body (counted in the store): everything but authorisation and rate limiting, which a
    /// flood could otherwise turn into one database write per refused request.
    public var isMalformedBody: Bool {
        switch kind {
        case .missingSecret, .wrongSecret, .bundleNotAllowed, .rateLimited, .deviceRateLimited: return false
        default: return true
        }
    }
}
