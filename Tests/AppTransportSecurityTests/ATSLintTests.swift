import AppTransportSecurity
import Foundation
import Testing

@Suite("ATS lint: risky and useless settings, each with a stable code and the key")
struct ATSLintTests {
    private func codes(_ body: String) throws -> [String: ATSFinding] {
        Dictionary(try ATSLint.findings(configuration(body)).map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
    }

    @Test("A plist without risky settings has no finding")
    func clean() throws {
        #expect(try ATSLint.findings(configuration("")).isEmpty)
        #expect(try ATSLint.findings(configuration(exception("example.com", "<key>NSExceptionMinimumTLSVersion</key><string>TLSv1.2</string>"))).isEmpty)
    }

    @Test("NSAllowsArbitraryLoads in effect is a risk; ignored (InWebContent present) it is ineffective")
    func arbitraryLoads() throws {
        #expect(try codes("<key>NSAllowsArbitraryLoads</key><true/>")["arbitrary-loads"]?.severity == .risk)
        let ignored = try codes("<key>NSAllowsArbitraryLoads</key><true/><key>NSAllowsArbitraryLoadsInWebContent</key><false/>")
        #expect(ignored["arbitrary-loads-ignored"]?.message.contains("NSAllowsArbitraryLoadsInWebContent") == true)
        #expect(ignored["arbitrary-loads"] == nil)
    }

    @Test("Lowered TLS minimums, forward secrecy off and cleartext exceptions are risks")
    func loweredExceptions() throws {
        let found = try codes(exception("example.com", """
            <key>NSExceptionMinimumTLSVersion</key><string>TLSv1.0</string><key>NSExceptionRequiresForwardSecrecy</key><false/>
            <key>NSExceptionAllowsInsecureHTTPLoads</key><true/>
            """))
        #expect(found["lowered-tls-minimum"]?.key == #"NSExceptionDomains["example.com"].NSExceptionMinimumTLSVersion"#)
        #expect(found["forward-secrecy-off"]?.severity == .risk && found["insecure-http-loads"]?.severity == .risk)
    }

    @Test("Misspelt keys get the key meant, at either level")
    func misspelt() throws {
        let top = try codes("<key>NSAllowsArbitaryLoads</key><true/>")
        #expect(top["misspelt-key"]?.suggestion == "NSAllowsArbitraryLoads")
        let domain = try codes(exception("example.com", "<key>NSExceptionMinimumTLSVerison</key><string>TLSv1.1</string>"))
        #expect(domain["misspelt-key"]?.suggestion == "NSExceptionMinimumTLSVersion")
        #expect(domain["empty-exception"] != nil)
        let version = try codes(exception("example.com", "<key>NSExceptionMinimumTLSVersion</key><string>TLSV1.1</string>"))
        #expect(version["invalid-tls-version"]?.suggestion == "TLSv1.1")
    }

    @Test("Deprecated NSTemporary…/NSThirdParty… keys name the current key; misplaced and unknown keys are reported")
    func deprecatedAndMisplaced() throws {
        let deprecated = try codes(exception("example.com", "<key>NSTemporaryExceptionAllowsInsecureHTTPLoads</key><true/>"))
        #expect(deprecated["deprecated-key"]?.suggestion == "NSExceptionAllowsInsecureHTTPLoads")
        let misplaced = try codes("<key>NSIncludesSubdomains</key><true/>")
        #expect(misplaced["misplaced-key"] != nil)
        let unknown = try codes("<key>SomethingElseEntirely</key><true/>")
        #expect(unknown["unknown-key"] != nil)
        #expect(try codes("<key>NSRequiresCertificateTransparency</key><true/>")["obsolete-key"] != nil)
    }

    @Test("Uppercase domains never match; non-booleans are read as NO; skipped entries are reported")
    func ineffective() throws {
        let found = try codes(exception("Example.com", "<key>NSExceptionAllowsInsecureHTTPLoads</key><string>YES</string>"))
        #expect(found["uppercase-domain"]?.suggestion == "example.com")
        #expect(found["not-boolean"] != nil)
        #expect(try codes("<key>NSExceptionDomains</key><dict><key>a.com</key><true/></dict>")["skipped-entry"] != nil)
    }

    @Test("A misspelt key in an NSPinnedDomains entry gets the key meant")
    func pinnedDomainKeys() throws {
        let found = try codes("<key>NSPinnedDomains</key><dict><key>example.com</key><dict><key>NSPinnedLeafIdentity</key><array/></dict></dict>")
        #expect(found["misspelt-key"]?.suggestion == "NSPinnedLeafIdentities")
        #expect(found["misspelt-key"]?.key == #"NSPinnedDomains["example.com"].NSPinnedLeafIdentity"#)
    }
}
