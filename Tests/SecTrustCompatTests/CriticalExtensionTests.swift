import Foundation
import SecTrustCompat
import Testing
import TrustEvaluation

/// Which critical extensions make a certificate unusable (CriticalExtensions, -67603): under Apple's rules
/// those Apple's certificate parser does not know; under webpki and rfc5280 those TrustCheck does not enforce.
/// Fixtures: generate-critical-extensions.py.
@Suite("Critical extensions Apple knows")
struct CriticalExtensionTests {
    static func trust(_ leaf: String, profile: TrustProfile = .apple) -> SecTrust {
        let host = "\(leaf).trustcheck.test"
        let policy = profile == .apple
            ? SecPolicyCreateSSL(true, host as CFString)
            : SecPolicy(policy: .ssl(hostname: host, profile: profile))
        return Fixtures.trust([Fixtures.certificate("critical-\(leaf)")], policies: [policy],
                              anchors: [Fixtures.certificate("critical-root")])
    }

    /// The failed check names of the leaf (TrustResultDetails element 0).
    static func leafFailures(_ trust: SecTrust) throws -> Set<String> {
        let result = try #require(SecTrustCopyResult(trust))
        let details = try #require(result[kSecTrustResultDetails] as? [[String: Any]])
        return Set(try #require(details.first).keys)
    }

    @Test("A critical id-pkix-ocsp-nocheck is known to Apple: the leaf is trusted")
    func ocspNoCheckIsKnown() throws {
        let evaluation = Evaluation(Self.trust("ocsp-nocheck"))
        #expect(evaluation.trusted)
        #expect(evaluation.error == nil)
        #expect(evaluation.result == .unspecified)
    }

    @Test("A critical extension under Apple's 1.2.840.113635.100.6 arc is known to Apple")
    func appleArcIsKnown() {
        let evaluation = Evaluation(Self.trust("apple-arc"))
        #expect(evaluation.trusted)
        #expect(evaluation.result == .unspecified)
    }

    @Test("A critical extension nobody knows is still -67603")
    func unknownExtensionFails() throws {
        let trust = Self.trust("unknown")
        let evaluation = Evaluation(trust)
        #expect(!evaluation.trusted)
        #expect(evaluation.result == .recoverableTrustFailure)
        #expect(evaluation.code == Int(errSecUnknownCriticalExtensionFlag))
        #expect(evaluation.message == "\u{201C}unknown.trustcheck.test\u{201D} certificate is not standards compliant")
        #expect(try Self.leafFailures(trust) == ["CriticalExtensions"])
    }

    @Test("A critical inhibitAnyPolicy is known to Apple, which runs the policy tree (a leaf's has nothing to inhibit)")
    func policyTreeExtensionIsKnown() {
        let evaluation = Evaluation(Self.trust("inhibit-any-policy"))
        #expect(evaluation.trusted)
        #expect(evaluation.error == nil)
    }

    @Test("webpki runs no policy tree: a critical inhibitAnyPolicy is unknown there; rfc5280 knows it")
    func policyTreeExtensionUnderOtherProfiles() throws {
        let webpki = Self.trust("inhibit-any-policy", profile: .webpki)
        #expect(Evaluation(webpki).code == Int(errSecUnknownCriticalExtensionFlag))
        #expect(try Self.leafFailures(webpki).contains("CriticalExtensions"))
        #expect(try !Self.leafFailures(Self.trust("inhibit-any-policy", profile: .rfc5280)).contains("CriticalExtensions"))
    }

    @Test("webpki and rfc5280 keep their own set: id-pkix-ocsp-nocheck is unknown there",
          arguments: [TrustProfile.webpki, .rfc5280])
    func otherProfilesDoNotKnowOCSPNoCheck(_ profile: TrustProfile) throws {
        let trust = Self.trust("ocsp-nocheck", profile: profile)
        #expect(!Evaluation(trust).trusted)
        #expect(try Self.leafFailures(trust).contains("CriticalExtensions"))
    }
}
