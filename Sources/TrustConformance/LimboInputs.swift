#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TrustCertificates
import TrustEvaluation

/// Conversions of x509-limbo's textual inputs into TrustCheck's values.
enum LimboInputs {
    /// RFC 3339 as x509-limbo writes it: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`.
    static func date(rfc3339 text: String) -> Date? {
        let bytes = Array(text.utf8)
        var position = 0
        func number(_ digits: Int) -> Int? {
            guard position + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<position + digits] {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            position += digits
            return value
        }
        func expect(_ characters: String) -> Bool {
            guard position < bytes.count, characters.utf8.contains(bytes[position]) else { return false }
            position += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
              expect("Tt "), let hour = number(2), expect(":"), let minute = number(2), expect(":"),
              let second = number(2)
        else { return nil }
        var fraction = 0.0
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            var scale = 0.1
            let start = position
            while position < bytes.count, bytes[position] >= 0x30 && bytes[position] <= 0x39 {
                fraction += Double(bytes[position] - 0x30) * scale
                scale /= 10
                position += 1
            }
            guard position > start else { return nil }
        }
        var offset = 0
        if expect("Zz") {
        } else if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
            let sign = bytes[position] == UInt8(ascii: "-") ? -1 : 1
            position += 1
            guard let hours = number(2), expect(":"), let minutes = number(2) else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard position == bytes.count, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60,
              second <= 60
        else { return nil }
        let days = CivilDate.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// An IPv4 (4 bytes) or IPv6 (16 bytes) address in text form.
    static func ipAddress(_ text: String) -> [UInt8]? {
        if text.contains(":") {
            var address = in6_addr()
            guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
            return withUnsafeBytes(of: &address) { Array($0) }
        }
        var address = in_addr()
        guard inet_pton(AF_INET, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }

    static func peerName(_ spec: LimboTestcase.PeerNameSpec) -> PeerName? {
        switch spec.kind {
        case .dns: return .dns(spec.value)
        case .rfc822: return .email(spec.value)
        case .ip: return ipAddress(spec.value).map(PeerName.ip)
        }
    }

    /// x509-limbo's KeyUsage names (RFC 5280 spellings) that differ from TrustCheck's.
    static let keyUsageAliases: [String: String] = ["contentCommitment": "nonRepudiation"]
}
