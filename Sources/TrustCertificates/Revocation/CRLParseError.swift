/// Why some bytes are not a certificate revocation list TrustCheck can use.
public struct CRLParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}
