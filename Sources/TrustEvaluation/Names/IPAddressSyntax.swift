import Foundation
/// Text-to-binary IP address parsers: a strict one for PeerName, and Apple's lenient one.
enum IPAddressSyntax {
    /// Strict IPv4 dotted decimal (RFC 3986 `IPv4address`: four decimal octets, no leading zeros).
    static func ipv4(_ text: Substring) -> [UInt8]? {
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
    /// ending in a dotted IPv4 address. Zone identifiers are not addresses and are refused.
    static func ipv6(_ text: Substring) -> [UInt8]? {
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

    /// Apple's SecFrameworkCopyIPAddressData (`convertIPAddress`), quirks included, because its
    /// verdict decides whether a reference hostname is compared with SAN iPAddress entries.
    ///
    /// IPv4: 7–15 characters of digits and dots, exactly four parts, each read with `atoi` (so an
    /// empty part is 0 and leading zeros are decimal) and at most 255. IPv6: 2–41 characters,
    /// optionally in brackets, hex digits and colons only (no embedded IPv4, no zone), 3–8 fields;
    /// an empty first or last field is one zero group, an empty inner field is `9 - fields` zero
    /// groups, a field longer than four digits contributes nothing, and the result must be 16 bytes.
    static func appleAddress(_ text: String) -> [UInt8]? {
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
}
