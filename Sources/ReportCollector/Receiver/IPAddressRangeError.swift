import Foundation

/// A `--trusted-proxy` value that is not a CIDR network: the text and what is wrong with it.
public struct IPAddressRangeError: Error, LocalizedError, Sendable, Hashable {
    /// The stable code.
    public static let code = "cidr.invalid"

    public let text: String
    public let problem: String

    init(_ text: String, _ problem: String) {
        self.text = text
        self.problem = problem
    }

    public var code: String { Self.code }
    public var errorDescription: String? {
        "'\(text)' is not an IPv4 or IPv6 CIDR (10.0.0.0/8, 2001:db8::/32 or one address): \(problem)"
    }
}
