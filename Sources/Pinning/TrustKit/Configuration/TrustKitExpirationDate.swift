import FoundationEssentials
import TrustCertificates

/// TSKExpirationDate's `yyyy-MM-dd`, read as TrustKit's NSDateFormatter reads it (UTC, not lenient): midnight
/// 00:00:00Z at the start of that day of the proleptic Gregorian calendar. The arithmetic is done here rather
/// than with Foundation's Calendar and TimeZone: with FoundationEssentials alone, as `trustcheck` links it,
/// `TimeZone(identifier: "UTC")` is nil, so there is no calendar to ask.
enum TrustKitExpirationDate {
    /// Why a value is not a date, in words that say what to write instead.
    struct Refusal: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                                     "September", "October", "November", "December"]

    /// The UTC midnight `text` names. A four-digit year, then month and day of one or two digits (NSDateFormatter
    /// accepts `2025-3-4` for `yyyy-MM-dd`); a day the month does not have (2023-02-29, 2025-04-31) is refused
    /// as NSDateFormatter refuses it, rather than rolled over into the next month.
    static func utcMidnight(_ text: String) throws(Refusal) -> Date {
        let parts = text.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
              parts.allSatisfy({ $0.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } })
        else { throw Refusal(description: "\"\(text)\" is not a yyyy-MM-dd date") }
        func number(_ digits: Substring.UTF8View) -> Int { digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } }
        let year = number(parts[0]), month = number(parts[1]), day = number(parts[2])
        guard (1...12).contains(month) else {
            throw Refusal(description: "\"\(text)\" is not a date: there is no month \(month)")
        }
        guard day > 0 else { throw Refusal(description: "\"\(text)\" is not a date: there is no day 0") }
        let days = CivilDate.daysIn(month: month, year: year)
        guard day <= days else {
            let name = monthNames[month - 1]
            let which = month == 2 && days == 28 ? "\(year) is not a leap year: " : ""
            throw Refusal(description: "\"\(text)\" is not a date: \(which)\(name) \(year) has \(days) days")
        }
        return Date(timeIntervalSince1970: TimeInterval(CivilDate.daysSinceEpoch(year: year, month: month, day: day) * 86_400))
    }
}
