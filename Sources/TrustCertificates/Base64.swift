import Foundation

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
        bytes.map { String(format: "%02x", $0) }.joined(separator: separator)
    }
}
