import FoundationEssentials
import TrustCertificates
import TrustEvaluation

/// Pinning as one value: a pin set, a TrustKit configuration, an Info.plist's NSPinnedDomains, or an
/// Alamofire or AFNetworking evaluator, applied once to the engine's evaluation of what a server presented.
/// The outcome carries the decision (`PinningDecision`'s one rule, report-only included), TrustKit's
/// validation result, and for TrustKit the report to send; a TLS client, `trustcheck verify` and
/// `trustcheck connect` all apply pinning through it.
public struct PinningPolicy: Sendable {
    /// The kinds of pinning.
    public enum Rules: Sendable {
        /// SPKI SHA-256 pins, one of which must be on the evaluated chain (pinning-libraries.md §6).
        case pins(PinSet)
        /// A TrustKit configuration, validated as `TSKPinningValidator` does; `app` fills the reports.
        case trustKit(TrustKitConfiguration, app: TrustKitAppInfo)
        /// An Info.plist's NSAppTransportSecurity → NSPinnedDomains, applied as Apple's SSL policy does.
        case pinnedDomains(PinnedDomains)
        /// An Alamofire evaluator (what `ServerTrustManager` gives for the host), which evaluates the
        /// presented certificates itself and decides alone, as in Alamofire.
        case alamofire(any ServerTrustEvaluating)
        /// AFNetworking's `AFSecurityPolicy`, which decides alone, as in AFNetworking.
        case afNetworking(AFSecurityPolicy)
    }

    /// The pinning applied.
    public let rules: Rules
    /// Report a valid chain that carries no pin without blocking it, whatever the configuration enforces.
    /// An invalid chain blocks all the same.
    public var reportOnly: Bool

    /// A policy of `rules`.
    public init(_ rules: Rules, reportOnly: Bool = false) {
        self.rules = rules
        self.reportOnly = reportOnly
    }

    /// SPKI SHA-256 pins.
    public static func pins(_ pins: PinSet, reportOnly: Bool = false) -> PinningPolicy {
        PinningPolicy(.pins(pins), reportOnly: reportOnly)
    }

    /// A TrustKit configuration; `app` is what its reports say of the app.
    public static func trustKit(_ configuration: TrustKitConfiguration, app: TrustKitAppInfo = TrustKitAppInfo(),
                                reportOnly: Bool = false) -> PinningPolicy
    {
        PinningPolicy(.trustKit(configuration, app: app), reportOnly: reportOnly)
    }

    /// App Transport Security's pinned domains.
    public static func pinnedDomains(_ domains: PinnedDomains, reportOnly: Bool = false) -> PinningPolicy {
        PinningPolicy(.pinnedDomains(domains), reportOnly: reportOnly)
    }

    /// The TrustKit configuration, when the policy is one.
    public var trustKitConfiguration: TrustKitConfiguration? {
        if case .trustKit(let configuration, _) = rules { return configuration }
        return nil
    }

    /// Applies the pinning to `evaluation`: the engine's evaluation of `presented` (leaf first, as the
    /// server sent it) with the SSL policy for `host` and `anchors`. The evaluation's verification time is
    /// also the clock the pins' expiration is read with. `port` goes into TrustKit's report.
    public func apply(to evaluation: TrustEvaluationResult, presented: [Certificate], anchors: TrustAnchors,
                      host: String, port: Int = 0) -> PinningOutcome
    {
        var facts = Facts(evaluation: evaluation, host: host, port: port, reportOnly: reportOnly)
        switch rules {
        case .pins(let pins): facts.apply(pins)
        case .trustKit(let configuration, let app): facts.apply(configuration, app: app)
        case .pinnedDomains(let domains): facts.apply(domains)
        case .alamofire(let evaluator):
            facts.applyEvaluator(presented: presented, anchors: anchors) { trust, date throws(PinningEvaluatorRefusal) in
                do throws(ServerTrustError) { try evaluator.evaluate(trust, forHost: host, at: date) } catch { throw PinningEvaluatorRefusal(error) }
            }
        case .afNetworking(let policy):
            facts.applyEvaluator(presented: presented, anchors: anchors) { trust, date throws(PinningEvaluatorRefusal) in
                do throws(AFSecurityPolicyRefusal) { try policy.check(trust, forDomain: host, at: date) } catch { throw PinningEvaluatorRefusal(error) }
            }
        }
        return facts.outcome
    }
}

