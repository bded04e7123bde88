import Foundation
import Pinning
import Testing
import TrustCertificates
import TrustEvaluation

/// TrustKit's decisions over real evaluations of the fixture chains, with the fixture configuration:
/// example.com and subdomains pinned to the intermediate (+ backup), api.example.com report-only on the
/// root with pins expiring 2026-01-01, unsecured.example.com excluded.
@Suite struct TrustKitPinningValidatorTests {
    /// `file`: a fixture name, or an absolute path (a temporary file).
    static func validator(_ file: String = "trustkit.json", userDefinedTrustAnchors: [String] = []) throws -> TrustKitPinningValidator {
        let path = file.hasPrefix("/") ? file : PinningFixtures.path(file)
        return TrustKitPinningValidator(
            configuration: try TrustKitConfiguration(contentsOfFile: path, registry: PinningFixtures.registry),
            userDefinedTrustAnchors: CertificateStore(try userDefinedTrustAnchors.map(PinningFixtures.certificate)))
    }

    /// Both roots are anchors; the evaluator's own policy is basic X.509, which the validator must replace.
    static func evaluator() throws -> TrustEvaluator {
        TrustEvaluator(anchors: TrustAnchors(custom: CertificateStore([try PinningFixtures.certificate("root.pem"),
                                                                        try PinningFixtures.certificate("rogue-root.pem")])),
                       policies: [.basicX509()], publicSuffixes: .empty)
    }

    static func validate(_ host: String, leaf: String = "leaf.pem", intermediates: [String] = ["intermediate.pem"],
                         validator: TrustKitPinningValidator? = nil, at time: Date = PinningFixtures.time) throws -> TrustKitValidation
    {
        try (validator ?? Self.validator()).evaluate(
            hostname: host, leaf: PinningFixtures.certificate(leaf), intermediates: intermediates.map(PinningFixtures.certificate),
            evaluator: Self.evaluator(), at: time)
    }

    @Test func aPinnedIntermediateAllowsASubdomain() throws {
        let validation = try Self.validate("www.example.com")
        #expect(validation.evaluationResult == .success)
        #expect(validation.decision == .shouldAllowConnection)
        #expect(validation.notedHostname == "example.com")
        #expect(validation.isEnforced == true)
        #expect(validation.matchedPin?.chainIndex == 1)
        #expect(validation.matchedPin?.pin.base64 == (try PinningFixtures.spkiPin("intermediate.pem")))
        #expect(!validation.shouldSendReport)
    }

    @Test func aRootTheServerNeverSentMatches() throws {
        let validation = try Self.validate("api.example.com")
        #expect(validation.evaluationResult == .success)
        #expect(validation.matchedPin?.source == .anchor)
        #expect(validation.matchedPin?.chainIndex == 2)
    }

    @Test func aChainToAnotherRootIsBlockedWhenEnforcingAndAllowedButReportedWhenNot() throws {
        let enforced = try Self.validate("www.example.com", leaf: "rogue-leaf.pem", intermediates: [])
        #expect(enforced.evaluation?.isTrusted == true)
        #expect(enforced.evaluationResult == .failedNoMatchingPin)
        #expect(enforced.decision == .shouldBlockConnection)
        #expect(enforced.shouldSendReport)

        let reportOnly = try Self.validate("api.example.com", leaf: "rogue-leaf.pem", intermediates: [])
        #expect(reportOnly.evaluationResult == .failedNoMatchingPin)
        #expect(reportOnly.decision == .shouldAllowConnection)
        #expect(reportOnly.isEnforced == false)
        #expect(reportOnly.shouldSendReport)
    }

    @Test func anInvalidChainIsBlockedEvenInReportOnlyMode() throws {
        let expired = try Self.validate("api.example.com", leaf: "expired-leaf.pem")
        #expect(expired.evaluation?.isTrusted == false)
        #expect(expired.evaluationResult == .failedInvalidCertificateChain)
        #expect(expired.decision == .shouldBlockConnection)
        #expect(expired.matchedPin == nil)
        #expect(expired.shouldSendReport)
    }

