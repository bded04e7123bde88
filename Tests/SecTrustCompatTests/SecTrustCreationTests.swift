import Foundation
import SecTrustCompat
import Testing

@Suite("SecTrust creation and settings")
struct SecTrustCreationTests {
    func create(_ certificates: CFTypeRef, _ policies: CFTypeRef?) -> (OSStatus, SecTrust?) {
        var trust: SecTrust?
        let status = SecTrustCreateWithCertificates(certificates, policies, &trust)
        return (status, trust)
    }

    @Test("One certificate or an array; policies nil, one or an array")
    func acceptedInputs() throws {
        let leaf = Fixtures.leaf
        let policy = SecPolicyCreateSSL(true, "www.trustcheck.test" as CFString)
        for (certificates, policies) in [
            (leaf as CFTypeRef, nil as CFTypeRef?), ([leaf] as CFArray, policy), ([leaf, Fixtures.intermediate] as CFArray,
            [policy, SecPolicyCreateBasicX509()] as CFArray),
        ] {
            let (status, trust) = create(certificates, policies)
            #expect(status == errSecSuccess)
            #expect(trust != nil)
        }
    }

    @Test("Bad inputs give errSecParam and leave the output alone")
    func rejectedInputs() {
        let leaf = Fixtures.leaf
        let policy = SecPolicyCreateBasicX509()
        let cases: [(CFTypeRef, CFTypeRef?)] = [
            ([] as CFArray, nil),  // no certificate
            ([leaf, "not a certificate"] as CFArray, nil),
            (Data() as CFData, nil),
            (policy, nil),
            (leaf, [] as CFArray),  // no policy
            (leaf, [policy, leaf] as CFArray),
            (leaf, leaf),
        ]
        for (certificates, policies) in cases {
            var trust: SecTrust?
            #expect(SecTrustCreateWithCertificates(certificates, policies, &trust) == errSecParam)
            #expect(trust == nil)
        }
    }

    @Test("No policies means SecPolicyCreateBasicX509")
    func defaultPolicy() throws {
        let (_, created) = create([Fixtures.leaf] as CFArray, nil)
        let trust = try #require(created)
        var policies: CFArray?
        #expect(SecTrustCopyPolicies(trust, &policies) == errSecSuccess)
        let list = try #require(policies as? [SecPolicy])
        #expect(list.count == 1)
        #expect(SecPolicyCopyProperties(list[0])?[kSecPolicyOid] as? String == kSecPolicyAppleX509Basic)
    }

