import Foundation
import SecTrustCompat
import Testing

@Suite("SecPolicy")
struct SecPolicyTests {
    @Test("SecPolicyCopyProperties: OID, name, client flag")
    func properties() throws {
        let server = try #require(SecPolicyCopyProperties(SecPolicyCreateSSL(true, "www.trustcheck.test" as CFString)))
        #expect(server[kSecPolicyOid] as? String == "1.2.840.113635.100.1.3")
        #expect(server[kSecPolicyOid] as? String == kSecPolicyAppleSSL)
        #expect(server[kSecPolicyName] as? String == "www.trustcheck.test")
        #expect(server[kSecPolicyClient] == nil)

        let client = try #require(SecPolicyCopyProperties(SecPolicyCreateSSL(false, nil)))
        #expect(client[kSecPolicyOid] as? String == kSecPolicyAppleSSL)
        #expect(client[kSecPolicyName] == nil)
        #expect(client[kSecPolicyClient] as? Bool == true)

        let basic = try #require(SecPolicyCopyProperties(SecPolicyCreateBasicX509()))
        #expect(basic[kSecPolicyOid] as? String == "1.2.840.113635.100.1.2")
        #expect(basic.count == 1)
    }

    @Test("SSL with a NULL hostname checks no name")
    func nilHostnameChecksNoName() {
        let trust = Fixtures.trust([Fixtures.leaf, Fixtures.intermediate], policies: [SecPolicyCreateSSL(true, nil)],
                                   anchors: [Fixtures.root])
        #expect(Evaluation(trust).result == .unspecified)
    }

    @Test("BasicX509 checks no name and no usage")
    func basicX509() {
        let trust = Fixtures.trust([Fixtures.leaf, Fixtures.intermediate], anchors: [Fixtures.root])
        let evaluation = Evaluation(trust)
        #expect(evaluation.trusted)
        #expect(evaluation.result == .unspecified)
    }

    @Test("Multiple policies are ANDed")
    func policiesAreANDed() {
        let good = Fixtures.trust([Fixtures.leaf, Fixtures.intermediate],
                                  policies: [SecPolicyCreateBasicX509(), SecPolicyCreateSSL(true, "trustcheck.test" as CFString)],
                                  anchors: [Fixtures.root])
        #expect(Evaluation(good).result == .unspecified)

        let bad = Fixtures.trust([Fixtures.leaf, Fixtures.intermediate],
                                 policies: [SecPolicyCreateBasicX509(), SecPolicyCreateSSL(true, "other.test" as CFString)],
                                 anchors: [Fixtures.root])
        let evaluation = Evaluation(bad)
        #expect(evaluation.result == .recoverableTrustFailure)
        #expect(evaluation.code == -67602)
    }

    @Test("A client SSL policy wants clientAuth: a serverAuth-only leaf is not permitted for this usage")
    func clientPolicyNeedsClientAuth() {
        let trust = Fixtures.trust([Fixtures.leaf, Fixtures.intermediate], policies: [SecPolicyCreateSSL(false, nil)],
                                   anchors: [Fixtures.root])
        let evaluation = Evaluation(trust)
        #expect(evaluation.result == .recoverableTrustFailure)
        #expect(evaluation.code == -67609)
        #expect(evaluation.message == "\u{201C}www.trustcheck.test\u{201D} certificate is not permitted for this usage")
    }

    @Test("Hostnames compare case-insensitively")
    func hostnameCase() {
        let trust = Fixtures.serverTrust(host: "WWW.TrustCheck.TEST")
        #expect(Evaluation(trust).result == .unspecified)
    }

    @Test("A reference hostname with one trailing dot matches (Apple's Test19)")
    func hostnameTrailingDot() {
        let trust = Fixtures.serverTrust(host: "www.trustcheck.test.")
        #expect(Evaluation(trust).result == .unspecified)
    }
}
