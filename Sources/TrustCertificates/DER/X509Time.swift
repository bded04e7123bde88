import FoundationEssentials

/// UTCTime / GeneralizedTime as RFC 5280 profiles them (UTC, "Z", seconds present), decoded without
/// the 1970 and 2038 limits of time_t-based parsers.
enum X509Time {
    /// Read straight from the content octets (ASCII digits), without building strings.
    static func decode(_ node: DERNode) throws -> Date {
        let octets = node.content
        let yearDigits: Int
        switch node.tag {
        case DERTag.utcTime:
            guard octets.count == 13, octets.last == UInt8(ascii: "Z") else { throw DERError.unexpected("a UTCTime YYMMDDHHMMSSZ") }
            yearDigits = 2
        case DERTag.generalizedTime:
            guard octets.count == 15, octets.last == UInt8(ascii: "Z") else {
                throw DERError.unexpected("a GeneralizedTime YYYYMMDDHHMMSSZ")
            }
            yearDigits = 4
        default:
            throw DERError.unexpected("a UTCTime or GeneralizedTime")
        }
        let start = octets.startIndex
        func number(_ offset: Int, _ count: Int) throws -> Int {
            var value = 0
            for octet in octets[(start + offset)..<(start + offset + count)] {
                guard octet >= UInt8(ascii: "0"), octet <= UInt8(ascii: "9") else {
                    throw DERError.unexpected("a time made of digits")
                }
                value = value * 10 + Int(octet - UInt8(ascii: "0"))
            }
            return value
        }
        var year = try number(0, yearDigits)
        if yearDigits == 2 { year += year < 50 ? 2000 : 1900 }
        let month = try number(yearDigits, 2), day = try number(yearDigits + 2, 2)
        let hour = try number(yearDigits + 4, 2), minute = try number(yearDigits + 6, 2), second = try number(yearDigits + 8, 2)
        guard (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 60
        else { throw DERError.unexpected("a valid calendar time") }
        let days = CivilDate.daysSinceEpoch(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86400 + hour * 3600 + minute * 60 + second))
    }
}

/// Calendar arithmetic without Foundation's Calendar: certificate and RFC 3339 times are UTC, and
/// this works for any year, before 1970 included.
public enum CivilDate {
    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    public static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (the inverse of ``daysSinceEpoch(year:month:day:)``).
    public static func date(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The number of days in `month` (1–12) of `year`, proleptic Gregorian.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