/// An Alamofire or AFNetworking evaluator's refusal, in TrustKit's terms.
struct PinningEvaluatorRefusal: Error {
    let result: TrustKitEvaluationResult
    let problem: String

    init(_ error: ServerTrustError) {
        switch error {
        case .trustEvaluationFailed, .defaultEvaluationFailed, .hostValidationFailed, .revocationCheckFailed:
            result = .failedInvalidCertificateChain
        case .certificatePinningFailed, .publicKeyPinningFailed, .noCertificatesFound, .noPublicKeysFound:
            result = .failedNoMatchingPin
        default:
            result = .errorInvalidParameters
        }
        problem = "Alamofire \(error.description)"
    }

    init(_ refusal: AFSecurityPolicyRefusal) {
        switch refusal {
        case .invalidServerTrust, .notAnchoredAtPinnedCertificate: result = .failedInvalidCertificateChain
        case .noPinnedCertificateInChain, .noPinnedPublicKeyInChain: result = .failedNoMatchingPin
        case .domainValidationRequiresPinning, .pinnedCertificateNotParseable: result = .errorInvalidParameters
        }
        problem = "AFSecurityPolicy \(refusal.description)"
    }
}

/// The outcome's fields as each kind of pinning fills them in; `outcome` applies the decision rule once.
private struct Facts {
    let evaluation: TrustEvaluationResult
    let host: String
    let port: Int
    let reportOnly: Bool
    var result: TrustKitEvaluationResult?
    var enforcedByConfiguration = true
    var ignoresUserDefinedTrustAnchors = false
    var notedHostname: String?
    var configuredPins: [PublicKeyPin] = []
    var matches: [PinMatch] = []
    var notPinnedReason: TrustKitNotPinnedReason?
    var problem: String?
    var appleError: PinningFailure?
    var failedChecks: [PinnedDomainsFailedCheck] = []
    var validation: TrustKitValidation?
    var app: TrustKitAppInfo?
    var reportURIs: [URL] = []
    var hashing = PinHashing.spkiSHA256

    init(evaluation: TrustEvaluationResult, host: String, port: Int, reportOnly: Bool) {
        self.evaluation = evaluation
        self.host = host
        self.port = port
        self.reportOnly = reportOnly
    }

    /// The chain's own failure, as the reason pins were not looked at.
    var chainProblem: String {
        "the chain is not trusted, so no pin was checked: " + evaluation.reason
    }

    mutating func apply(_ pins: PinSet) {
        let check = pins.check(evaluation)
        configuredPins = pins.pins
        matches = check.matches
        appleError = check.failure
        switch check.verdict {
        case .pinned: result = .success
        case .noMatchingPin:
            result = .failedNoMatchingPin
            problem = "no configured pin (\(pins.pins.count) given) is on the evaluated chain"
        case .chainNotTrusted:
            result = .failedInvalidCertificateChain
            problem = chainProblem
        }
    }

