import Foundation
import Testing
import TrustCertificates

/// The one RFC 3339 parser and rendering (x509-limbo's validation_time, the CLI's --at, every time shown).
@Suite struct RFC3339Tests {
    @Test func parsesWhatRFC3339Allows() {
        #expect(RFC3339.date("1970-01-01T00:00:00Z") == Date(timeIntervalSince1970: 0))
        #expect(RFC3339.date("2024-01-01T00:00:00+00:00") == Date(timeIntervalSince1970: 1_704_067_200))
        #expect(RFC3339.date("2024-01-01T01:30:00+01:30") == Date(timeIntervalSince1970: 1_704_067_200))
        #expect(RFC3339.date("2023-12-31T22:00:00-02:00") == Date(timeIntervalSince1970: 1_704_067_200))
        #expect(RFC3339.date("2024-04-01T00:00:00.005+00:00") == Date(timeIntervalSince1970: 1_711_929_600.005))
        #expect(RFC3339.date("2969-05-03T00:00:01Z") == Date(timeIntervalSince1970: 31_536_000_001))
        // RFC 3339 §5.6: "T" and "Z" may be lower case, and "T" a space.
        #expect(RFC3339.date("2024-01-01t00:00:00z") == Date(timeIntervalSince1970: 1_704_067_200))
        #expect(RFC3339.date("2024-01-01 00:00:00Z") == Date(timeIntervalSince1970: 1_704_067_200))
        #expect(RFC3339.date("2024-02-29T00:00:00Z") != nil)
        #expect(RFC3339.date("1950-06-01T00:00:00Z") == Date(timeIntervalSince1970: -618_105_600))
    }

    @Test(arguments: ["", "2024-01-01", "2024-01-01T00:00:00", "2024-13-01T00:00:00Z", "2024-01-01T00:00:00+0000",
                      "2024-01-01T00:00:00Zjunk", "2024-01-01T00:00:00.Z", "2023-02-29T00:00:00Z",
                      "2024-04-31T00:00:00Z", "2024-01-01T24:00:00Z", "2024-01-01T00:00:00+24:00", "now"])
    func refusesWhatItIsNot(_ text: String) {
        #expect(RFC3339.date(text) == nil)
    }

    @Test func aDayAloneIsMidnightUTC() {
        #expect(RFC3339.date(day: "2026-12-01") == Date(timeIntervalSince1970: 1_796_083_200))
        #expect(RFC3339.date(day: "2026-12-01T00:00:00Z") == nil)
        #expect(RFC3339.date(day: "2026-02-30") == nil)
    }

    @Test func rendersWholeSecondsInUTC() {
        #expect(RFC3339.string(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(RFC3339.string(Date(timeIntervalSince1970: 1_796_117_400.9)) == "2026-12-01T09:30:00Z")
        #expect(RFC3339.string(Date(timeIntervalSince1970: -618_105_600)) == "1950-06-01T00:00:00Z")
        #expect(RFC3339.string(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        #expect(RFC3339.string(Date(timeIntervalSince1970: 253_402_300_799)) == "9999-12-31T23:59:59Z")
    }

    @Test func rendersWhatItParses() {
        for seconds in stride(from: -5_000_000_000, through: 40_000_000_000, by: 987_654_321) {
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            #expect(RFC3339.date(RFC3339.string(date)) == date)
        }
    }
}
