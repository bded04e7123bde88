import Foundation
import Testing
import TestSupport

/// `verify --pin-config`, `audit` and `ats` on hostile configuration files: the size limit on every path,
/// duplicate keys refused, each within a bound (in-process commands, no network).
@Suite struct PinConfigLimitsTests {
    static let bound = TimeBound.duration(2)

    static func file(_ data: Data, _ name: String) throws -> String {
        let path = NSTemporaryDirectory() + "pin-config-limits-\(UUID().uuidString)-\(name)"
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    static func timed(_ arguments: [String]) -> (CommandResult, Duration) {
        var result: CommandResult?
        let elapsed = ContinuousClock().measure { result = trustcheck(arguments) }
        return (result!, elapsed)
    }

    static let chain = VerifyPinningTests.pinningChain

    @Test func aPinConfigOverFourMiBIsRefusedBeforeItIsRead() throws {
        var json = Data("{\"TSKPinnedDomains\": {\"a\": \"".utf8)
        json.append(Data(repeating: UInt8(ascii: "x"), count: 30_000_000))
        json.append(Data("\"}}".utf8))
        let path = try Self.file(json, "big.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (verify, verifyTime) = Self.timed(["verify"] + Self.chain + ["--host", "www.example.com", "--pin-config", path])
        #expect(verifyTime < Self.bound)
        #expect(verify.status == 2)
        #expect(verify.stderr.contains("\(path): file is \(json.count) bytes, larger than the 4 MiB limit"), "\(verify.stderr)")
        let (audit, auditTime) = Self.timed(["audit", path, "--chain"] + Self.chain)
        #expect(auditTime < Self.bound)
        #expect(audit.status == 2)
        #expect(audit.stderr.contains("\(path): the file is \(json.count) bytes, larger than the 4 MiB limit"), "\(audit.stderr)")
    }

    @Test func enforcePinningTrueThenFalseIsRefusedNamingTheKey() throws {
        let json = Data("""
            {"TSKPinnedDomains": {"example.com": {"TSKEnforcePinning": true, "TSKEnforcePinning": false,
              "TSKIncludeSubdomains": true, "TSKPublicKeyHashes": ["\(VerifyPinningTests.pinningIntermediatePin)",
              "\(VerifyPinningTests.pinningBackupPin)"]}}}
            """.utf8)
        let plist = Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>TSKPinnedDomains</key><dict><key>example.com</key><dict>
            <key>TSKEnforcePinning</key><true/><key>TSKEnforcePinning</key><false/>
            </dict></dict></dict></plist>
            """.utf8)
        for (name, data) in [("dup.json", json), ("dup.plist", plist)] {
            let path = try Self.file(data, name)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let (verify, elapsed) = Self.timed(["verify"] + Self.chain + ["--host", "www.example.com", "--pin-config", path])
            #expect(elapsed < Self.bound)
            #expect(verify.status == 2, "\(name)")
            #expect(verify.stderr.contains("\(path): TSKPinnedDomains.example.com.TSKEnforcePinning: the key occurs more than once"),
                    "\(name): \(verify.stderr)")
            let audit = trustcheck(["audit", path, "--chain"] + Self.chain)
            #expect(audit.status == 2)
            #expect(audit.stderr.contains("TSKPinnedDomains.example.com.TSKEnforcePinning: the key occurs more than once"),
                    "\(name): \(audit.stderr)")
        }
    }

    @Test func atsRefusesADuplicateKeyAndDeepNesting() throws {
        let duplicate = Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict>
            <key>NSAllowsArbitraryLoads</key><false/><key>NSAllowsArbitraryLoads</key><true/></dict></dict></plist>
            """.utf8)
        let path = try Self.file(duplicate, "Info.plist")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (result, elapsed) = Self.timed(["ats", "--lint", path])
        #expect(elapsed < Self.bound)
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(path): NSAppTransportSecurity.NSAllowsArbitraryLoads: occurs more than once"), "\(result.stderr)")
        let deep = Data(("<plist>" + String(repeating: "<array>", count: 10_000) + String(repeating: "</array>", count: 10_000)
            + "</plist>").utf8)
        let deepPath = try Self.file(deep, "deep.plist")
        defer { try? FileManager.default.removeItem(atPath: deepPath) }
        let (deepResult, deepElapsed) = Self.timed(["ats", "--lint", deepPath])
        #expect(deepElapsed < Self.bound)
        #expect(deepResult.status == 2)
        #expect(deepResult.stderr.contains("nested deeper than 64 levels"), "\(deepResult.stderr)")
    }
}