    mutating func apply(_ configuration: TrustKitConfiguration, app: TrustKitAppInfo) {
        hashing = .trustKit
        self.app = app
        let found = TrustKitPinningValidator(configuration: configuration)
            .evaluate(hostname: host, evaluation: evaluation, at: evaluation.verificationTime)
        validation = found
        result = found.evaluationResult
        notPinnedReason = found.notPinnedReason
        notedHostname = found.notedHostname
        ignoresUserDefinedTrustAnchors = configuration.ignorePinningForUserDefinedTrustAnchors
        guard let policy = found.match?.policy, found.notPinnedReason == nil else { return }
        enforcedByConfiguration = policy.enforcePinning
        configuredPins = policy.publicKeyHashes
        matches = found.matchedPin.map { [$0] } ?? []
        reportURIs = policy.effectiveReportURIs
        switch found.evaluationResult {
        case .failedNoMatchingPin?:
            problem = "no pin of \(policy.domain) (\(policy.publicKeyHashes.count) configured) is on the evaluated chain"
            appleError = PinningFailure(pinMismatchOn: evaluation.chain)
        case .failedInvalidCertificateChain?: problem = chainProblem
        case .errorCouldNotGenerateSpkiHash?:
            problem = found.unhashableKey.map { "TrustKit cannot hash the key of [\($0.chainIndex)]: \($0.reason)" }
                ?? "TrustKit cannot hash a key of the chain"
        case .failedUserDefinedTrustAnchor?: problem = "the chain ends at a user-defined trust anchor and carries no pin"
        case .errorInvalidParameters?: problem = "there was no trust to evaluate"
        case .success?, nil: break
        }
    }

    mutating func apply(_ domains: PinnedDomains) {
        let verdict = domains.check(evaluation, forHost: host)
        guard let identities = verdict.identities else {
            notPinnedReason = .noPolicy
            return
        }
        notedHostname = identities.domains.first
        configuredPins = (identities.leaf?.pins ?? []) + (identities.ca?.pins ?? [])
        // Which identities matched which certificate: leaf identities on the leaf, CA identities above it.
        for (index, element) in evaluation.chain.enumerated() {
            let pins = index == 0 ? identities.leaf?.pins ?? [] : identities.ca?.pins ?? []
            if let pin = pins.first(where: { $0.matches(element.certificate) }) {
                matches.append(PinMatch(pin: pin, chainIndex: index, certificate: element.certificate, source: element.source))
            }
        }
        failedChecks = verdict.pinFailures.map { PinnedDomainsFailedCheck(index: $0.index, check: $0.check) }
        appleError = verdict.failure
        if !evaluation.isTrusted {
            result = .failedInvalidCertificateChain
            problem = chainProblem
        } else if !failedChecks.isEmpty {
            result = .failedNoMatchingPin
            problem = "App Transport Security pins fail (\(failedChecks.map(\.description).joined(separator: ", ")))"
                + (verdict.failure.map { ": error \($0.code) \($0.message)" } ?? "")
        } else {
            result = .success
        }
    }

    /// An evaluator that evaluates the presented certificates itself (Alamofire, AFNetworking).
    mutating func applyEvaluator(presented: [Certificate], anchors: TrustAnchors,
                                 _ evaluate: (ServerTrust, Date) throws(PinningEvaluatorRefusal) -> Void)
    {
        guard let leaf = presented.first else {
            result = .errorInvalidParameters
            problem = "the server presented no certificate"
            return
        }
        let trust = ServerTrust(leaf: leaf, intermediates: Array(presented.dropFirst()), anchors: anchors)
        do {
            try evaluate(trust, evaluation.verificationTime)
            result = .success
        } catch {
            result = error.result
            problem = error.problem
        }
    }

    var outcome: PinningOutcome {
        let enforced = enforcedByConfiguration && !reportOnly
        let decision = result.map {
            PinningDecision(result: $0, enforcing: enforced, ignoringUserDefinedTrustAnchors: ignoresUserDefinedTrustAnchors)
        } ?? .notPinned
        let report = validation.flatMap { validation in
            app.flatMap { TrustKitPinFailureReport(validation: validation, app: $0, at: evaluation.verificationTime, port: port) }
        }
        return PinningOutcome(
            decision: decision, result: result, hostname: host, port: port, notedHostname: notedHostname,
            configuredPins: configuredPins, matches: matches, enforced: enforced, reportOnly: reportOnly,
            notPinnedReason: notPinnedReason, problem: decision == .notPinned ? nil : problem, appleError: appleError,
            failedChecks: failedChecks, validation: validation, report: report, reportURIs: report == nil ? [] : reportURIs,
            evaluation: evaluation, hashing: hashing)
    }
}
