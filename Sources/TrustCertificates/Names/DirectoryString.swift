/// Decoding and RFC 4518-style normalisation of the string types X.501 names use.
enum DirectoryString {
    static func decode(tag: UInt8, _ bytes: ArraySlice<UInt8>) -> String? {
        switch tag {
        case DERTag.utf8String, DERTag.printableString, DERTag.ia5String, 0x12 /* NumericString */, 0x1A /* VisibleString */:
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
        let utf8 = text.utf8
        if let ascii = utf8.withContiguousStorageIfAvailable({ normalizeASCII($0) }) ?? normalizeASCII(Array(utf8)) {
            return ascii
        }
        return text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Appends `normalize(text)`'s UTF-8 to `bytes`, for ASCII text without making the String.
    static func appendNormalized(_ text: String, to bytes: inout [UInt8]) {
        let start = bytes.count
        var pendingSpace = false
        for byte in text.utf8 {
            guard byte < 0x80 else {
                bytes.removeSubrange(start...)
                bytes.append(contentsOf: normalize(text).utf8)
                return
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
    }

    /// The same for ASCII text, on its bytes (nearly every name): A–Z lowered, runs of the ASCII
    /// whitespace Character.isWhitespace knows (tab, LF, VT, FF, CR, space) made one space, trimmed.
    /// nil when the text is not all ASCII.
    private static func normalizeASCII<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var pendingSpace = false
        for byte in bytes {
            guard byte < 0x80 else { return nil }
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                out.append(0x20)
                pendingSpace = false
            }
            out.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
