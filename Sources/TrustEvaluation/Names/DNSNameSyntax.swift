/// Syntax checks on DNS names, shared by hostname matching and name constraints.
enum DNSNameSyntax {
    /// ASCII-only lowercasing: DNS names compare case-insensitively in ASCII only (RFC 4343), and
    /// non-ASCII bytes must never fold onto ASCII letters.
    static func asciiLowercased(_ text: String) -> String {
        // Most names have no capital: tested on the contiguous bytes, it costs no iterator over the UTF-8 view.
        var text = text
        guard text.withUTF8({ $0.contains { $0 >= 65 && $0 <= 90 } }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            (65...90).contains(scalar.value) ? Unicode.Scalar(scalar.value + 32)! : scalar
        }))
    }

    static func labels(_ name: String) -> [Substring] {
        name.split(separator: ".", omittingEmptySubsequences: false)
    }

    /// A host name in preferred name syntax (RFC 1034 §3.5 as relaxed by RFC 1123 §2.1), the form
    /// RFC 5280 requires in dNSName: letters, digits and hyphens, labels of 1–63 characters that
    /// neither start nor end with a hyphen, at most 253 characters, no trailing dot. The last label
    /// must not be all digits, so that an IPv4 address is never a DNS name (mozilla::pkix, webpki).
    static func isHostName(_ name: String) -> Bool {
        var name = name
        return name.withUTF8(isHostName(bytes:))
    }

    /// `isHostName(_:)` on the name's UTF-8 bytes: one pass over contiguous bytes (this runs for every
    /// name of every leaf checked under webpki rules; iterating the string's UTF-8 view cost ~40
    /// instructions a byte).
    private static func isHostName(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bytes.isEmpty, bytes.count <= 253 else { return false }
        let dot = UInt8(ascii: "."), hyphen = UInt8(ascii: "-")
        var labelLength = 0, previous: UInt8 = 0, labelIsAllDigits = true
        for byte in bytes {
            if byte == dot {
                guard labelLength > 0, previous != hyphen else { return false }
                labelLength = 0
                labelIsAllDigits = true
            } else {
                // One subtraction and comparison per class (wrapping: a byte below the range lands above it).
                let isDigit = byte &- UInt8(ascii: "0") < 10
                guard isDigit || isLetter(byte) || (byte == hyphen && labelLength > 0), labelLength < 63 else { return false }
                labelLength &+= 1
                labelIsAllDigits = labelIsAllDigits && isDigit
            }
            previous = byte
        }
        return labelLength > 0 && previous != hyphen && !labelIsAllDigits
    }

    /// A presented dNSName as CA/Browser Forum certificates may carry it: a host name, or a wildcard
    /// domain name, which is `*.` followed by a host name.
    static func isPresentedName(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            // The wildcard's "*." is skipped in place: no substring to copy.
            let isWildcard = bytes.count >= 2 && bytes[0] == UInt8(ascii: "*") && bytes[1] == UInt8(ascii: ".")
            return isHostName(bytes: isWildcard ? UnsafeBufferPointer(rebasing: bytes[2...]) : bytes)
        }
    }

    /// An ASCII letter of either case: ORing in 0x20 folds A-Z onto a-z and moves no other byte there.
    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26
    }

    /// Apple's SecFrameworkIsDNSName, which filters the SAN dNSNames that SSL hostname matching
    /// considers: ASCII letters, digits, `-`, `_` and `*`, at most 255 characters, labels of 1–63
    /// characters, a hyphen never first in a label nor last in the name, and a letter (or `*`) in the
    /// last label. Underscores and asterisks may stand anywhere; the wildcard rules come later.
    static func isAppleDNSName(_ name: String) -> Bool {
        var name = name
        return name.withUTF8(isAppleDNSName(bytes:))
    }

    /// `isAppleDNSName(_:)` on UTF-8 bytes, without an array of scalars. Every accepted character is
    /// ASCII, so a name with any other byte fails whatever its length, and for an ASCII name the byte
    /// count is the character count the 255 limit is about.
    private static func isAppleDNSName(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard (1...255).contains(bytes.count) else { return false }
        enum Previous { case labelStart, letter, digit, hyphen }
        var previous = Previous.labelStart
        var labelLength = 0
        var labelHasLetter = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "."):
                guard labelLength <= 63, previous == .letter || previous == .digit else { return false }
                labelLength = 0
                labelHasLetter = false
                previous = .labelStart
                continue
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "*"):
                labelHasLetter = true
                previous = .letter
            case UInt8(ascii: "_"):
                previous = .letter
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                previous = .digit
            case UInt8(ascii: "-"):
                guard previous != .labelStart else { return false }
                previous = .hyphen
            default:
                return false
            }
            labelLength += 1
        }
        return labelLength <= 63 && (previous == .letter || previous == .digit) && labelHasLetter
    }
}
