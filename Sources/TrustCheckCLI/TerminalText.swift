/// Text from certificates made safe to print on a terminal.
///
/// Names, SANs, policy notices and the details built from them come from whoever made the certificate.
/// Printed raw, an escape sequence in a subject can recolour, move the cursor, retitle the window or
/// hide the rest of a line; a NUL or carriage return can make one name look like another; and Unicode
/// bidirectional controls can reorder what a person reads ("Trojan Source", CVE-2021-42574). Every line
/// of text output goes through ``escaped(_:)``; the JSON output escapes control characters itself.
package enum TerminalText {
    /// `text` with C0 and C1 control characters, DEL and the bidirectional formatting characters
    /// replaced by visible escapes: `\n`, `\r`, `\t`, `\0`, `\e` for the common ones, `\x7f` for other
    /// C0/DEL bytes, `\u{9b}`, `\u{202e}` for the rest. Everything else, including other non-ASCII
    /// text, is kept as it is.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            case "\u{1B}": out += "\\e"
            case _ where scalar.value <= 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\x" + (hex.count == 1 ? "0" : "") + hex
            default: out += "\\u{" + String(scalar.value, radix: 16) + "}"
            }
        }
        return out
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        // LRE, RLE, PDF, LRO, RLO; LRI, RLI, FSI, PDI; LRM, RLM, ALM.
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        default: return false
        }
    }
}
