import FoundationEssentials

/// RFC 3339 date-times: the one parser and the one rendering TrustCheck uses for times it reads or shows
/// (x509-limbo's validation_time, the CLI's `--at`, every time in text and JSON output).
public enum RFC3339 {
    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`. As RFC 3339 §5.6 allows, `T` and `Z` may be
    /// lower case and `T` may be a space. Calendar fields are checked (no February 30th); a leap second
    /// (`:60`) is accepted and counts as the next second, as POSIX time has none.
    public static func date(_ text: String) -> Date? {
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
            guard let hours = number(2), hours < 24, expect(":"), let minutes = number(2), minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard position == bytes.count, (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second <= 60
        else { return nil }
        let days = CivilDate.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// `YYYY-MM-DD` alone, as midnight UTC of that day.
    public static func date(day text: String) -> Date? {
        date(text + "T00:00:00Z").flatMap { text.utf8.count == 10 ? $0 : nil }
    }

    /// The time in UTC to the whole second below it, e.g. `2026-12-01T09:30:00Z`: certificate times are
    /// whole seconds, and evaluations compare whole seconds.
    public static func string(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = CivilDate.date(daysSinceEpoch: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(abs(year)).count)) + String(abs(year))
        return (year < 0 ? "-" : "") + "\(yearText)-\(two(month))-\(two(day))T"
            + "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
    }
}
