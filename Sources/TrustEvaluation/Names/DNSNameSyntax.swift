/// Syntax checks on DNS names, shared by hostname matching and name constraints.
enum DNSNameSyntax {
    /// ASCII-only lowercasing: DNS names compare case-insensitively in ASCII only (RFC 4343), and
    /// non-ASCII bytes must never fold onto ASCII letters.
    static func asciiLowercased(_ text: String) -> String {
        guard text.utf8.contains(where: { (65...90).contains($0) }) else { return text }
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
        // One pass over the bytes (this runs for every name of every leaf checked under webpki rules).
        let bytes = name.utf8
        guard !bytes.isEmpty, bytes.count <= 253 else { return false }
        let dot = UInt8(ascii: "."), hyphen = UInt8(ascii: "-")
        var labelLength = 0, previous: UInt8 = 0, labelIsAllDigits = true
        for byte in bytes {
            if byte == dot {
                guard labelLength > 0, previous != hyphen else { return false }
                labelLength = 0
                labelIsAllDigits = true
            } else {
                guard isLetterDigitHyphen(byte), labelLength > 0 || byte != hyphen, labelLength < 63 else { return false }
                labelLength += 1
                if !(48...57).contains(byte) { labelIsAllDigits = false }
            }
            previous = byte
        }
        return labelLength > 0 && previous != hyphen && !labelIsAllDigits
    }

    /// A presented dNSName as CA/Browser Forum certificates may carry it: a host name, or a wildcard
    /// domain name, which is `*.` followed by a host name.
    static func isPresentedName(_ name: String) -> Bool {
        name.hasPrefix("*.") ? isHostName(String(name.dropFirst(2))) : isHostName(name)
    }

    private static func isLetterDigitHyphen(_ byte: UInt8) -> Bool {
        (97...122).contains(byte) || (65...90).contains(byte) || (48...57).contains(byte) || byte == UInt8(ascii: "-")
    }

    /// Apple's SecFrameworkIsDNSName, which filters the SAN dNSNames that SSL hostname matching
    /// considers: ASCII letters, digits, `-`, `_` and `*`, at most 255 characters, labels of 1–63
    /// characters, a hyphen never first in a label nor last in the name, and a letter (or `*`) in the
    /// last label. Underscores and asterisks may stand anywhere; the wildcard rules come later.
    static func isAppleDNSName(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        guard (1...255).contains(scalars.count) else { return false }
        enum Previous { case labelStart, letter, digit, hyphen }
        var previous = Previous.labelStart
        var labelLength = 0
        var labelHasLetter = false
        for scalar in scalars {
            switch scalar {
            case ".":
                guard labelLength <= 63, previous == .letter || previous == .digit else { return false }
                labelLength = 0
                labelHasLetter = false
                previous = .labelStart
                continue
            case "a"..."z", "A"..."Z", "*":
                labelHasLetter = true
                previous = .letter
            case "_":
                previous = .letter
            case "0"..."9":
                previous = .digit
            case "-":
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
