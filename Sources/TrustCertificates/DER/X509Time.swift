import FoundationEssentials

/// UTCTime / GeneralizedTime as RFC 5280 profiles them (UTC, "Z", seconds present), decoded without
/// the 1970 and 2038 limits of time_t-based parsers.
enum X509Time {
    /// Read straight from the content octets (ASCII digits), without building strings.
    static func decode(_ node: DERNode) throws -> Date {
        try decode(tag: node.tag, octets: node.content)
    }

    /// The same, from the tag and content octets.
    static func decode(tag: UInt8, octets: ArraySlice<UInt8>) throws -> Date {
        let yearDigits: Int
        switch tag {
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

extension X509Time {
    /// A certificate's validity time: RFC 5280's profile, or one of the other forms X.680 allows that
    /// Apple's `SecAbsoluteTimeFromDateContentWithError` and GnuTLS read (a UTCTime without seconds,
    /// YYMMDDhhmmZ; a ±hhmm offset instead of Z on either type). `deviation` names the form when it is
    /// not the profile's, for the profiles that enforce §4.1.2.5; anything else still throws.
    static func decodeValidity(_ node: DERNode) throws -> (date: Date, deviation: String?) {
        if let date = try? decode(node) { return (date, nil) }
        let octets = Array(node.content)
        let yearDigits = node.tag == DERTag.utcTime ? 2 : 4
        guard node.tag == DERTag.utcTime || node.tag == DERTag.generalizedTime else { return (try decode(node), nil) }
        let typeName = yearDigits == 2 ? "UTCTime" : "GeneralizedTime"
        // The length up to the seconds: YYMMDDhhmmss or YYYYMMDDhhmmss.
        let throughSeconds = yearDigits + 10
        // YYMMDDhhmmZ: Apple's UTC_TIME_NOSEC_ZULU_LEN.
        if yearDigits == 2, octets.count == 11, octets.last == UInt8(ascii: "Z") {
            let profiled = Array(octets.dropLast()) + Array("00Z".utf8)
            let date = try decode(tag: node.tag, octets: profiled[...])
            return (date, "\(typeName) without seconds")
        }
        // YYMMDDhhmmss±hhmm / YYYYMMDDhhmmss±hhmm: Apple's ..._LOCALIZED_LEN.
        if octets.count == throughSeconds + 5, let sign = octets.dropFirst(throughSeconds).first,
           sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-")
        {
            let offsetDigits = octets[(throughSeconds + 1)...]
            guard offsetDigits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                return (try decode(node), nil)
            }
            let value = offsetDigits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            let hours = value / 100, minutes = value % 100
            guard hours < 24, minutes < 60 else { throw DERError.unexpected("a time offset of at most 23:59") }
            let profiled = Array(octets[..<throughSeconds]) + [UInt8(ascii: "Z")]
            let local = try decode(tag: node.tag, octets: profiled[...])
            let offset = TimeInterval((hours * 60 + minutes) * 60) * (sign == UInt8(ascii: "+") ? 1 : -1)
            return (local.addingTimeInterval(-offset), "\(typeName) with an offset from UTC instead of Z")
        }
        return (try decode(node), nil)
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
