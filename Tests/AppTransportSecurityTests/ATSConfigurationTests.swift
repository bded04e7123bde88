import AppTransportSecurity
import Foundation
import Testing

@Suite("ATS configuration: reading Info.plists, XML and binary, or the ATS dictionary alone")
struct ATSConfigurationTests {
    @Test("The NSAppTransportSecurity dictionary alone reads as the Info.plist holding it")
    func dictionaryAlone() throws {
        let body = "<key>NSAllowsArbitraryLoads</key><true/>"
        let alone = try ATSConfiguration(propertyList: plist(body))
        let info = try ATSConfiguration(propertyList: infoPlist(ats: body))
        #expect(alone.allowsArbitraryLoads == .value(true) && info.allowsArbitraryLoads == .value(true))
        #expect(alone.isPresent && info.isPresent)
    }

    @Test("A binary plist is read like an XML one")
    func binary() throws {
        let ats = try ATSConfiguration(contentsOfFile: fixture("Info-binary.plist"))
        let policy = try ats.policy(for: "https://legacy.example.com/")
        #expect(policy.minimumTLSVersion.value == .tls11 && !policy.forwardSecrecyRequired.value)
    }

    @Test("Bytes that are no property list: a stable code and the file named")
    func notAPlist() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ats-tests-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("Broken.plist").path
        try Data("<plist><dict><key>x</dict>".utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try ATSConfiguration(contentsOfFile: path)
            Issue.record("read a broken plist")
        } catch {
            #expect(error.code == .notAPropertyList)
            #expect(error.description.hasPrefix(path + ": "))
        }
    }

    @Test("A top level that is no dictionary, and an NSAppTransportSecurity that is none, are errors naming the key")
    func notDictionaries() throws {
        let array = Data(#"<?xml version="1.0"?><plist version="1.0"><array/></plist>"#.utf8)
        #expect(throws: ATSError(.notADictionary, problem: "the top level is an array, not a dictionary")) {
            try ATSConfiguration(propertyList: array)
        }
        do {
            _ = try ATSConfiguration(propertyList: plist("<key>NSAppTransportSecurity</key><string>on</string>"))
            Issue.record("read a string ATS dictionary")
        } catch {
            #expect(error.code == .notADictionary && error.key == "NSAppTransportSecurity")
        }
    }

    @Test("A missing file is unreadable, naming it")
    func missingFile() {
        do {
            _ = try ATSConfiguration(contentsOfFile: "/nonexistent/Info.plist")
            Issue.record("read a missing file")
        } catch {
            #expect(error.code == .unreadable && error.path == "/nonexistent/Info.plist")
        }
    }

    @Test("Entries Apple skips are noted: a non-dictionary exception, a non-dictionary NSExceptionDomains")
    func skippedEntries() throws {
        let ats = try configuration("<key>NSExceptionDomains</key><dict><key>example.com</key><string>YES</string></dict>")
        #expect(ats.exceptionDomains.isEmpty)
        #expect(ats.notes.contains { $0.contains(#"NSExceptionDomains["example.com"] is a string"#) })
        let top = try configuration("<key>NSExceptionDomains</key><array/>")
        #expect(top.notes.contains { $0.contains("NSExceptionDomains is an array") })
    }
}
