import FoundationEssentials

/// The JSON form of the module's values: keys sorted, so output is stable.
public enum ATSJSON {
    /// `value` as a JSON document (pretty-printed, keys sorted, no escaped slashes).
    public static func render(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // The module's values hold strings, numbers and booleans only: encoding them cannot fail.
        guard let data = try? encoder.encode(value) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}

extension ATSPolicy {
    /// The policy as JSON: every requirement as `{value, decided_by, reason}`.
    public var json: String { ATSJSON.render(self) }
}
