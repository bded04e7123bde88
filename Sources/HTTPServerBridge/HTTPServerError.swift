import Foundation

/// Why a server could not start. `code` is stable; the message says what to fix.
public struct HTTPServerError: Error, Sendable, Hashable, LocalizedError {
    public enum Kind: String, Sendable, Hashable {
        /// The listen address is not `ADDR:PORT` with a numeric address.
        case invalidAddress = "listen.invalid_address"
        /// libmicrohttpd could not start (address in use, permission, bad TLS key or certificate).
        case startFailed = "listen.start_failed"
    }

    public let kind: Kind
    /// The address text or what failed.
    public let subject: String
    public let detail: String

    public init(_ kind: Kind, subject: String, detail: String) {
        self.kind = kind
        self.subject = subject
        self.detail = detail
    }

    public var code: String { kind.rawValue }

    public var errorDescription: String? {
        switch kind {
        case .invalidAddress: return "--listen \(subject): \(detail)"
        case .startFailed: return "cannot listen on \(subject): \(detail)"
        }
    }
}
