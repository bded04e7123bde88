import FoundationEssentials
import TrustCertificates
import TrustEvaluation

/// What a `PinningPolicy` decided for one connection, from any kind of pinning: the decision, TrustKit's
/// validation result (every kind maps onto it), the pins that matched, and — for a TrustKit configuration
/// whose validation TrustKit reports — the pin-failure report to send and where.
public struct PinningOutcome: Sendable {
    /// Allow, block, or not pinned.
    public let decision: PinningDecision
    /// The pin verification's result in TrustKit's terms; nil when the host is not pinned.
    public let result: TrustKitEvaluationResult?
    /// The host validated, as given.
    public let hostname: String
    /// The port connected to (0 when there was no connection, as in TrustKit's own reports).
    public let port: Int
    /// The configured domain whose pins applied (TrustKit's noted hostname, the NSPinnedDomains entry).
    public let notedHostname: String?
    /// The pins that applied to the host, in the order configured.
    public let configuredPins: [PublicKeyPin]
    /// The pins found on the evaluated chain.
    public let matches: [PinMatch]
    /// Whether a pin mismatch blocks (the configuration enforces and `reportOnly` is off).
    public let enforced: Bool
    /// Whether the policy was told to report a mismatch without blocking.
    public let reportOnly: Bool
    /// Why the host is not pinned; nil when it is.
    public let notPinnedReason: TrustKitNotPinnedReason?
    /// What failed, in words, naming the certificate or the pins; nil on success and when not pinned.
    public let problem: String?
    /// Apple's error for the failure, where Apple has one (NSPinnedDomains: -9886 or the chain's own
    /// error; a pin set's mismatch: -9886).
    public let appleError: PinningFailure?
    /// NSPinnedDomains: Apple's failed pin checks (`LeafSPKISHA256`, `CAspkiSHA256`) by chain index.
    public let failedChecks: [PinnedDomainsFailedCheck]
    /// TrustKit's validation, for a TrustKit configuration.
    public let validation: TrustKitValidation?
    /// The report TrustKit's callback sends for this outcome; nil when it sends none.
    public let report: TrustKitPinFailureReport?
    /// Where the report goes: the policy's effective report URIs (TSKReportUris and the default one).
    public let reportURIs: [URL]
    /// The engine's evaluation the pins were checked after.
    public let evaluation: TrustEvaluationResult
    /// How this kind of pinning hashes a certificate's key.
    public let hashing: PinHashing

    /// Why no pin applied, in a sentence that says what to do, where the reason is one a user most likely did
    /// not intend (a host spelt differently from its pinned domain); nil otherwise.
    public var notPinnedExplanation: String? {
        guard notPinnedReason == .hostSpelling else { return nil }
        let respelt = TrustKitPinningValidator.canonicalSpelling(of: hostname)
        return "no pin applied to \(hostname): it matches a pinned domain only as \(respelt), and TrustKit looks pinned "
            + "domains up as spelt (letter case and a trailing dot count); name the host as \(respelt) to check its pins"
    }

    /// Whether the connection may go ahead: pinning allowed it, or no pinning applies and the default
    /// evaluation trusts the chain.
    public var allowsConnection: Bool {
        switch decision {
        case .allow: return true
        case .block: return false
        case .notPinned: return evaluation.isTrusted
        }
    }

    /// Why the connection is refused, in one line for a log or a headline; nil when allowed. A chain the
    /// engine does not trust gives the evaluation's own reason (`TrustEvaluationResult.reason`: pins are
    /// not looked at then); a valid chain without a pin gives `pinMismatch`; anything else the pinning's
    /// problem (with TrustKit's result name for a TrustKit configuration).
    public var blockReason: String? {
        guard !allowsConnection else { return nil }
        switch result {
        case nil: return evaluation.reason
        case .failedInvalidCertificateChain? where !evaluation.isTrusted: return evaluation.reason
        case .failedNoMatchingPin?: return pinMismatch
        default: break
        }
        guard let problem else { return evaluation.reason }
        guard validation != nil, let result else { return problem }
        return problem + " (\(result.trustKitName))"
    }

    /// A valid chain that carries none of the pins, in one line: which pins were expected (the first
    /// three, for a long list) and that none is on the chain, then TrustKit's result name for a TrustKit
    /// configuration and Apple's code where Apple has one:
    /// `pin mismatch: the pin expected (sha256/AAAA…=) is not on the chain (-9886)`, `pin mismatch: none of
    /// the 2 pins expected for example.com (sha256/…, sha256/…) is on the chain
    /// (TSKTrustEvaluationFailedNoMatchingPin, -9886)`. NSPinnedDomains
    /// names its failed checks instead, an Alamofire or AFNetworking evaluator its refusal. nil unless
    /// the result is `TrustKitEvaluationResult.failedNoMatchingPin`, whether it blocks or, report-only, not.
    public var pinMismatch: String? {
        guard result == .failedNoMatchingPin else { return nil }
        let codes = [validation != nil ? result?.trustKitName : nil, appleError.map { String($0.code) }].compactMap { $0 }
        let code = codes.isEmpty ? "" : " (\(codes.joined(separator: ", ")))"
        let domain = notedHostname.map { " for \($0)" } ?? ""
        if !failedChecks.isEmpty {
            return "pin mismatch: the chain fails the App Transport Security pins\(domain) ("
                + failedChecks.map(\.description).joined(separator: ", ") + ")\(code)"
        }
        guard !configuredPins.isEmpty else { return "pin mismatch: " + (problem ?? "no pin matched") + code }
        let shown = configuredPins.prefix(3).map(\.okHttpForm).joined(separator: ", ")
            + (configuredPins.count > 3 ? " and \(configuredPins.count - 3) more" : "")
        if configuredPins.count == 1 { return "pin mismatch: the pin expected\(domain) (\(shown)) is not on the chain\(code)" }
        return "pin mismatch: none of the \(configuredPins.count) pins expected\(domain) (\(shown)) is on the chain\(code)"
    }

    /// The verdict's reason in one line, allowed or not: `blockReason` when refused; otherwise the
    /// evaluation's reason (`TrustEvaluationResult.reason`) and what the pinning added: the pin that
    /// matched, a mismatch that was only reported, or that the pinning allowed a chain the engine does
    /// not trust (an Alamofire or AFNetworking evaluator that decides alone).
    public var reason: String {
        if let blockReason { return blockReason }
        var text = evaluation.reason
        if let match = matches.first {
            text += "; pin \(match.pin.okHttpForm) matches [\(match.chainIndex)] \u{201C}\(match.certificate)\u{201D}"
        } else if let pinMismatch {
            text += "; \(pinMismatch), reported only"
        }
        if !evaluation.isTrusted, let result { text += "; allowed by the pinning (\(result.trustKitName))" }
        return text
    }

    /// Whether a pin was found on the certificate at `chainIndex` of the evaluated chain.
    public func isMatched(chainIndex: Int) -> Bool { matches.contains { $0.chainIndex == chainIndex } }
}

/// One of Apple's NSPinnedDomains pin checks that failed on one certificate.
public struct PinnedDomainsFailedCheck: Sendable, Hashable, CustomStringConvertible {
    /// The chain index the check failed on.
    public let index: Int
    /// Apple's check key: `LeafSPKISHA256` or `CAspkiSHA256`.
    public let check: String

    /// `[index] check`.
    public var description: String { "[\(index)] \(check)" }
}
