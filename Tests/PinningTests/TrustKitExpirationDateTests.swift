import Foundation
import Pinning
import Testing

/// TSKExpirationDate's own date arithmetic (no Calendar or TimeZone: `trustcheck` links FoundationEssentials
/// only, where the UTC time zone cannot be looked up): known instants, leap years, and days that do not exist.
@Suite struct TrustKitExpirationDateTests {
    static let pinA = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
    static let pinB = "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB="

    static func configuration(expiration text: String) throws -> TrustKitConfiguration {
        try PinningFixtures.configuration(
            #"{"TSKPinnedDomains": {"example.com": {"TSKExpirationDate": "\#(text)", "TSKPublicKeyHashes": ["\#(pinA)", "\#(pinB)"]}}}"#)
    }

    /// Seconds since 1970 of UTC midnight, computed apart (Python's calendar.timegm).
    @Test(arguments: [
        ("1970-01-01", 0), ("1969-12-31", -86_400), ("2000-02-29", 951_782_400), ("2000-03-01", 951_868_800),
        ("2024-02-29", 1_709_164_800), ("2025-03-04", 1_741_046_400), ("2025-3-4", 1_741_046_400),
        ("2027-06-01", 1_811_808_000), ("2038-01-19", 2_147_472_000), ("1600-02-29", -11_670_998_400),
        ("0001-01-01", -62_135_596_800), ("9999-12-31", 253_402_214_400),
    ])
    func knownDaysAreUTCMidnight(text: String, seconds: Int) throws {
        let configuration = try Self.configuration(expiration: text)
        #expect(configuration.pinnedDomains["example.com"]?.expirationDate == Date(timeIntervalSince1970: TimeInterval(seconds)))
        #expect(configuration.warnings.isEmpty)
    }

    /// Every day of the three years around 1900 (not a leap year), 2000 (a leap year) and 2100 (not) agrees with
    /// Foundation's Gregorian calendar in UTC, which the test process, linking all of Foundation, does have.
    @Test(arguments: [(1899, 1095), (1999, 1096), (2099, 1095)])
    func everyDayAgreesWithFoundationsCalendar(firstYear: Int, days: Int) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        var day = try #require(calendar.date(from: DateComponents(year: firstYear, month: 1, day: 1)))
        var checked = 0
        while calendar.component(.year, from: day) < firstYear + 3 {
            let parts = calendar.dateComponents([.year, .month, .day], from: day)
            let text = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
            let policy = try Self.configuration(expiration: text).pinnedDomains["example.com"]
            if policy?.expirationDate != day {
                Issue.record("\(text): \(String(describing: policy?.expirationDate)), Foundation says \(day)")
                break
            }
            checked += 1
            day = day.addingTimeInterval(86_400)
        }
        #expect(checked == days)
    }

    /// A day the month does not have is not rolled over into the next month: TrustKit's formatter refuses it, so
    /// TrustKit drops the date and the pins never expire. The warning names the key and says why.
    @Test(arguments: [
        ("2023-02-29", #""2023-02-29" is not a date: 2023 is not a leap year: February 2023 has 28 days"#),
        ("1900-02-29", #""1900-02-29" is not a date: 1900 is not a leap year: February 1900 has 28 days"#),
        ("2100-02-29", #""2100-02-29" is not a date: 2100 is not a leap year: February 2100 has 28 days"#),
        ("2024-02-30", #""2024-02-30" is not a date: February 2024 has 29 days"#),
        ("2025-04-31", #""2025-04-31" is not a date: April 2025 has 30 days"#),
        ("2025-01-00", #""2025-01-00" is not a date: there is no day 0"#),
        ("2025-13-01", #""2025-13-01" is not a date: there is no month 13"#),
        ("2025-00-10", #""2025-00-10" is not a date: there is no month 0"#),
        ("25-01-01", #""25-01-01" is not a yyyy-MM-dd date"#),
        ("2025-01-01T00:00:00Z", #""2025-01-01T00:00:00Z" is not a yyyy-MM-dd date"#),
        ("2025-+1-01", #""2025-+1-01" is not a yyyy-MM-dd date"#),
        ("２０２５-01-01", #""２０２５-01-01" is not a yyyy-MM-dd date"#),
        ("", #""" is not a yyyy-MM-dd date"#),
    ])
    func impossibleDaysAreRefusedNamingTheKey(text: String, reason: String) throws {
        let configuration = try Self.configuration(expiration: text)
        #expect(configuration.pinnedDomains["example.com"]?.expirationDate == nil)
        #expect(configuration.warnings.map(\.code) == [.unparsableExpirationDate])
        #expect(configuration.warnings.map(\.description)
            == [#"TSKPinnedDomains["example.com"].TSKExpirationDate: "# + reason + "; TrustKit drops it, so these pins never expire"])
    }

    @Test func aValueThatIsNotAStringIsAnErrorNamingTheKey() {
        let error = #expect(throws: TrustKitConfigurationError.self) {
            try PinningFixtures.configuration(
                #"{"TSKPinnedDomains": {"example.com": {"TSKExpirationDate": 20250101, "TSKPublicKeyHashes": ["\#(Self.pinA)", "\#(Self.pinB)"]}}}"#)
        }
        #expect(error?.code == .wrongType)
        #expect(error.map { "\($0)" }?.contains("TSKExpirationDate") == true)
    }
}
