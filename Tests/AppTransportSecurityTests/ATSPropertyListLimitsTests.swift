import AppTransportSecurity
import Foundation
import Testing
import TestSupport

/// Info.plists the bounded reader refuses: a duplicated key (Apple keeps the last silently), deep nesting,
/// a self-referencing binary plist, an oversized file; each a precise `ATSError` within a time bound.
@Suite struct ATSPropertyListLimitsTests {
    static let bound = TimeBound.duration(2)

    static func refusal(_ data: Data) throws -> ATSError {
        var error: (any Error)?
        let elapsed = ContinuousClock().measure {
            do { _ = try ATSConfiguration(propertyList: data, path: "Info.plist") } catch let thrown { error = thrown }
        }
        #expect(elapsed < bound, "took \(elapsed)")
        return try #require(error as? ATSError, "\(String(describing: error))")
    }

    @Test func aDuplicatedATSKeyIsRefusedNamingItsPath() throws {
        let error = try Self.refusal(infoPlist(ats: "<key>NSAllowsArbitraryLoads</key><false/><key>NSAllowsArbitraryLoads</key><true/>"))
        #expect(error.code == .duplicateKey)
        #expect(error.key == "NSAppTransportSecurity.NSAllowsArbitraryLoads")
        #expect(error.description.hasPrefix("Info.plist: NSAppTransportSecurity.NSAllowsArbitraryLoads: occurs more than once"))
        let domain = try Self.refusal(infoPlist(ats: exception("example.com",
            "<key>NSExceptionAllowsInsecureHTTPLoads</key><false/><key>NSExceptionAllowsInsecureHTTPLoads</key><true/>")))
        #expect(domain.key == "NSAppTransportSecurity.NSExceptionDomains.example.com.NSExceptionAllowsInsecureHTTPLoads")
    }

    @Test func deepNestingIsRefused() throws {
        let error = try Self.refusal(plist("<key>a</key>" + String(repeating: "<array>", count: 10_000)
            + String(repeating: "</array>", count: 10_000)))
        #expect(error.code == .notAPropertyList)
        #expect(error.problem.contains("containers nested deeper than 64 levels"))
    }

    @Test func aSelfReferencingBinaryPlistIsRefused() throws {
        // bplist00; object 0 = a dictionary {"k": object 0}, object 1 = "k".
        var bytes = Array("bplist00".utf8) + [0xD1, 0x01, 0x00, 0x51, UInt8(ascii: "k")]
        bytes += [8, 11] + [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 2] + [UInt8](repeating: 0, count: 8)
            + [0, 0, 0, 0, 0, 0, 0, 13]
        let error = try Self.refusal(Data(bytes))
        #expect(error.code == .notAPropertyList)
        #expect(error.problem == "not a property list (XML or binary): binary object 0 contains itself (a reference cycle)")
    }

    @Test func anOversizedPropertyListIsRefusedUnread() throws {
        let error = try Self.refusal(Data(count: 9 * 1024 * 1024))
        #expect(error.code == .unreadable)
        #expect(error.problem == "the property list is 9437184 bytes, larger than the 8 MiB limit")
    }
}
