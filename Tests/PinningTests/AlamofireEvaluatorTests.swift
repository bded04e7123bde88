import Foundation
import Pinning
import Testing
import TrustCertificates
import TrustEvaluation

/// Alamofire's evaluators over the engine: the order of their checks and the failure reason each raises.
@Suite struct AlamofireEvaluatorTests {
    typealias F = EvaluatorFixtures

    @Test func defaultEvaluatorChecksTheChainAndTheHost() throws {
        #expect(F.run(DefaultTrustEvaluator(), try F.trust()) == nil)

        let wrongHost = F.run(DefaultTrustEvaluator(), try F.trust(), host: "other.example.org")
        #expect(F.evaluationStatus(wrongHost) == OSStatusCode.errSecHostNameMismatch)
        #expect(wrongHost?.code == "trustEvaluationFailed")
        #expect(wrongHost?.errorDescription
            == "SecTrust evaluation failed with error: \u{201C}api.example.com\u{201D} certificate name does not match input")

        // Without host validation only the chain counts.
        #expect(F.run(DefaultTrustEvaluator(validateHost: false), try F.trust(), host: "other.example.org") == nil)
        // Under another anchor the unsent root is missing: Apple's errSecCreateChainFailed.
        let untrusted = F.run(DefaultTrustEvaluator(validateHost: false), try F.trust(anchors: ["af-rogue.pem"]))
        #expect(F.evaluationStatus(untrusted) == OSStatusCode.errSecCreateChainFailed)
        #expect(untrusted?.status == OSStatusCode.errSecCreateChainFailed)
    }

    @Test func pinnedCertificatesNeedOneOnTheBuiltChain() throws {
        for pinned in ["af-leaf.pem", "af-intermediate.pem", "af-root.pem"] {
            // The root is an anchor the server never sent, and it still counts.
            #expect(F.run(PinnedCertificatesTrustEvaluator(certificates: [try F.certificate(pinned)]), try F.trust()) == nil, "\(pinned)")
        }
        let rogue = PinnedCertificatesTrustEvaluator(certificates: [try F.certificate("af-rogue.pem")])
        // Sent beside the chain, the pinned certificate is not on the built path.
        let error = F.run(rogue, try F.trust(intermediates: ["af-intermediate.pem", "af-rogue.pem"]))
        guard case .certificatePinningFailed(let host, let trust, let pinned, let server)? = error else {
            Issue.record("expected certificatePinningFailed, got \(String(describing: error))")
            return
        }
        #expect(host == "api.example.com")
        #expect(trust.isTrusted)
        #expect(pinned.map(\.subjectSummary) == ["Rogue Evaluator CA"])
        #expect(server.map(\.subjectSummary) == ["api.example.com", "Evaluator Test Intermediate", "Evaluator Test Root"])
        #expect(error?.errorDescription == "Certificate pinning failed for host api.example.com.")
        #expect(error?.status == nil)
    }

    @Test func pinnedCertificatesRefuseAnEmptyList() throws {
        let error = F.run(PinnedCertificatesTrustEvaluator(certificates: []), try F.trust())
        guard case .noCertificatesFound? = error else {
            Issue.record("expected noCertificatesFound, got \(String(describing: error))")
            return
        }
        #expect(error?.errorDescription == "No certificates were found or provided for evaluation.")
    }

    @Test func acceptSelfSignedCertificatesMakesThePinsTheOnlyAnchors() throws {
        let selfSigned = try F.trust(leaf: "af-self-signed.pem", intermediates: [])
        let own = [try F.certificate("af-self-signed.pem")]
        #expect(F.run(PinnedCertificatesTrustEvaluator(certificates: own, acceptSelfSignedCertificates: true), selfSigned,
                      host: "selfsigned.example.net") == nil)
        // Without it the self-signed certificate is not trusted.
        #expect(F.evaluationStatus(F.run(PinnedCertificatesTrustEvaluator(certificates: own), selfSigned,
                                         host: "selfsigned.example.net")) != nil)
        // The pinned certificates replace the trust's anchors: the chain to the root, valid otherwise, now fails.
        #expect(F.evaluationStatus(F.run(PinnedCertificatesTrustEvaluator(certificates: own, acceptSelfSignedCertificates: true),
                                         try F.trust())) == OSStatusCode.errSecCreateChainFailed)
        // A pinned intermediate is enough as an anchor, with no other anchor at all.
        let intermediate = PinnedCertificatesTrustEvaluator(certificates: [try F.certificate("af-intermediate.pem")],
                                                            acceptSelfSignedCertificates: true)
        #expect(F.run(intermediate, try F.trust(anchors: [])) == nil)
    }

    @Test func withoutValidationAnExpiredChainPassesButHostValidationStillChecksTheChain() throws {
        let expired = try F.trust(leaf: "af-expired-leaf.pem")
        let pinned = [try F.certificate("af-intermediate.pem")]
        #expect(F.run(PinnedCertificatesTrustEvaluator(certificates: pinned, performDefaultValidation: false, validateHost: false),
                      expired) == nil)
        // Host validation implies chain validation (Alamofire's pDV:false, vH:true still fails).
        #expect(F.evaluationStatus(F.run(PinnedCertificatesTrustEvaluator(certificates: pinned, performDefaultValidation: false),
                                         expired)) == OSStatusCode.errSecCertificateExpired)
        // And default validation alone catches it too.
        #expect(F.evaluationStatus(F.run(PinnedCertificatesTrustEvaluator(certificates: pinned, validateHost: false),
                                         expired)) == OSStatusCode.errSecCertificateExpired)
    }

    @Test func aRootPinFailsWhenTheIntermediateIsMissing() throws {
        // [leaf, root]: the root cannot be linked without the intermediate, so it is not on the built chain.
        let evaluator = PinnedCertificatesTrustEvaluator(certificates: [try F.certificate("af-root.pem")],
                                                         performDefaultValidation: false, validateHost: false)
        let error = F.run(evaluator, try F.trust(intermediates: ["af-root.pem"], anchors: []))
        guard case .certificatePinningFailed(_, _, _, let server)? = error else {
            Issue.record("expected certificatePinningFailed, got \(String(describing: error))")
            return
        }
        #expect(server.map(\.subjectSummary) == ["api.example.com"])
    }

    @Test func publicKeysCompareTheChainsKeys() throws {
        #expect(F.run(PublicKeysTrustEvaluator(certificates: [try F.certificate("af-intermediate.pem")]), try F.trust()) == nil)
        #expect(F.run(PublicKeysTrustEvaluator(keys: [try F.certificate("af-root.pem").publicKey]), try F.trust()) == nil)

        let error = F.run(PublicKeysTrustEvaluator(certificates: [try F.certificate("af-rogue.pem")]), try F.trust())
        guard case .publicKeyPinningFailed(let host, _, let pinnedKeys, let serverKeys)? = error else {
            Issue.record("expected publicKeyPinningFailed, got \(String(describing: error))")
            return
        }
        #expect(host == "api.example.com")
        #expect(pinnedKeys.count == 1 && serverKeys.count == 3)
        #expect(error?.errorDescription == "Public key pinning failed for host api.example.com.")

        // No anchor option: the self-signed server passes only with both validations off.
        let selfSigned = try F.trust(leaf: "af-self-signed.pem", intermediates: [])
        let own = [try F.certificate("af-self-signed.pem")]
        #expect(F.evaluationStatus(F.run(PublicKeysTrustEvaluator(certificates: own), selfSigned, host: "selfsigned.example.net")) != nil)
        #expect(F.run(PublicKeysTrustEvaluator(certificates: own, performDefaultValidation: false, validateHost: false), selfSigned,
                      host: "wrong.example.org") == nil)
    }

    @Test func publicKeysIgnoreKeysNoSecKeyHolds() throws {
        let error = F.run(PublicKeysTrustEvaluator(certificates: [try F.certificate("af-ed25519.pem")]), try F.trust())
        guard case .noPublicKeysFound? = error else {
            Issue.record("expected noPublicKeysFound, got \(String(describing: error))")
            return
        }
        #expect(error?.errorDescription == "No public keys were found or provided for evaluation.")
        #expect(F.run(PublicKeysTrustEvaluator(keys: []), try F.trust())?.code == "noPublicKeysFound")
    }

    struct Refusing: ServerTrustEvaluating {
        let marker: String
        func evaluate(_ trust: ServerTrust, forHost host: String, at date: Date) throws(ServerTrustError) {
            throw .customEvaluationFailed(error: CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: marker]))
        }
    }

    @Test func compositeStopsAtTheFirstFailure() throws {
        let composite = CompositeTrustEvaluator(evaluators: [DefaultTrustEvaluator(), Refusing(marker: "first"), Refusing(marker: "second")])
        let error = F.run(composite, try F.trust())
        #expect(error?.code == "customEvaluationFailed")
        #expect(error?.errorDescription == "Custom trust evaluation failed with error: first")
        #expect(error?.underlyingError?.localizedDescription == "first")

        let failsFirst = CompositeTrustEvaluator(evaluators: [DefaultTrustEvaluator(), Refusing(marker: "never")])
        #expect(F.evaluationStatus(F.run(failsFirst, try F.trust(), host: "other.example.org")) == OSStatusCode.errSecHostNameMismatch)
        #expect(F.run(CompositeTrustEvaluator(evaluators: [DefaultTrustEvaluator(), DisabledTrustEvaluator()]), try F.trust()) == nil)
    }

    @Test func disabledAcceptsAnything() throws {
        #expect(F.run(DisabledTrustEvaluator(), try F.trust(leaf: "af-expired-leaf.pem", intermediates: [], anchors: []),
                      host: "anything") == nil)
    }

    @Test func theCallersTrustIsNotChanged() throws {
        var trust = try F.trust(anchors: [])
        let evaluator = PinnedCertificatesTrustEvaluator(certificates: [try F.certificate("af-root.pem")], acceptSelfSignedCertificates: true)
        #expect(F.run(evaluator, trust) == nil)
        #expect(!trust.evaluation(at: F.time).isTrusted)
        #expect(trust.policies == [.basicX509()])
    }
}
