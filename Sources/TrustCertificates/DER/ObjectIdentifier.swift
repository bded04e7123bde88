/// Decodes the content octets of an OBJECT IDENTIFIER into dotted form.
enum OIDDecoder {
    /// Whether `content` is an OID `dotted` can write: non-empty, ending a subidentifier, none over
    /// 64 bits. Checks without making the text (a Name's attribute types are checked at parse,
    /// written only when asked for).
    static func isWellFormed(_ content: ArraySlice<UInt8>) -> Bool {
        guard let last = content.last, last & 0x80 == 0 else { return false }
        var value: UInt64 = 0
        for byte in content {
            guard value >> 57 == 0 else { return false }
            value = byte & 0x80 == 0 ? 0 : value << 7 | UInt64(byte & 0x7F)
        }
        return true
    }

    static func dotted(_ content: ArraySlice<UInt8>) -> String? {
        guard isWellFormed(content) else { return nil }
        // X.500 attribute types (2.5.4.n) and certificate extensions (2.5.29.n): most OIDs of a certificate.
        if content.count == 3, content[content.startIndex] == 0x55, content[content.startIndex + 2] < 0x80 {
            switch content[content.startIndex + 1] {
            case 0x04: return Self.attributeTypes[Int(content[content.startIndex + 2])]
            case 0x1D: return Self.certificateExtensions[Int(content[content.startIndex + 2])]
            default: break
            }
        }
        // Digits are written into a stack buffer and the String made once from it (a small String, with
        // no allocation at all, for the usual OID of up to 15 characters): OIDs are decoded for every
        // extension, EKU purpose and algorithm of every certificate. A subidentifier of k octets has at
        // most 3k digits and one dot; the first octet's split into two arcs adds at most two more.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4 * content.count + 2) { text in
            var length = 0
            func append(_ number: UInt64) {
                if length > 0 {
                    text[length] = UInt8(ascii: ".")
                    length += 1
                }
                let start = length
                var rest = number
                repeat {
                    text[length] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                    length += 1
                } while rest > 0
                text[start..<length].reverse()
            }
            var value: UInt64 = 0
            var first = true
            for byte in content {
                value = value << 7 | UInt64(byte & 0x7F)
                guard byte & 0x80 == 0 else { continue }
                if first {
                    append(value < 40 ? 0 : value < 80 ? 1 : 2)
                    append(value < 40 ? value : value < 80 ? value - 40 : value - 80)
                    first = false
                } else {
                    append(value)
                }
                value = 0
            }
            return String(decoding: UnsafeBufferPointer(rebasing: text[..<length]), as: UTF8.self)
        }
    }

    private static let attributeTypes = (0..<128).map { "2.5.4.\($0)" }
    private static let certificateExtensions = (0..<128).map { "2.5.29.\($0)" }
}
