import FoundationEssentials

/// Standard base64 with padding, as pins and PEM use it.
public enum Base64 {
    /// Standard Base64 (RFC 4648 §4) with padding, as HPKP pins are written.
    public static func encode(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }

    /// Strict decode: only the base64 alphabet, correct padding; whitespace is the caller's to strip.
    public static func decode(_ text: String) -> [UInt8]? { Data(base64Encoded: text).map { Array($0) } }

    /// Strict decode of ASCII bytes, as `decode(_:)`.
    public static func decode(_ ascii: [UInt8]) -> [UInt8]? { Data(base64Encoded: Data(ascii)).map { Array($0) } }
}

/// Hexadecimal text of bytes, for fingerprints and JSON output.
public enum Hex {
    /// Lower-case hex, two digits per byte, with `separator` between bytes.
    public static func encode(_ bytes: [UInt8], separator: String = "") -> String {
        // A digit table rather than String(format:) per byte, which costs a format parse each (the collector
        // hex-encodes several digests per report).
        let digits = Array("0123456789abcdef".utf8)
        let separatorBytes = Array(separator.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * (2 + separatorBytes.count))
        for (index, byte) in bytes.enumerated() {
            if index > 0 { out += separatorBytes }
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
