import Foundation
import TrustCertificates

/// The one JSON encoding of the collector's outputs (HTTP API, `trustcheck reports --json`, alerts): keys as
/// each type's CodingKeys spell them (snake_case), sorted, dates RFC 3339 UTC, `/` unescaped.
public enum CollectorJSON {
    public static func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(timestamp(date))
        }
        // The collector's types hold only strings, numbers, booleans, arrays and dates: encoding cannot fail.
        return try! encoder.encode(value)
    }

    /// `2026-12-01T10:00:00Z` (whole seconds, UTC), TrustCheck's one rendering of times.
    public static func timestamp(_ date: Date) -> String { RFC3339.string(date) }
}