    @Test func theHostnameIsAlwaysValidatedWhateverTheEvaluatorsPolicy() throws {
        // zzz.example.com is covered by example.com's policy but is not in the leaf's names.
        let validation = try Self.validate("zzz.example.com")
        #expect(validation.notedHostname == "example.com")
        #expect(validation.evaluationResult == .failedInvalidCertificateChain)
        #expect(validation.evaluation?.error?.code == OSStatusCode.errSecHostNameMismatch)
        #expect(validation.decision == .shouldBlockConnection)
    }

    /// Scanning from the anchor: a root or intermediate pin matches before the unhashable P-521 leaf is
    /// reached; without one, the leaf ends the scan with error 5, which blocks even in report-only mode.
    @Test func anUnhashableKeyBlocksOnlyWhenReachedBeforeAMatch() throws {
        #expect(try Self.validate("api.example.com", leaf: "p521-leaf.pem").evaluationResult == .success)
        #expect(try Self.validate("www.example.com", leaf: "p521-leaf.pem").evaluationResult == .success)

        let configuration = #"{"TSKPinnedDomains": {"example.com": {"TSKEnforcePinning": false, "TSKPublicKeyHashes": ["\#(try PinningFixtures.spkiPin("backup.pem"))"]}}}"#
        let path = try PinningFixtures.temporaryFile(Data(configuration.utf8), name: "backup-only.json")
        let validation = try Self.validate("example.com", leaf: "p521-leaf.pem", validator: try Self.validator(path))
        #expect(validation.evaluation?.isTrusted == true)
        #expect(validation.evaluationResult == .errorCouldNotGenerateSpkiHash)
        #expect(validation.decision == .shouldBlockConnection)
        #expect(validation.unhashableKey?.chainIndex == 0)
        #expect(validation.unhashableKey?.reason == "TrustKit cannot pin EC P-521 keys, only RSA 2048/3072/4096 and EC P-256/P-384")
        // A hashable leaf under the same policy is an ordinary mismatch, allowed in report-only mode.
        #expect(try Self.validate("example.com", validator: try Self.validator(path)).decision == .shouldAllowConnection)
    }

    /// An RSA key with e=3: its real SPKI pin never matches, TrustKit's rebuilt hash does.
    @Test func trustKitComparesItsRebuiltHashNotTheSPKIPin() throws {
        let expected = try #require(try PinningFixtures.expected()["rsa-e3-leaf.pem"])
        let trustKitHash = try #require(expected.trustkit_sha256)
        #expect(trustKitHash != expected.spki_sha256)
        for (pin, result) in [(expected.spki_sha256, TrustKitEvaluationResult.failedNoMatchingPin), (trustKitHash, .success)] {
            let configuration = #"{"TSKPinnedDomains": {"example.com": {"TSKPublicKeyHashes": ["\#(pin)", "\#(try PinningFixtures.spkiPin("backup.pem"))"]}}}"#
            let path = try PinningFixtures.temporaryFile(Data(configuration.utf8), name: "e3.json")
            #expect(try Self.validate("example.com", leaf: "rsa-e3-leaf.pem", validator: try Self.validator(path)).evaluationResult == result)
        }
    }

    @Test func excludedExpiredAndUnknownHostsAreNotPinnedAndNotValidated() throws {
        let excluded = try Self.validate("unsecured.example.com", leaf: "expired-leaf.pem")
        #expect(excluded.decision == .domainIsNotPinned)
        #expect(excluded.notPinnedReason == .excluded)
        #expect(excluded.evaluation == nil && excluded.evaluationResult == nil)
        #expect(!excluded.shouldSendReport)

        // Below the excluded name the parent's policy applies again.
        #expect(try Self.validate("x.unsecured.example.com", leaf: "rogue-leaf.pem", intermediates: []).decision == .shouldBlockConnection)

        let afterExpiry = ISO8601DateFormatter().date(from: "2026-01-02T00:00:00Z")!
        let expired = try Self.validate("api.example.com", leaf: "rogue-leaf.pem", intermediates: [], at: afterExpiry)
        #expect(expired.decision == .domainIsNotPinned)
        #expect(expired.notPinnedReason == .expired)
        #expect(expired.notedHostname == "api.example.com")
        #expect(expired.isEnforced == nil)

        let unknown = try Self.validate("example.org", leaf: "rogue-leaf.pem", intermediates: [])
        #expect(unknown.decision == .domainIsNotPinned)
        #expect(unknown.notPinnedReason == .noPolicy)
        #expect(unknown.match == nil)
    }

