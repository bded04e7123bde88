/// A TLS protocol version as `NSExceptionMinimumTLSVersion` names it.
public enum ATSTLSVersion: Int, Sendable, Hashable, Comparable, CaseIterable, Codable {
    /// `TLSv1.0`.
    case tls10 = 10
    /// `TLSv1.1`.
    case tls11 = 11
    /// `TLSv1.2`, ATS's default minimum.
    case tls12 = 12
    /// `TLSv1.3`.
    case tls13 = 13

    /// The value an Info.plist writes, e.g. `TLSv1.2`.
    public var plistValue: String { "TLSv1.\(rawValue - 10)" }

    /// How GnuTLS and the TLS client name it, e.g. `TLS1.2`.
    public var protocolName: String { "TLS1.\(rawValue - 10)" }

    /// Apple's parsing: exactly `TLSv1.0` … `TLSv1.3` (prefix case-sensitive, one digit, nothing after);
    /// nil for anything else (`TLSV1.3`, `TLSv1.4`, `TLSv1.00`), which Apple ignores.
    public init?(plistValue: String) {
        guard let version = Self.allCases.first(where: { $0.plistValue == plistValue }) else { return nil }
        self = version
    }

    /// The version a negotiated protocol name (`TLS1.2`, `TLS1.3`) stands for; nil for others (SSL3, DTLS).
    public init?(protocolName: String) {
        guard let version = Self.allCases.first(where: { $0.protocolName == protocolName }) else { return nil }
        self = version
    }

    /// Older before newer.
    public static func < (lhs: ATSTLSVersion, rhs: ATSTLSVersion) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Encodes the plist spelling, `TLSv1.2`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(plistValue)
    }

    /// Decodes the plist spelling; anything else is an error.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let version = ATSTLSVersion(plistValue: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a TLS version: \(text)"))
        }
        self = version
    }
}
