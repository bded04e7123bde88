/// A value of a small ATS dictionary that `--diagnose` builds, printed both as nscurl prints it and as
/// Info.plist XML, and encoded as JSON.
indirect enum ATSPlistValue: Encodable {
    case boolean(Bool)
    case string(String)
    case dictionary([(String, ATSPlistValue)])

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .boolean(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .dictionary(let members):
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in members { try container.encode(value, forKey: Key(key)) }
        }
    }

    private struct Key: CodingKey {
        let stringValue: String
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// nscurl's notation: `{ KEY = value; }`, nested, four spaces a level.
    func nscurl(indent: String = "") -> String {
        switch self {
        case .boolean(let value): return value ? "true" : "false"
        case .string(let value): return value
        case .dictionary(let members):
            let inner = indent + "    "
            return "{\n" + members.map { "\(inner)\($0.0) = \($0.1.nscurl(indent: inner));\n" }.joined() + "\(indent)}"
        }
    }

    /// Property-list XML, ready to paste into an Info.plist's top `<dict>`; text is XML-escaped.
    func xml(indent: String = "") -> String {
        switch self {
        case .boolean(let value): return value ? "<true/>" : "<false/>"
        case .string(let value): return "<string>\(Self.escaped(value))</string>"
        case .dictionary(let members):
            let inner = indent + "    "
            return "<dict>\n" + members.map { "\(inner)<key>\(Self.escaped($0.0))</key>\n\(inner)\($0.1.xml(indent: inner))\n" }.joined()
                + "\(indent)</dict>"
        }
    }

    private static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }
}