    @Test("SecTrustCopyPolicies returns the same policy objects")
    func copyPoliciesKeepsObjects() throws {
        let policy = SecPolicyCreateSSL(true, "www.trustcheck.test" as CFString)
        let (_, created) = create(Fixtures.leaf, policy)
        var policies: CFArray?
        SecTrustCopyPolicies(try #require(created), &policies)
        #expect((policies?.first as? SecPolicy) === policy)
    }

    @Test("SecTrustSetPolicies replaces the policies and invalidates the result")
    func setPolicies() throws {
        let trust = Fixtures.serverTrust(host: "wrong.example")
        #expect(Evaluation(trust).code == -67602)

        #expect(SecTrustSetPolicies(trust, SecPolicyCreateSSL(true, "trustcheck.test" as CFString)) == errSecSuccess)
        #expect(Evaluation(trust).result == .unspecified)

        #expect(SecTrustSetPolicies(trust, [SecPolicyCreateSSL(true, "nope.test" as CFString)] as CFArray) == errSecSuccess)
        #expect(Evaluation(trust).code == -67602)

        #expect(SecTrustSetPolicies(trust, [] as CFArray) == errSecParam)
        #expect(SecTrustSetPolicies(trust, Fixtures.leaf) == errSecParam)
        var policies: CFArray?
        SecTrustCopyPolicies(trust, &policies)
        #expect(policies?.count == 1)
    }

    @Test("Verify date: SecTrustSetVerifyDate, and SecTrustGetVerifyTime pins now when none is set")
    func verifyTime() throws {
        let trust = Fixtures.serverTrust()
        #expect(SecTrustGetVerifyTime(trust) == Fixtures.verifyDate.timeIntervalSinceReferenceDate)

        let (_, created) = create(Fixtures.leaf, nil)
        let fresh = try #require(created)
        let before = CFAbsoluteTimeGetCurrent()
        let pinned = SecTrustGetVerifyTime(fresh)
        #expect(pinned >= before && pinned <= CFAbsoluteTimeGetCurrent())
        Thread.sleep(forTimeInterval: 0.01)
        #expect(SecTrustGetVerifyTime(fresh) == pinned)
    }

    @Test("Index 0 and the key come from the input leaf without evaluating; other indexes evaluate")
    func leafAccessDoesNotEvaluate() throws {
        // An evaluation would pin the verify date; a date pinned later than these calls proves none happened.
        let (_, created) = create([Fixtures.leaf, Fixtures.intermediate] as CFArray, nil)
        let trust = try #require(created)
        #expect(legacy.SecTrustGetCertificateAtIndex(trust, 0) == Fixtures.leaf)
        #expect(SecTrustCopyKey(trust) == SecCertificateCopyKey(Fixtures.leaf))
        Thread.sleep(forTimeInterval: 0.02)
        let afterCalls = CFAbsoluteTimeGetCurrent()
        #expect(SecTrustGetVerifyTime(trust) >= afterCalls)

        let (_, other) = create([Fixtures.leaf, Fixtures.intermediate] as CFArray, nil)
        let evaluated = try #require(other)
        #expect(legacy.SecTrustGetCertificateAtIndex(evaluated, 1) == Fixtures.intermediate)
        Thread.sleep(forTimeInterval: 0.02)
        #expect(SecTrustGetVerifyTime(evaluated) < CFAbsoluteTimeGetCurrent() - 0.01)
    }

    @Test("The first evaluation pins the verify date for later ones")
    func evaluationPinsDate() throws {
        let (_, created) = create([Fixtures.leaf, Fixtures.intermediate] as CFArray, nil)
        let trust = try #require(created)
        SecTrustSetAnchorCertificates(trust, [Fixtures.root] as CFArray)
        let before = CFAbsoluteTimeGetCurrent()
        _ = Evaluation(trust)
        let pinned = SecTrustGetVerifyTime(trust)
        #expect(pinned >= before)
        let result = try #require(SecTrustCopyResult(trust))
        #expect((result[kSecTrustEvaluationDate] as? Date)?.timeIntervalSinceReferenceDate == pinned)
    }

    @Test("Network fetch: BasicX509 disallows it by default, SSL allows it; the setting is kept")
    func networkFetch() {
        var allowed: DarwinBoolean = true
        let basic = Fixtures.trust([Fixtures.leaf])
        #expect(SecTrustGetNetworkFetchAllowed(basic, &allowed) == errSecSuccess)
        #expect(!allowed.boolValue)
        #expect(SecTrustSetNetworkFetchAllowed(basic, true) == errSecSuccess)
        SecTrustGetNetworkFetchAllowed(basic, &allowed)
        #expect(allowed.boolValue)

        let ssl = Fixtures.serverTrust()
        SecTrustGetNetworkFetchAllowed(ssl, &allowed)
        #expect(allowed.boolValue)
        SecTrustSetNetworkFetchAllowed(ssl, false)
        SecTrustGetNetworkFetchAllowed(ssl, &allowed)
        #expect(!allowed.boolValue)
        #expect(Evaluation(ssl).result == .unspecified)  // nothing here needs the network
    }

    @Test("Network fetch: the last policy with an opinion decides; a revocation policy re-enables fetching")
    func networkFetchWithRevocationPolicies() throws {
        func allowed(_ policies: [SecPolicy]) -> Bool {
            var allowed: DarwinBoolean = false
            SecTrustGetNetworkFetchAllowed(Fixtures.trust([Fixtures.leaf], policies: policies), &allowed)
            return allowed.boolValue
        }
        let revocation = try #require(SecPolicyCreateRevocation(kSecRevocationUseAnyAvailableMethod))
        let offline = try #require(SecPolicyCreateRevocation(kSecRevocationOCSPMethod | kSecRevocationNetworkAccessDisabled))
        #expect(allowed([SecPolicyCreateBasicX509(), revocation]))
        #expect(!allowed([revocation, SecPolicyCreateBasicX509()]))
        #expect(!allowed([SecPolicyCreateSSL(true, nil), offline]))
        #expect(allowed([SecPolicyCreateSSL(true, nil)]))
    }
}
