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

    /// Whether the connection may go ahead: pinning allowed it, or no pinning applies and the default
    /// evaluation trusts the chain.
    public var allowsConnection: Bool {
        switch decision {
        case .allow: return true
        case .block: return false
        case .notPinned: return evaluation.isTrusted
        }
    }

    /// Why the connection is refused: the pinning's problem (with TrustKit's result name for a TrustKit
    /// configuration) or the evaluation's error; nil when allowed.
    public var blockReason: String? {
        guard !allowsConnection else { return nil }
        if let problem {
            guard validation != nil, let result else { return problem }
            return problem + " (\(result.trustKitName))"
        }
        return evaluation.error.map { "\($0.message) (\($0.code))" } ?? "not trusted"
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