    /// TrustKit looks domains up as spelt: a host in other letter case or with a trailing dot is not pinned,
    /// and says why apart from a host with no policy at all.
    @Test func aHostSpeltDifferentlyFromItsDomainIsNotPinnedForThatReason() throws {
        for host in ["WWW.EXAMPLE.COM", "www.example.com.", "Www.Example.Com.."] {
            let validation = try Self.validate(host, leaf: "rogue-leaf.pem", intermediates: [])
            #expect(validation.decision == .domainIsNotPinned, "\(host)")
            #expect(validation.notPinnedReason == .hostSpelling, "\(host)")
            #expect(validation.evaluation == nil)
        }
        #expect(try Self.validate("www.example.com", leaf: "rogue-leaf.pem", intermediates: []).decision == .shouldBlockConnection)
        #expect(try Self.validate("EXAMPLE.ORG", leaf: "rogue-leaf.pem", intermediates: []).notPinnedReason == .noPolicy)
        #expect(TrustKitPinningValidator.canonicalSpelling(of: "WWW.Example.COM.") == "www.example.com")
    }

    @Test func noTrustIsBlockedWithoutAReport() throws {
        let validation = try Self.validator().evaluate(hostname: "www.example.com", evaluation: nil, at: PinningFixtures.time)
        #expect(validation.evaluationResult == .errorInvalidParameters)
        #expect(validation.decision == .shouldBlockConnection)
        #expect(!validation.shouldSendReport)
    }

    @Test func anEvaluationMadeElsewhereIsJudgedTheSameWay() throws {
        let evaluation = try PinningFixtures.evaluator(anchors: ["rogue-root.pem"])
            .evaluate(leaf: PinningFixtures.certificate("rogue-leaf.pem"), at: PinningFixtures.time)
        let validation = try Self.validator().evaluate(hostname: "www.example.com", evaluation: evaluation, at: PinningFixtures.time)
        #expect(validation.evaluationResult == .failedNoMatchingPin)
        #expect(validation.decision == .shouldBlockConnection)
    }

    /// macOS: a chain through a certificate the user trusted gets result 4; TrustKit lets it through
    /// without a report unless TSKIgnorePinningForUserDefinedTrustAnchors is NO.
    @Test func userDefinedTrustAnchorsAreIgnoredUnlessConfiguredOtherwise() throws {
        let ignoring = try Self.validate("www.example.com", leaf: "rogue-leaf.pem", intermediates: [],
                                         validator: try Self.validator(userDefinedTrustAnchors: ["rogue-root.pem"]))
        #expect(ignoring.evaluationResult == .failedUserDefinedTrustAnchor)
        #expect(ignoring.decision == .shouldAllowConnection)
        #expect(!ignoring.shouldSendReport)

        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: PinningFixtures.directory.appendingPathComponent("trustkit.json"))) as! [String: Any]
        json["TSKIgnorePinningForUserDefinedTrustAnchors"] = false
        let path = try PinningFixtures.temporaryFile(try JSONSerialization.data(withJSONObject: json), name: "strict.json")
        let strict = try Self.validate("www.example.com", leaf: "rogue-leaf.pem", intermediates: [],
                                       validator: try Self.validator(path, userDefinedTrustAnchors: ["rogue-root.pem"]))
        #expect(strict.evaluationResult == .failedUserDefinedTrustAnchor)
        #expect(strict.decision == .shouldBlockConnection)
        #expect(strict.shouldSendReport)
    }

    @Test func resultAndDecisionCarryTrustKitsNumbersAndNames() {
        #expect(TrustKitEvaluationResult.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5])
        #expect(TrustKitEvaluationResult.errorCouldNotGenerateSpkiHash.trustKitName == "TSKTrustEvaluationErrorCouldNotGenerateSpkiHash")
        #expect(TrustKitDecision.allCases.map(\.rawValue) == [0, 1, 2])
        #expect(TrustKitDecision.domainIsNotPinned.trustKitName == "TSKTrustDecisionDomainIsNotPinned")
    }
}
