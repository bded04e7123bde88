import Foundation
import Testing
@testable import TrustCertificates

/// The validity time forms beyond RFC 5280's profile that Apple's parser reads, and what stays refused.
@Suite struct ValidityTimeFormsTests {
    static func node(_ tag: UInt8, _ text: String) throws -> DERNode {
        var reader = DERReader([tag, UInt8(text.utf8.count)] + Array(text.utf8))
        return try reader.read()
    }

    static func read(_ tag: UInt8, _ text: String) throws -> (date: Date, deviation: String?) {
        try X509Time.decodeValidity(try node(tag, text))
    }

    static let instant = Date(timeIntervalSince1970: 1_780_272_000)  // 2026-06-01T00:00:00Z

    @Test func theProfilesFormsHaveNoDeviation() throws {
        #expect(try Self.read(DERTag.utcTime, "260601000000Z") == (Self.instant, nil))
        #expect(try Self.read(DERTag.generalizedTime, "20260601000000Z") == (Self.instant, nil))
    }

    @Test func appleForms() throws {
        #expect(try Self.read(DERTag.utcTime, "2606010000Z") == (Self.instant, "UTCTime without seconds"))
        #expect(try Self.read(DERTag.utcTime, "260601023000+0230") == (Self.instant, "UTCTime with an offset from UTC instead of Z"))
        #expect(try Self.read(DERTag.utcTime, "260531210000-0300") == (Self.instant, "UTCTime with an offset from UTC instead of Z"))
        #expect(try Self.read(DERTag.generalizedTime, "20260601010000+0100")
            == (Self.instant, "GeneralizedTime with an offset from UTC instead of Z"))
    }

    @Test(arguments: [
        (DERTag.utcTime, "19020701025736Z"),  // 15 characters: no reading
        (DERTag.utcTime, "260601000000"),  // no zone at all
        (DERTag.utcTime, "260601000000+2400"),  // an offset of a day
        (DERTag.utcTime, "260601000000+01a0"),
        (DERTag.generalizedTime, "202606010000Z"),  // GeneralizedTime without seconds: Apple refuses it too
        (DERTag.utcTime, "261301000000Z"),  // month 13
        (DERTag.utcTime, "2613010000Z"),
    ])
    func otherFormsAreRefused(tag: UInt8, text: String) throws {
        #expect(throws: (any Error).self) { _ = try Self.read(tag, text) }
    }
}
