import Foundation
import SecTrustCompat
import Testing

@Suite("SecTrust evaluation, results and errors")
struct SecTrustEvaluationTests {
    @Test("A trusted chain: true, no error, Unspecified")
    func trusted() {
        let evaluation = Evaluation(Fixtures.serverTrust())
        #expect(evaluation.trusted)
        #expect(evaluation.error == nil)
        #expect(evaluation.result == .unspecified)
    }

    @Test("SecTrustEvaluateWithError sets a previous error back to nil when trusted")
    func errorClearedWhenTrusted() {
        var error: CFError? = NSError(domain: "stale", code: 1)
        #expect(SecTrustEvaluateWithError(Fixtures.serverTrust(), &error))
        #expect(error == nil)
        #expect(SecTrustEvaluateWithError(Fixtures.serverTrust(), nil))
    }

    @Test("Hostname mismatch: the CFError of §2.4")
    func hostnameMismatchError() throws {
        let evaluation = Evaluation(Fixtures.serverTrust(host: "api.example.com"))
        #expect(!evaluation.trusted)
        #expect(evaluation.result == .recoverableTrustFailure)
        let error = try #require(evaluation.error)
        #expect(error.domain == "NSOSStatusErrorDomain")
        #expect(error.code == Int(errSecHostNameMismatch))
        #expect(error.userInfo[NSLocalizedDescriptionKey] as? String
            == "\u{201C}www.trustcheck.test\u{201D} certificate name does not match input")
        let underlying = try #require(error.userInfo[NSUnderlyingErrorKey] as? NSError)
        #expect(underlying.domain == "NSOSStatusErrorDomain")
        #expect(underlying.code == -67602)
        #expect(underlying.localizedDescription
            == "Certificate 0 \u{201C}www.trustcheck.test\u{201D} has errors: SSL hostname does not match name(s) in certificate;")
    }

    @Test("Expired leaf: -67818")
    func expired() {
        let trust = Fixtures.trust([Fixtures.expired, Fixtures.intermediate],
                                   policies: [SecPolicyCreateSSL(true, "expired.trustcheck.test" as CFString)],
                                   anchors: [Fixtures.root])
        let evaluation = Evaluation(trust)
        #expect(evaluation.code == -67818)
        #expect(evaluation.message == "\u{201C}expired.trustcheck.test\u{201D} certificate is expired")
        #expect(evaluation.detailedMessage
            == "Certificate 0 \u{201C}expired.trustcheck.test\u{201D} has errors: Certificate is not temporally valid;")
    }

    @Test("Not yet valid is reported as expired too (-67818), on the lowest index")
    func notYetValid() {
        let evaluation = Evaluation(Fixtures.serverTrust(at: Fixtures.beforeEverything))
        #expect(evaluation.code == -67818)
        #expect(evaluation.message == "\u{201C}www.trustcheck.test\u{201D} certificate is expired")
    }

    @Test("Expired and hostname mismatch: the name wins (-67602)")
    func nameBeatsExpired() {
        let evaluation = Evaluation(Fixtures.serverTrust(host: "api.example.com", at: Fixtures.afterLeavesExpire))
        #expect(evaluation.code == -67602)
        #expect(evaluation.detailedMessage?.hasPrefix("Certificate 0 \u{201C}www.trustcheck.test\u{201D} has errors: ") == true)
        #expect(evaluation.detailedMessage?.contains("SSL hostname does not match name(s) in certificate") == true)
        #expect(evaluation.detailedMessage?.contains("Certificate is not temporally valid") == true)
    }

    @Test("Untrusted, expired and hostname mismatch: trust wins (-67843)")
    func trustBeatsName() {
        let trust = Fixtures.trust([Fixtures.leaf, Fixtures.intermediate, Fixtures.root],
                                   policies: [SecPolicyCreateSSL(true, "api.example.com" as CFString)],
                                   anchors: [], at: Fixtures.afterLeavesExpire)
        let evaluation = Evaluation(trust)
        #expect(evaluation.code == -67843)
        #expect(evaluation.message == "\u{201C}TrustCheck Test Root CA\u{201D} certificate is not trusted")
    }

    @Test("SecTrustEvaluate returns errSecSuccess and the verdict in the result", arguments: [
        ("www.trustcheck.test", SecTrustResultType.unspecified), ("wrong.test", .recoverableTrustFailure),
    ])
    func secTrustEvaluate(host: String, expected: SecTrustResultType) {
        var result = SecTrustResultType.invalid
        #expect(legacy.SecTrustEvaluate(Fixtures.serverTrust(host: host), &result) == errSecSuccess)
        #expect(result == expected)
    }

    @Test("SecTrustGetTrustResult evaluates when needed")
    func getTrustResultEvaluates() {
        var result = SecTrustResultType.invalid
        #expect(SecTrustGetTrustResult(Fixtures.serverTrust(), &result) == errSecSuccess)
        #expect(result == .unspecified)
    }

    @Test("Every setter invalidates the cached result")
    func settersInvalidate() {
        let trust = Fixtures.serverTrust()
        #expect(Evaluation(trust).result == .unspecified)
        SecTrustSetVerifyDate(trust, Fixtures.afterLeavesExpire as CFDate)
        #expect(Evaluation(trust).code == -67818)
        SecTrustSetVerifyDate(trust, Fixtures.verifyDate as CFDate)
        #expect(Evaluation(trust).result == .unspecified)
        SecTrustSetAnchorCertificates(trust, [Fixtures.systemRoot] as CFArray)
        #expect(Evaluation(trust).code == -25318)
        SecTrustSetAnchorCertificates(trust, [Fixtures.root] as CFArray)
        #expect(Evaluation(trust).result == .unspecified)
        SecTrustSetPolicies(trust, SecPolicyCreateSSL(true, "x.test" as CFString))
        #expect(Evaluation(trust).code == -67602)
        SecTrustSetPolicies(trust, SecPolicyCreateBasicX509())
        SecTrustSetAnchorCertificatesOnly(trust, false)
        #expect(Evaluation(trust).result == .unspecified)
    }

    @Test("SecTrustCopyResult: TrustResultValue, TrustResultDetails, TrustEvaluationDate")
    func copyResult() throws {
        let trusted = try #require(SecTrustCopyResult(Fixtures.serverTrust()))
        #expect(trusted[kSecTrustResultValue] as? Int == 4)
        #expect(trusted[kSecTrustResultValue] as? UInt32 == SecTrustResultType.unspecified.rawValue)
        #expect(trusted[kSecTrustEvaluationDate] as? Date == Fixtures.verifyDate)
        let trustedDetails = try #require(trusted[kSecTrustResultDetails] as? [[String: Any]])
        #expect(trustedDetails.count == 3)
        #expect(trustedDetails.allSatisfy { $0.isEmpty })

        let failing = try #require(SecTrustCopyResult(Fixtures.serverTrust(host: "x.test", at: Fixtures.afterLeavesExpire)))
        #expect(failing["TrustResultValue"] as? Int == 5)
        let details = try #require(failing["TrustResultDetails"] as? [[String: Any]])
        #expect(details.count == 3)
        #expect(details[0]["SSLHostname"] as? Bool == false)
        #expect(details[0]["TemporalValidity"] as? Bool == false)
        #expect(details[0].count == 2)
        #expect(details[1].isEmpty && details[2].isEmpty)
    }

    @Test("SecTrustCopyProperties: Apple's failure sentences; nil when trusted")
    func copyProperties() throws {
        #expect(legacy.SecTrustCopyProperties(Fixtures.serverTrust()) == nil)
        let properties = try #require(legacy.SecTrustCopyProperties(Fixtures.serverTrust(host: "x.test")) as? [[String: Any]])
        #expect(properties.count == 1)
        #expect(properties[0]["type"] as? String == "error")
        #expect(properties[0]["value"] as? String == "Hostname mismatch.")
    }

    @Test("The chain: count, index access, copy; the caller's certificate objects come back")
    func chainAccess() throws {
        let leaf = Fixtures.leaf
        let intermediate = Fixtures.intermediate
        let root = Fixtures.root
        let trust = Fixtures.trust([leaf, intermediate], policies: [SecPolicyCreateSSL(true, Fixtures.leafHost as CFString)],
                                   anchors: [root])
        #expect(legacy.SecTrustGetCertificateAtIndex(trust, 0) === leaf)
        #expect(SecTrustGetCertificateCount(trust) == 3)
        #expect(legacy.SecTrustGetCertificateAtIndex(trust, 1) === intermediate)
        #expect(legacy.SecTrustGetCertificateAtIndex(trust, 2) === root)
        #expect(legacy.SecTrustGetCertificateAtIndex(trust, 3) == nil)
        #expect(legacy.SecTrustGetCertificateAtIndex(trust, -1) == nil)
        let chain = try #require(SecTrustCopyCertificateChain(trust) as? [SecCertificate])
        #expect(chain.count == 3)
        #expect(chain[0] === leaf && chain[1] === intermediate && chain[2] === root)
    }

    @Test("Extra, unrelated certificates in the input are only hints")
    func unorderedHints() throws {
        let trust = Fixtures.trust([Fixtures.leaf, Fixtures.selfSigned, Fixtures.systemRoot, Fixtures.intermediate],
                                   policies: [SecPolicyCreateSSL(true, Fixtures.leafHost as CFString)],
                                   anchors: [Fixtures.root])
        #expect(Evaluation(trust).result == .unspecified)
        let chain = try #require(SecTrustCopyCertificateChain(trust) as? [SecCertificate])
        #expect(chain == [Fixtures.leaf, Fixtures.intermediate, Fixtures.root])
    }

    @Test("A failing trust still reports its best chain")
    func failingChain() throws {
        let trust = Fixtures.serverTrust(host: "x.test")
        _ = Evaluation(trust)
        let chain = try #require(SecTrustCopyCertificateChain(trust) as? [SecCertificate])
        #expect(chain == [Fixtures.leaf, Fixtures.intermediate, Fixtures.root])
    }

    @Test("A self-signed SSL certificate without serverAuth, issued after mid-2019, is not permitted for this usage")
    func serverAuthEKURequired() {
        let multiCN = Fixtures.certificate("multi-cn")
        let trust = Fixtures.trust([multiCN], policies: [SecPolicyCreateSSL(true, nil)], anchors: [multiCN])
        let evaluation = Evaluation(trust)
        #expect(evaluation.result == .recoverableTrustFailure)
        #expect(evaluation.code == -67609)
        #expect(evaluation.message == "\u{201C}Second Name, First Name\u{201D} certificate is not permitted for this usage")
        // BasicX509 has no usage rules.
        SecTrustSetPolicies(trust, SecPolicyCreateBasicX509())
        #expect(Evaluation(trust).result == .unspecified)
    }

    @Test("A 25-year self-signed certificate under SSL: “not standards compliant” (-67901) beats usage and trust")
    func validityPeriodBeatsTrust() {
        for anchors in [[Fixtures.root], []] {
            let trust = Fixtures.trust([Fixtures.root], policies: [SecPolicyCreateSSL(true, nil)], anchors: anchors)
            let evaluation = Evaluation(trust)
            #expect(evaluation.result == .recoverableTrustFailure)
            #expect(evaluation.code == -67901)
            #expect(evaluation.message == "\u{201C}TrustCheck Test Root CA\u{201D} certificate is not standards compliant")
        }
    }
}
