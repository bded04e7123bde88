import Foundation
import Testing
import TestSupport
@testable import TrustKitCompat

/// `evaluateTrust(_:forHostname:)` with SecTrust objects, for names under a public suffix and the system
/// registry (TrustKit's own rules), as TrustKit's tests call it.
@Suite("TSKPinningValidator.evaluateTrust")
struct EvaluateTrustTests {
    let sitePin = Fixtures.pin(Fixtures.site.certificate)
    let rotatedPin = Fixtures.pin(Fixtures.siteRotated.certificate)

    func trustKit(_ domains: [String: Any]) -> TrustKit { makeTrustKit([kTSKPinnedDomains: domains]) }

    @Test("an exact entry: pinned key allowed, backup pin allowed after a rotation, foreign pins blocked")
    func exactEntry() {
        let pinned = trustKit(["www.trustkit-compat.com": [kTSKPublicKeyHashes: [sitePin, rotatedPin], kTSKDisableDefaultReportUri: true]])
        let validator = pinned.pinningValidator
        #expect(validator.evaluateTrust(Fixtures.trust(Fixtures.site.certificate), forHostname: "www.trustkit-compat.com")
            == .shouldAllowConnection)
        #expect(validator.evaluateTrust(Fixtures.trust(Fixtures.siteRotated.certificate), forHostname: "www.trustkit-compat.com")
            == .shouldAllowConnection)
        let foreign = trustKit(["www.trustkit-compat.com": [kTSKPublicKeyHashes: Fixtures.foreignPins, kTSKDisableDefaultReportUri: true]])
        #expect(foreign.pinningValidator.evaluateTrust(Fixtures.trust(Fixtures.site.certificate), forHostname: "www.trustkit-compat.com")
            == .shouldBlockConnection)
        // Hosts are looked up exactly: the parent is not pinned without includeSubdomains.
        #expect(validator.evaluateTrust(Fixtures.trust(Fixtures.site.certificate), forHostname: "trustkit-compat.com") == .domainNotPinned)
    }

    @Test("includeSubdomains: a subdomain gets the parent's policy, noted under the parent")
    func includeSubdomains() throws {
        let including = trustKit(["trustkit-compat.com": [kTSKPublicKeyHashes: Fixtures.foreignPins, kTSKIncludeSubdomains: true,
                                                          kTSKDisableDefaultReportUri: true]])
        let recorder = CallbackRecorder()
        recorder.install(on: including)
        #expect(including.pinningValidator.evaluateTrust(Fixtures.trust(Fixtures.site.certificate), forHostname: "www.trustkit-compat.com")
            == .shouldBlockConnection)
        // A name that merely ends with the domain is not a subdomain.
        #expect(including.pinningValidator.evaluateTrust(Fixtures.trust(Fixtures.site.certificate),
                                                         forHostname: "other-trustkit-compat.com") == .domainNotPinned)
        let calls = recorder.calls(after: including)
        try #require(calls.count == 1)
        #expect(calls[0].notedHostname == "trustkit-compat.com")
        #expect(calls[0].result.serverHostname == "www.trustkit-compat.com")
        #expect(calls[0].policy[kTSKIncludeSubdomains] as? Bool == true)

        let exact = trustKit(["trustkit-compat.com": [kTSKPublicKeyHashes: Fixtures.foreignPins, kTSKDisableDefaultReportUri: true]])
        #expect(exact.pinningValidator.evaluateTrust(Fixtures.trust(Fixtures.site.certificate), forHostname: "www.trustkit-compat.com")
            == .domainNotPinned)
    }

    @Test("kTSKExcludeSubdomainFromParentPolicy: that subdomain is not pinned")
    func excludedSubdomain() {
        let configured = trustKit([
            "trustkit-compat.com": [kTSKPublicKeyHashes: Fixtures.foreignPins, kTSKIncludeSubdomains: true, kTSKDisableDefaultReportUri: true],
            "unpinned.trustkit-compat.com": [kTSKExcludeSubdomainFromParentPolicy: true],
        ])
        let trust = Fixtures.trust(Fixtures.site.certificate)
        #expect(configured.pinningValidator.evaluateTrust(trust, forHostname: "unpinned.trustkit-compat.com") == .domainNotPinned)
        #expect(configured.pinningValidator.evaluateTrust(trust, forHostname: "www.trustkit-compat.com") == .shouldBlockConnection)
    }

    @Test("TrustKit replaces the trust's policy with SSL for the hostname: a name the leaf lacks is an invalid chain, blocked even unenforced")
    func hostnameIsAlwaysChecked() throws {
        let configured = trustKit(["wrong-name.com": [kTSKPublicKeyHashes: [sitePin], kTSKEnforcePinning: false, kTSKDisableDefaultReportUri: true]])
        let recorder = CallbackRecorder()
        recorder.install(on: configured)
        let trust = Fixtures.trust(Fixtures.site.certificate)
        #expect(configured.pinningValidator.evaluateTrust(trust, forHostname: "wrong-name.com") == .shouldBlockConnection)
        #expect(recorder.calls(after: configured).map(\.result.evaluationResult) == [.failedInvalidCertificateChain])
        // The caller's trust now carries the SSL policy for that name, as TrustKit leaves it.
        var policies: CFArray?
        #expect(SecTrustCopyPolicies(trust, &policies) == errSecSuccess)
        #expect(SecTrustEvaluateWithError(trust, nil) == false)
    }

    @Test("the trust's verify date is kept: a leaf evaluated before its validity is an invalid chain")
    func verifyDateIsKept() {
        let configured = trustKit(["www.trustkit-compat.com": [kTSKPublicKeyHashes: [sitePin, rotatedPin], kTSKDisableDefaultReportUri: true]])
        let trust = Fixtures.trust(Fixtures.site.certificate)
        #expect(SecTrustSetVerifyDate(trust, Date(timeIntervalSinceNow: -400 * 86_400) as CFDate) == errSecSuccess)
        #expect(configured.pinningValidator.evaluateTrust(trust, forHostname: "www.trustkit-compat.com") == .shouldBlockConnection)
    }

    @Test("an empty configuration pins nothing; not-pinned results make no callback")
    func emptyConfiguration() {
        let empty = makeTrustKit([:])
        let recorder = CallbackRecorder()
        recorder.install(on: empty)
        #expect(empty.pinningValidator.evaluateTrust(Fixtures.trust(Fixtures.site.certificate), forHostname: "www.trustkit-compat.com")
            == .domainNotPinned)
        #expect(recorder.calls(after: empty).isEmpty)
    }

    @Test("handle returns false for a challenge that is not server trust, without calling the handler")
    func otherChallengesAreNotHandled() {
        let configured = trustKit(["www.trustkit-compat.com": [kTSKPublicKeyHashes: [sitePin, rotatedPin]]])
        let space = URLProtectionSpace(host: "www.trustkit-compat.com", port: 443, protocol: NSURLProtectionSpaceHTTPS,
                                       realm: "realm", authenticationMethod: NSURLAuthenticationMethodHTTPBasic)
        let challenge = URLAuthenticationChallenge(protectionSpace: space, proposedCredential: nil, previousFailureCount: 0,
                                                   failureResponse: nil, error: nil, sender: NoSender())
        let called = LockedCounter()
        let handled = configured.pinningValidator.handle(challenge) { _, _ in called.increment() }
        #expect(handled == false)
        #expect(called.value == 0)
    }

    @Test("the enums have TrustKit's integer values")
    func enumValues() {
        #expect(TSKTrustDecision.shouldAllowConnection.rawValue == 0)
        #expect(TSKTrustDecision.shouldBlockConnection.rawValue == 1)
        #expect(TSKTrustDecision.domainNotPinned.rawValue == 2)
        #expect([TSKTrustEvaluationResult.success, .failedNoMatchingPin, .failedInvalidCertificateChain, .errorInvalidParameters,
                 .failedUserDefinedTrustAnchor, .errorCouldNotGenerateSpkiHash].map(\.rawValue) == [0, 1, 2, 3, 4, 5])
    }

    @Test("configurations TrustKit refuses are refused with TrustKit's reason")
    func refusals() {
        func reason(_ configuration: [String: Any], singleton: Bool = false) -> String? {
            do {
                _ = try TrustKit.validate(configuration, environment: TrustKitCompatEnvironment(), isSingleton: singleton)
                return nil
            } catch {
                return error.trustKitReason
            }
        }
        #expect(reason([kTSKPinnedDomains: ["localhost": [kTSKPublicKeyHashes: Fixtures.foreignPins]]])
            == "TrustKit was initialized with an invalid domain localhost")
        #expect(reason([kTSKPinnedDomains: ["www.trustkit-compat.com": [kTSKPublicKeyHashes: [sitePin]]]])?
            .hasPrefix("TrustKit was initialized with less than 2 pins (ie. no backup pins) for domain www.trustkit-compat.com") == true)
        #expect(reason([kTSKPinnedDomains: [String: Any]()])?.hasPrefix("TrustKit was initialized with no pinned domains.") == true)
        let swizzling: [String: Any] = [kTSKSwizzleNetworkDelegates: true,
                                        kTSKPinnedDomains: ["www.trustkit-compat.com": [kTSKPublicKeyHashes: Fixtures.foreignPins]]]
        #expect(reason(swizzling) == "Cannot use TSKSwizzleNetworkDelegates outside the TrustKit sharedInstance")
        #expect(reason(swizzling, singleton: true) == nil)
        // The deprecated algorithms key is accepted and ignored.
        #expect(reason([kTSKPinnedDomains: ["www.trustkit-compat.com": [kTSKPublicKeyHashes: Fixtures.foreignPins,
                                                                       "TSKPublicKeyAlgorithms": ["TSKAlgorithmRsa2048"]]]]) == nil)
    }

    @Test("the configuration keys have TrustKit's string values")
    func keyValues() {
        #expect(kTSKSwizzleNetworkDelegates == "TSKSwizzleNetworkDelegates")
        #expect(kTSKPinnedDomains == "TSKPinnedDomains")
        #expect(kTSKIgnorePinningForUserDefinedTrustAnchors == "TSKIgnorePinningForUserDefinedTrustAnchors")
        #expect(kTSKPublicKeyHashes == "TSKPublicKeyHashes")
        #expect(kTSKEnforcePinning == "TSKEnforcePinning")
        #expect(kTSKIncludeSubdomains == "TSKIncludeSubdomains")
        #expect(kTSKExcludeSubdomainFromParentPolicy == "kSKExcludeSubdomainFromParentPolicy")
        #expect(kTSKReportUris == "TSKReportUris")
        #expect(kTSKDisableDefaultReportUri == "TSKDisableDefaultReportUri")
        #expect(kTSKExpirationDate == "TSKExpirationDate")
        #expect(TrustKitVersion == "3.0.0")
    }
}

/// A challenge sender that is never used.
final class NoSender: NSObject, URLAuthenticationChallengeSender {
    func use(_ credential: URLCredential, for challenge: URLAuthenticationChallenge) {}
    func continueWithoutCredential(for challenge: URLAuthenticationChallenge) {}
    func cancel(_ challenge: URLAuthenticationChallenge) {}
}

final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
