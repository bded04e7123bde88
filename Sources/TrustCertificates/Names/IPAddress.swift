import FoundationEssentials

/// An IPv4 (4 bytes) or IPv6 (16 bytes) address: the one place TrustCheck reads and writes address text.
///
/// There is one strict reading (`init?(_:)`, what socket APIs and URLs accept) and, as clearly named
/// variants, the looser readings that must reproduce other software exactly: Apple's
/// (`init?(appleLenient:)`) and inet_aton's hexadecimal number (`init?(hexadecimalIPv4:)`).
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address in network byte order: 4 bytes for IPv4, 16 for IPv6.
    public let bytes: [UInt8]

    /// An address from its octets; nil unless there are 4 or 16.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// Strict address text, as inet_pton reads it: IPv4 dotted decimal (RFC 3986 `IPv4address`: four
    /// decimal octets, no leading zeros) or IPv6 text (RFC 4291 §2.2). No brackets, no zone identifier.
    public init?(_ text: String) {
        // Byte tests first: host names (nearly every input) are turned away without building substrings.
        let isIPv6 = text.utf8.contains(UInt8(ascii: ":"))
        guard isIPv6 || text.utf8.allSatisfy({ $0 == UInt8(ascii: ".") || (48...57).contains($0) }) else { return nil }
        guard let bytes = isIPv6 ? Self.ipv6(Substring(text)) : Self.ipv4(Substring(text)) else {
            return nil
        }
        self.bytes = bytes
    }

    /// Apple's SecFrameworkCopyIPAddressData (`convertIPAddress`), quirks included, because its
    /// verdict decides whether Apple compares a reference hostname with SAN iPAddress entries.
    ///
    /// IPv4: 7–15 characters of digits and dots, exactly four parts, each read with `atoi` (so an
    /// empty part is 0 and leading zeros are decimal) and at most 255. IPv6: 2–41 characters,
    /// optionally in brackets, hex digits and colons only (no embedded IPv4, no zone), 3–8 fields;
    /// an empty first or last field is one zero group, an empty inner field is `9 - fields` zero
    /// groups, a field longer than four digits contributes nothing, and the result must be 16 bytes.
    public init?(appleLenient text: String) {
        guard let bytes = Self.appleAddress(text) else { return nil }
        self.bytes = bytes
    }

    /// inet_aton's single hexadecimal number form of an IPv4 address, e.g. "0xC0A80101" for
    /// 192.168.1.1 (the prefix in either case).
    public init?(hexadecimalIPv4 text: String) {
        guard text.lowercased().hasPrefix("0x"), let value = UInt32(text.dropFirst(2), radix: 16) else { return nil }
        bytes = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// Dotted decimal for IPv4, RFC 5952's canonical form for IPv6 (lower case, longest run of two or
    /// more zero groups compressed).
    public var description: String { Self.text(bytes) }

    /// The text of an iPAddress GeneralName's octets: an address (4 or 16 bytes), an address and mask
    /// from a name constraint (8 or 32 bytes, written "address/prefix length"), or, for any other
    /// length, the octets in hexadecimal separated by colons.
    public static func text(_ octets: [UInt8]) -> String {
        switch octets.count {
        case 4: return octets.map(String.init).joined(separator: ".")
        case 16: return ipv6Text(octets)
        case 8: return text(Array(octets[0..<4])) + "/" + String(prefixLength(Array(octets[4...])))
        case 32: return text(Array(octets[0..<16])) + "/" + String(prefixLength(Array(octets[16...])))
        default: return octets.map { String($0, radix: 16) }.joined(separator: ":")
        }
    }

    // MARK: Strict parsing

    /// RFC 3986 `IPv4address`.
    private static func ipv4(_ text: Substring) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.count), part.utf8.allSatisfy({ (48...57).contains($0) }),
                  part.count == 1 || part.first != "0", let value = UInt8(part)
            else { return nil }
            bytes.append(value)
        }
        return bytes
    }

    /// IPv6 text (RFC 4291 §2.2): up to eight hex groups of 1–4 digits, at most one `::`, optionally
    /// ending in a dotted IPv4 address.
    private static func ipv6(_ text: Substring) -> [UInt8]? {
        guard text.contains(":") else { return nil }
        var tail: [UInt8] = []
        var body = text
        if let lastColon = text.lastIndex(of: ":"), text[lastColon...].contains(".") {
            guard let v4 = ipv4(text[text.index(after: lastColon)...]) else { return nil }
            tail = v4
            body = text[...lastColon]
            // Keep a trailing "::" intact but drop the single colon that separated the IPv4 part.
            if !body.hasSuffix("::") { body = body.dropLast() }
        }
        let halves = body.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String) -> [UInt8]? {
            guard !part.isEmpty else { return [] }
            var bytes: [UInt8] = []
            for group in part.split(separator: ":", omittingEmptySubsequences: false) {
                // The digit check matters: UInt16(_:radix:) would also take a sign.
                guard (1...4).contains(group.count), group.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit),
                      let value = UInt16(group, radix: 16)
                else { return nil }
                bytes += [UInt8(value >> 8), UInt8(value & 0xFF)]
            }
            return bytes
        }
        guard let head = groups(halves[0]) else { return nil }
        if halves.count == 1 {
            let bytes = head + tail
            return bytes.count == 16 ? bytes : nil
        }
        guard let rest = groups(halves[1]) else { return nil }
        let known = head.count + rest.count + tail.count
        // "::" stands for at least one zero group (RFC 5952 §4.2.2 forbids it for none).
        guard known <= 14 else { return nil }
        return head + [UInt8](repeating: 0, count: 16 - known) + rest + tail
    }

    // MARK: Apple's parsing

    private static func mayBeInAppleAddress(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"),
             UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"):
            return true
        default:
            return false
        }
    }

    private static func appleAddress(_ text: String) -> [UInt8]? {
        // Both forms below take only digits, dots, hex digits, colons and brackets: a byte test turns host
        // names (nearly every input: Apple's host matching asks it of every dNSName it accepts) away
        // before an array of scalars is built.
        guard text.utf8.allSatisfy(Self.mayBeInAppleAddress) else { return nil }
        let scalars = Array(text.unicodeScalars)
        if (7...15).contains(scalars.count), scalars.allSatisfy({ ("0"..."9").contains($0) || $0 == "." }) {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            if parts.count == 4 {
                // Fifteen characters cannot hold a part long enough to overflow atoi.
                let values = parts.map { $0.isEmpty ? 0 : Int($0)! }
                if values.allSatisfy({ $0 <= 255 }) { return values.map { UInt8($0) } }
            }
        }
        guard (2...41).contains(scalars.count) else { return nil }
        var body = Substring(text)
        if body.hasPrefix("["), body.hasSuffix("]") {
            body = body.dropFirst().dropLast()
        }
        guard body.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit || $0 == ":" }) else { return nil }
        let fields = body.split(separator: ":", omittingEmptySubsequences: false)
        guard (3...8).contains(fields.count) else { return nil }
        var bytes: [UInt8] = []
        for (index, field) in fields.enumerated() {
            if field.isEmpty {
                let inner = index != 0 && index != fields.count - 1
                bytes += [UInt8](repeating: 0, count: 2 * (inner ? 9 - fields.count : 1))
            } else if field.count <= 4 {
                let value = UInt16(field, radix: 16)!
                bytes += [UInt8(value >> 8), UInt8(value & 0xFF)]
            }
        }
        return bytes.count == 16 ? bytes : nil
    }

    // MARK: Formatting

    private static func prefixLength(_ mask: [UInt8]) -> Int { mask.reduce(0) { $0 + $1.nonzeroBitCount } }

    private static func ipv6Text(_ bytes: [UInt8]) -> String {
        let groups = stride(from: 0, to: 16, by: 2).map { Int(bytes[$0]) << 8 | Int(bytes[$0 + 1]) }
        // RFC 5952: compress the longest run (at least two) of zero groups.
        var best = (start: -1, length: 0)
        var index = 0
        while index < 8 {
            if groups[index] == 0 {
                var end = index
                while end < 8 && groups[end] == 0 { end += 1 }
                if end - index > best.length && end - index >= 2 { best = (index, end - index) }
                index = end
            } else {
                index += 1
            }
        }
        let hex = groups.map { String($0, radix: 16) }
        guard best.start >= 0 else { return hex.joined(separator: ":") }
        let head = hex[0..<best.start].joined(separator: ":")
        let tail = hex[(best.start + best.length)...].joined(separator: ":")
        return head + "::" + tail
    }
}
