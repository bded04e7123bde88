import Foundation

/// The chain and known-pin lists as stored in one text column: a JSON array of strings. Shared by the
/// backends so both store the same text.
enum StoredListCoding {
    /// A JSON array of JSON strings (RFC 8259 section 7: `"` and `\` escaped, control characters as `\u00XX`),
    /// written directly: JSONSerialization costs more than the rest of a report's insert.
    static func encode(_ list: [String]) -> String {
        var out: [UInt8] = [0x5B]
        for (index, text) in list.enumerated() {
            if index > 0 { out.append(0x2C) }
            out.append(0x22)
            for byte in text.utf8 {
                switch byte {
                case 0x22, 0x5C: out += [0x5C, byte]
                case 0x0A: out += [0x5C, 0x6E]
                case 0x0D: out += [0x5C, 0x72]
                case 0..<0x20: out += Array(String(format: "\\u%04x", byte).utf8)
                default: out.append(byte)
                }
            }
            out.append(0x22)
        }
        out.append(0x5D)
        return String(decoding: out, as: UTF8.self)
    }

    /// The list, or nil when `text` is not a JSON array of strings.
    static func decode(_ text: String) -> [String]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String]
    }
}
