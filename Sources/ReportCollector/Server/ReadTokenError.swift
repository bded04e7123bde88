import Foundation

/// Why a read token (`trustcheck collect --read-token-file`) cannot be used: a stable code and what to change.
public struct ReadTokenError: Error, LocalizedError, Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Shorter than `ReadAuthorization.minimumTokenLength`.
        case tooShort = "read_token.too_short"
        /// Longer than `ReadAuthorization.maximumTokenLength`.
        case tooLong = "read_token.too_long"
        /// A character a Bearer token cannot carry (RFC 6750 §2.1).
        case invalidCharacter = "read_token.invalid_character"
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var code: String { kind.rawValue }
    public var errorDescription: String? { message }
}
