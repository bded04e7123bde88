/// Decoding and RFC 4518-style normalisation of the string types X.501 names use.
enum DirectoryString {
    static func decode(tag: UInt8, _ bytes: ArraySlice<UInt8>) -> String? {
        switch tag {
        case DERTag.utf8String, DERTag.printableString, DERTag.ia5String, DERTag.numericString, DERTag.visibleString:
            return String(validating: bytes, as: UTF8.self)
        case DERTag.teletexString:
            return String(bytes.map { Character(Unicode.Scalar($0)) })
        case DERTag.bmpString:
            guard bytes.count % 2 == 0 else { return nil }
            let units = stride(from: bytes.startIndex, to: bytes.endIndex, by: 2).map {
                UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
            }
            return String(validating: units, as: UTF16.self)
        case DERTag.universalString:
            guard bytes.count % 4 == 0 else { return nil }
            var scalars = String.UnicodeScalarView()
            for offset in stride(from: bytes.startIndex, to: bytes.endIndex, by: 4) {
                let value = bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                guard let scalar = Unicode.Scalar(value) else { return nil }
                scalars.append(scalar)
            }
            return String(scalars)
        default:
            return nil
        }
    }

    /// Case-folds, trims and collapses internal whitespace runs to one space.
    static func normalize(_ text: String) -> String {
        var bytes: [UInt8] = []
        guard appendNormalizedASCII(text, to: &bytes) else { return normalizeUnicode(text) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `normalize(text)`'s UTF-8 to `bytes`, for ASCII text without making the String.
    static func appendNormalized(_ text: String, to bytes: inout [UInt8]) {
        if !appendNormalizedASCII(text, to: &bytes) { bytes.append(contentsOf: normalizeUnicode(text).utf8) }
    }

    /// Appends the normalised text of a value with string tag `tag` (as `appendNormalized(decode(tag:
    /// bytes)!)` would) and returns true; false, with `bytes` as it was, when the value is not text.
    /// ASCII values of the string types that are ASCII-compatible are normalised on their octets.
    static func appendNormalized(tag: UInt8, _ value: ArraySlice<UInt8>, to bytes: inout [UInt8]) -> Bool {
        switch tag {
        case DERTag.utf8String, DERTag.printableString, DERTag.ia5String, DERTag.numericString, DERTag.visibleString,
             DERTag.teletexString:
            // For these types an all-ASCII value decodes to the same ASCII text (TeletexString's
            // octets are read as Latin-1, whose first half is ASCII).
            if appendNormalizedASCII(value, to: &bytes) { return true }
        default:
            break
        }
        guard let text = decode(tag: tag, value) else { return false }
        appendNormalized(text, to: &bytes)
        return true
    }

    private static func normalizeUnicode(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The same for ASCII text, on its bytes (nearly every name): A–Z lowered, runs of the ASCII
    /// whitespace Character.isWhitespace knows (tab, LF, VT, FF, CR, space) made one space, trimmed,
    /// appended to `bytes`. false, with `bytes` as it was, when the text is not all ASCII.
    private static func appendNormalizedASCII(_ text: String, to bytes: inout [UInt8]) -> Bool {
        appendNormalizedASCII(text.utf8, to: &bytes)
    }

    private static func appendNormalizedASCII<Octets: Sequence<UInt8>>(_ octets: Octets, to bytes: inout [UInt8]) -> Bool {
        let start = bytes.count
        var pendingSpace = false
        for byte in octets {
            guard byte < 0x80 else {
                bytes.removeSubrange(start...)
                return false
            }
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                pendingSpace = bytes.count > start
                continue
            }
            if pendingSpace {
                bytes.append(0x20)
                pendingSpace = false
            }
            bytes.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
        }
        return true
    }
}
