import Foundation
import SecTrustCompat
import Testing

@Suite("SecTrust exceptions")
struct SecTrustExceptionsTests {
    func decode(_ data: Data) throws -> [[String: Any]] {
        let plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        return try #require(plist as? [[String: Any]])
    }

    @Test("The cookie: a binary plist array; the leaf's failed checks → false plus its SHA1Digest")
    func cookieFormat() throws {
        let data = try #require(SecTrustCopyExceptions(Fixtures.serverTrust(host: "x.test")))
        #expect(data.starts(with: Array("bplist00".utf8)))
        let elements = try decode(data)
        #expect(elements.count == 1)  // trailing empty CA dictionaries are dropped
        #expect(elements[0]["SHA1Digest"] as? Data == Hash.sha1(Fixtures.data("leaf.cer")))
        #expect(elements[0]["SSLHostname"] as? Bool == false)
        #expect(elements[0].count == 2)
    }

    @Test("Failures on a CA are recorded at its index, with empty dictionaries in between")
    func caEntries() throws {
        let trust = Fixtures.trust([Fixtures.leaf, Fixtures.intermediate, Fixtures.root],
                                   policies: [SecPolicyCreateSSL(true, Fixtures.leafHost as CFString)], anchors: [])
        let elements = try decode(try #require(SecTrustCopyExceptions(trust)))
        #expect(elements.count == 3)
        #expect(elements[0].count == 1 && elements[0]["SHA1Digest"] != nil)
        #expect(elements[1].isEmpty)
        #expect(elements[2]["AnchorTrusted"] as? Bool == false)
        #expect(elements[2]["SHA1Digest"] as? Data == Hash.sha1(Fixtures.data("root.cer")))

        #expect(SecTrustSetExceptions(trust, SecTrustCopyExceptions(trust)))
        let evaluation = Evaluation(trust)
        #expect(evaluation.trusted)
        #expect(evaluation.result == .proceed)
    }

    @Test("Setting the cookie overrides the recoverable failure: true, Proceed, no error")
    func exceptionsOverride() throws {
        let trust = Fixtures.serverTrust(host: "x.test")
        #expect(!Evaluation(trust).trusted)
        let cookie = SecTrustCopyExceptions(trust)
        #expect(SecTrustSetExceptions(trust, cookie))
        let evaluation = Evaluation(trust)
        #expect(evaluation.trusted)
        #expect(evaluation.error == nil)
        #expect(evaluation.result == .proceed)
        let details = try #require(SecTrustCopyResult(trust)?[kSecTrustResultDetails] as? [[String: Any]])
        #expect(details.allSatisfy { $0.isEmpty })
    }

    @Test("A passing chain with exceptions set is Proceed")
    func passingChainProceeds() throws {
        let trust = Fixtures.serverTrust()
        let cookie = try #require(SecTrustCopyExceptions(trust))
        let elements = try decode(cookie)
        #expect(elements.count == 1 && elements[0].count == 1)  // only SHA1Digest
        #expect(Evaluation(trust).result == .unspecified)
        #expect(SecTrustSetExceptions(trust, cookie))
        #expect(Evaluation(trust).result == .proceed)
    }

    @Test("New failures not in the cookie still fail")
    func newFailuresStillFail() {
        let trust = Fixtures.serverTrust(host: "x.test")
        #expect(SecTrustSetExceptions(trust, SecTrustCopyExceptions(trust)))
        SecTrustSetVerifyDate(trust, Fixtures.afterLeavesExpire as CFDate)
        let evaluation = Evaluation(trust)
        #expect(!evaluation.trusted)
        #expect(evaluation.result == .recoverableTrustFailure)
        #expect(evaluation.code == -67818)  // the excepted hostname failure no longer shows
        #expect(evaluation.detailedMessage
            == "Certificate 0 \u{201C}www.trustcheck.test\u{201D} has errors: Certificate is not temporally valid;")
    }

    @Test("SecTrustCopyExceptions ignores the exceptions currently set")
    func copyIgnoresCurrentExceptions() throws {
        let trust = Fixtures.serverTrust(host: "x.test")
        #expect(SecTrustSetExceptions(trust, SecTrustCopyExceptions(trust)))
        #expect(Evaluation(trust).result == .proceed)
        let again = try decode(try #require(SecTrustCopyExceptions(trust)))
        #expect(again[0]["SSLHostname"] as? Bool == false)
        #expect(Evaluation(trust).result == .proceed)
    }

    @Test("A cookie for another leaf is refused and clears the exceptions")
    func otherLeafRefused() {
        let trust = Fixtures.serverTrust(host: "x.test")
        #expect(SecTrustSetExceptions(trust, SecTrustCopyExceptions(trust)))
        let other = Fixtures.trust([Fixtures.expired, Fixtures.intermediate], anchors: [Fixtures.root])
        #expect(!SecTrustSetExceptions(trust, SecTrustCopyExceptions(other)))
        #expect(Evaluation(trust).code == -67602)
    }

    @Test("nil with no exceptions set is true; nil clears exceptions and is false; garbage is false")
    func nilAndGarbage() {
        let trust = Fixtures.serverTrust(host: "x.test")
        #expect(SecTrustSetExceptions(trust, nil))
        #expect(SecTrustSetExceptions(trust, SecTrustCopyExceptions(trust)))
        #expect(Evaluation(trust).trusted)
        #expect(!SecTrustSetExceptions(trust, nil))
        #expect(!Evaluation(trust).trusted)
        #expect(!SecTrustSetExceptions(trust, Data("garbage".utf8) as CFData))
        let notAnArray = try? PropertyListSerialization.data(fromPropertyList: ["SHA1Digest": Data()], format: .binary, options: 0)
        #expect(!SecTrustSetExceptions(trust, notAnArray))
    }

    @Test("A cookie survives a round trip through storage (e.g. UserDefaults data)")
    func roundTrip() throws {
        let cookie = try #require(SecTrustCopyExceptions(Fixtures.serverTrust(host: "x.test")))
        let stored = Data(cookie.base64EncodedString().utf8)
        let restored = try #require(Data(base64Encoded: String(decoding: stored, as: UTF8.self)))
        let freshTrust = Fixtures.serverTrust(host: "x.test")
        #expect(SecTrustSetExceptions(freshTrust, restored as CFData))
        #expect(Evaluation(freshTrust).result == .proceed)
    }
}
