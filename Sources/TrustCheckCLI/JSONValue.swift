/// A JSON document built by hand so that object keys keep the order the code lists them in
/// (JSONSerialization and JSONEncoder either scramble or sort them) and absent values are an
/// explicit `null` rather than a missing key.
enum JSONValue {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
    static func int(_ value: Int?) -> JSONValue { value.map { .int($0) } ?? .null }
    static func strings(_ values: [String]) -> JSONValue { .array(values.map { .string($0) }) }

    /// Two-space indented text, ending without a newline.
    func rendered(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .string(let value): return Self.quote(value)
        case .array(let values):
            guard !values.isEmpty else { return "[]" }
            return "[\n" + values.map { inner + $0.rendered(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let lines = members.map { inner + Self.quote($0.0) + ": " + $0.1.rendered(indent: inner) }
            return "{\n" + lines.joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    /// RFC 8259 string escaping: quote, backslash and control characters; everything else as UTF-8.
    /// DEL, the C1 controls and the bidirectional formatting characters are escaped too (JSON allows
    /// them raw, but a terminal showing the output would act on U+009B as on ESC [, and a bidi override
    /// reorders what a person reads): ``TerminalText/needsEscape(_:)`` decides, as for text output.
    private static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where TerminalText.needsEscape(scalar):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
