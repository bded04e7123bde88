import Dispatch
import Foundation
import SecTrustCompat
import Testing

/// SecPolicyCreateRevocation and SecTrustSetOCSPResponse's argument types (RevocationRequirement: nothing is
/// fetched, so without stapled responses only RequirePositiveResponse changes a verdict; SecTrustOCSPTests has
/// the stapled responses themselves).
@Suite("Revocation policies and OCSP responses")
struct RevocationPolicyTests {
    static func trust(revocationFlags: CFOptionFlags) throws -> SecTrust {
        let revocation = try #require(SecPolicyCreateRevocation(revocationFlags))
        return Fixtures.trust([Fixtures.leaf, Fixtures.intermediate],
                              policies: [SecPolicyCreateSSL(true, Fixtures.leafHost as CFString), revocation],
                              anchors: [Fixtures.root])
    }

    @Test("Apple's flag values; 0 and bits above 6 are refused")
    func flags() throws {
        #expect([kSecRevocationOCSPMethod, kSecRevocationCRLMethod, kSecRevocationPreferCRL,
                 kSecRevocationRequirePositiveResponse, kSecRevocationNetworkAccessDisabled,
                 kSecRevocationUseAnyAvailableMethod] == [1, 2, 4, 8, 16, 3])
        #expect(SecPolicyCreateRevocation(0) == nil)
        #expect(SecPolicyCreateRevocation(1 << 7) == nil)
        #expect(SecPolicyCreateRevocation(kSecRevocationOCSPMethod | 1 << 6) != nil)
        let policy = try #require(SecPolicyCreateRevocation(kSecRevocationUseAnyAvailableMethod))
        let properties = try #require(SecPolicyCopyProperties(policy))
        #expect(properties[kSecPolicyOid] as? String == kSecPolicyAppleRevocation)
        #expect(properties.count == 1)
    }

    @Test("Best effort: without a required positive answer the verdict is the SSL policy's", arguments: [
        kSecRevocationOCSPMethod, kSecRevocationCRLMethod, kSecRevocationUseAnyAvailableMethod | kSecRevocationPreferCRL,
        kSecRevocationOCSPMethod | kSecRevocationNetworkAccessDisabled,
    ])
    func bestEffort(_ flags: CFOptionFlags) throws {
        let evaluation = Evaluation(try Self.trust(revocationFlags: flags))
        #expect(evaluation.trusted)
        #expect(evaluation.result == .unspecified)
    }

    @Test("RequirePositiveResponse: no answer for the leaf and the intermediate ⇒ -67635, recoverable")
    func positiveResponseRequired() throws {
        let trust = try Self.trust(revocationFlags: kSecRevocationOCSPMethod | kSecRevocationRequirePositiveResponse)
        let evaluation = Evaluation(trust)
        #expect(!evaluation.trusted)
        #expect(evaluation.result == .recoverableTrustFailure)
        #expect(evaluation.code == Int(errSecIncompleteCertRevocationCheck))
        let details = try #require(SecTrustCopyResult(trust)?[kSecTrustResultDetails] as? [[String: Any]])
        #expect(details.map { Set($0.keys) } == [["RevocationResponseRequired"], ["RevocationResponseRequired"], []])

        // Recoverable: the exceptions cookie overrides it, as on Apple.
        let exceptions = SecTrustCopyExceptions(trust)
        #expect(SecTrustSetExceptions(trust, exceptions))
        #expect(Evaluation(trust).result == .proceed)
    }

    @Test("A trust with only a revocation policy is evaluated under BasicX509's rules")
    func revocationPolicyAlone() throws {
        let revocation = try #require(SecPolicyCreateRevocation(kSecRevocationUseAnyAvailableMethod))
        let trust = Fixtures.trust([Fixtures.leaf, Fixtures.intermediate], policies: [revocation], anchors: [Fixtures.root])
        #expect(Evaluation(trust).trusted)
        let expired = Fixtures.trust([Fixtures.leaf, Fixtures.intermediate], policies: [revocation],
                                     anchors: [Fixtures.root], at: Fixtures.afterLeavesExpire)
        #expect(Evaluation(expired).code == Int(errSecCertificateExpired))
    }

    @Test("SecTrustSetOCSPResponse takes data, an array of data or nil; anything else is errSecParam")
    func ocspResponseTypes() {
        let trust = Fixtures.serverTrust()
        let response = Data([0x30, 0x03, 0x0A, 0x01, 0x00])
        #expect(SecTrustSetOCSPResponse(trust, response as CFData) == errSecSuccess)
        #expect(SecTrustSetOCSPResponse(trust, [response, response] as CFArray) == errSecSuccess)
        #expect(SecTrustSetOCSPResponse(trust, nil) == errSecSuccess)
        #expect(SecTrustSetOCSPResponse(trust, "not data" as CFString) == errSecParam)
        #expect(SecTrustSetOCSPResponse(trust, [response, "not data"] as CFArray) == errSecParam)
        #expect(Evaluation(trust).trusted)  // nil removed them; an unparseable one would be ignored anyway
    }

    @Test("SecTrustSetOCSPResponse invalidates the cached result, like the other setters")
    func ocspResponseInvalidates() async throws {
        let trust = Fixtures.serverTrust()
        #expect(Evaluation(trust).trusted)
        #expect(await Self.callsBackInline(trust))  // cached: the callback runs before the call returns
        SecTrustSetOCSPResponse(trust, Data([0x30, 0x00]) as CFData)
        #expect(await !Self.callsBackInline(trust))
    }

    /// Whether SecTrustEvaluateAsyncWithError called back synchronously (it does only with a cached result).
    static func callsBackInline(_ trust: SecTrust) async -> Bool {
        let queue = DispatchQueue(label: "ocsp-invalidation")
        return await withCheckedContinuation { continuation in
            queue.async {
                let state = InlineFlag()
                SecTrustEvaluateAsyncWithError(trust, queue) { _, _, _ in state.calledBack = true }
                let inline = state.calledBack
                // Let a deferred callback run on the queue before finishing.
                queue.async { continuation.resume(returning: inline) }
            }
        }
    }

    /// Written and read on one serial queue only.
    final class InlineFlag: @unchecked Sendable {
        var calledBack = false
    }
}
