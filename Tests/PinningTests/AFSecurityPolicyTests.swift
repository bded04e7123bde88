import Foundation
import Pinning
import Testing
import TrustCertificates
import TrustEvaluation

/// AFNetworking's -evaluateServerTrust:forDomain: over the engine, mode by mode, flag by flag.
@Suite struct AFSecurityPolicyTests {
    typealias F = EvaluatorFixtures
    static let domain = "api.example.com"

    static func policy(_ mode: AFSSLPinningMode, pinning names: [String] = [], allowInvalid: Bool = false,
                       validatesDomainName: Bool = true) throws -> AFSecurityPolicy
    {
        var policy = AFSecurityPolicy(pinningMode: mode, pinnedCertificates: Set(try names.map { Data(try F.certificate($0).der) }))
        policy.allowInvalidCertificates = allowInvalid
        policy.validatesDomainName = validatesDomainName
        return policy
    }

    static func refusal(_ policy: AFSecurityPolicy, _ trust: ServerTrust, domain: String? = domain) -> AFSecurityPolicyRefusal? {
        do {
            try policy.check(trust, forDomain: domain, at: F.time)
            return nil
        } catch {
            #expect(!policy.evaluateServerTrust(trust, forDomain: domain, at: F.time))
            return error
        }
    }

    @Test func defaultPolicyValidatesChainAndDomain() throws {
        let policy = AFSecurityPolicy.default
        #expect(policy.pinningMode == .none && !policy.allowInvalidCertificates && policy.validatesDomainName)
        #expect(policy.evaluateServerTrust(try F.trust(), forDomain: Self.domain, at: F.time))
        #expect(Self.refusal(policy, try F.trust(), domain: "other.example.org")?.evaluation?.error?.code == OSStatusCode.errSecHostNameMismatch)
        // A nil domain: SSL policy without a name.
        #expect(Self.refusal(policy, try F.trust(), domain: nil) == nil)
        #expect(Self.refusal(policy, try F.trust(anchors: []))?.code == "invalidServerTrust")
    }

    @Test func allowingInvalidCertificatesWithoutPinningMustNotValidateTheDomain() throws {
        let selfSigned = try F.trust(leaf: "af-self-signed.pem", intermediates: [])
        let refusal = Self.refusal(try Self.policy(.none, allowInvalid: true), selfSigned)
        #expect(refusal?.code == "domainValidationRequiresPinning")
        #expect(refusal?.errorDescription == "In order to validate a domain name for self signed certificates, you MUST use pinning.")
        // The same with a pinning mode but no pinned certificates.
        #expect(Self.refusal(try Self.policy(.publicKey, allowInvalid: true), selfSigned)?.code == "domainValidationRequiresPinning")
        // Without domain validation, or without a domain, anything goes.
        #expect(Self.refusal(try Self.policy(.none, allowInvalid: true, validatesDomainName: false), selfSigned) == nil)
        #expect(Self.refusal(try Self.policy(.none, allowInvalid: true), selfSigned, domain: nil) == nil)
    }

    @Test func certificateModeAnchorsAtThePinnedCertificates() throws {
        for pinned in ["af-root.pem", "af-intermediate.pem", "af-leaf.pem"] {
            #expect(Self.refusal(try Self.policy(.certificate, pinning: [pinned]), try F.trust()) == nil, "\(pinned)")
        }
        // Valid under the trust's anchors, but the chain does not end at the pinned certificate.
        let rogue = Self.refusal(try Self.policy(.certificate, pinning: ["af-rogue.pem"]), try F.trust())
        #expect(rogue?.code == "notAnchoredAtPinnedCertificate")
        // No pinned certificates: no anchors, nothing passes.
        #expect(Self.refusal(try Self.policy(.certificate), try F.trust())?.code == "notAnchoredAtPinnedCertificate")
        // The first evaluation, against the trust's anchors, comes first.
        #expect(Self.refusal(try Self.policy(.certificate, pinning: ["af-root.pem"]), try F.trust(anchors: []))?.code == "invalidServerTrust")
    }

    @Test func certificateModeStillChecksDatesAndNameWhenInvalidCertificatesAreAllowed() throws {
        let selfSigned = try F.trust(leaf: "af-self-signed.pem", intermediates: [])
        let policy = try Self.policy(.certificate, pinning: ["af-self-signed.pem"], allowInvalid: true)
        #expect(Self.refusal(policy, selfSigned, domain: "selfsigned.example.net") == nil)
        #expect(Self.refusal(try Self.policy(.certificate, pinning: ["af-self-signed.pem"]), selfSigned, domain: "selfsigned.example.net")?
            .code == "invalidServerTrust")
        // The second evaluation checks the name…
        let wrongName = Self.refusal(policy, selfSigned, domain: "other.example.net")
        #expect(wrongName?.code == "notAnchoredAtPinnedCertificate")
        #expect(wrongName?.evaluation?.error?.code == OSStatusCode.errSecHostNameMismatch)
        // …and the dates.
        let expired = Self.refusal(try Self.policy(.certificate, pinning: ["af-root.pem"], allowInvalid: true), try F.trust(leaf: "af-expired-leaf.pem"))
        #expect(expired?.evaluation?.error?.code == OSStatusCode.errSecCertificateExpired)
    }

    @Test func certificateModeRefusesAPinnedEntryThatIsNotACertificate() throws {
        var policy = AFSecurityPolicy(pinningMode: .certificate, pinnedCertificates: [Data("garbage".utf8), Data(try F.certificate("af-root.pem").der)])
        policy.allowInvalidCertificates = false
        let refusal = Self.refusal(policy, try F.trust())
        #expect(refusal?.code == "pinnedCertificateNotParseable")
        #expect(policy.pinnedPublicKeys.count == 1)
    }

    @Test func publicKeyModeCountsMatchingKeysOnTheChain() throws {
        #expect(Self.refusal(try Self.policy(.publicKey, pinning: ["af-intermediate.pem"]), try F.trust()) == nil)
        let rogue = Self.refusal(try Self.policy(.publicKey, pinning: ["af-rogue.pem"]), try F.trust())
        guard case .noPinnedPublicKeyInChain(_, let count)? = rogue else {
            Issue.record("expected noPinnedPublicKeyInChain, got \(String(describing: rogue))")
            return
        }
        #expect(count == 1)
        // Chain validation comes first.
        #expect(Self.refusal(try Self.policy(.publicKey, pinning: ["af-intermediate.pem"]), try F.trust(), domain: "other.example.org")?
            .code == "invalidServerTrust")
        // A pinned key no SecKey holds matches nothing.
        #expect(Self.refusal(try Self.policy(.publicKey, pinning: ["af-ed25519.pem"]), try F.trust())?.code == "noPinnedPublicKeyInChain")
    }

    @Test func publicKeyModeWithInvalidCertificatesAllowedValidatesNothing() throws {
        // Wrong name, untrusted, expired: the pinned key on the built chain is all that counts.
        let expired = try F.trust(leaf: "af-expired-leaf.pem", anchors: [])
        let policy = try Self.policy(.publicKey, pinning: ["af-intermediate.pem"], allowInvalid: true)
        #expect(Self.refusal(policy, expired, domain: "wrong.example.org") == nil)
        #expect(Self.refusal(try Self.policy(.publicKey, pinning: ["af-rogue.pem"], allowInvalid: true), expired)?.code == "noPinnedPublicKeyInChain")
    }
}
