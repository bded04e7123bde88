/// Why some bytes are not a certificate TrustCheck can use.
public struct CertificateParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}
