import FoundationEssentials
import Pinning
import TrustCertificates
import TrustEvaluation

/// The audit of one pinned domain of a TrustKit configuration against the current chain: which pin
/// holds on to which certificate, whether a backup is left, what TrustKit decides today, and every
/// problem found (`AuditProblem`).
struct DomainAudit {
    /// The leaf and every pinned certificate get a warning this many days before their notAfter: the
    /// time a rotation (a new app release with new pins) needs.
    static let expiryWarningDays = 90

    enum Status: Equatable {
        /// Evaluated and checked.
        case audited
        /// Not checked: the leaf does not cover the domain and other domains of the configuration are
        /// covered, so this chain is not the domain's (audit it with its own chain).
        case skipped
        /// kSKExcludeSubdomainFromParentPolicy: the domain is not pinned and has nothing to audit.
        case excluded
    }

    let policy: TrustKitDomainPolicy
    let status: Status
    /// The name the chain was evaluated for: the domain, or for includeSubdomains a name of the leaf
    /// under it; nil when the leaf covers neither.
    let hostname: String?
    /// The evaluation the pins were matched against: SSL for `hostname`, else basic X.509. nil unless audited.
    let evaluation: TrustEvaluationResult?
    /// That evaluation's chain.
    let chain: [AuditedCertificate]
    /// TrustKit's validator on the SSL evaluation for the domain (or `hostname`). nil unless audited.
    let validation: TrustKitValidation?
    let pins: [AuditedPin]
    let problems: [AuditProblem]

    var domain: String { policy.domain }

    /// The pins on no certificate of the chain.
    var unmatchedPins: [AuditedPin] { pins.filter { !$0.isOnChain } }

    /// The unmatched pins, when another pin holds the chain for TrustKit: keys held in reserve, as far as
    /// the chain can tell (nothing tells a backup from a stale pin). When no pin holds the chain, none
    /// of them is a backup of anything.
    var backupPins: [AuditedPin] { pins.contains(where: \.trustKitMatches) ? unmatchedPins : [] }

    /// A domain that is listed but not checked; its configuration warnings are still problems.
    static func unaudited(_ policy: TrustKitDomainPolicy, status: Status, warnings: [AuditProblem]) -> DomainAudit {
        DomainAudit(policy: policy, status: status, hostname: nil, evaluation: nil, chain: [], validation: nil,
                    pins: [], problems: warnings)
    }

    /// Audits `policy`. `sslEvaluation` used the SSL policy for `hostname ?? policy.domain`; `basicEvaluation`
    /// is the chain judged without a name, used when the leaf covers neither.
    init(policy: TrustKitDomainPolicy, hostname: String?, sslEvaluation: TrustEvaluationResult,
         basicEvaluation: @autoclosure () -> TrustEvaluationResult, validation: TrustKitValidation,
         warnings: [AuditProblem], at: Date)
    {
        let evaluation = hostname == nil ? basicEvaluation() : sslEvaluation
        let chain = AuditedCertificate.chain(of: evaluation)
        let pins = policy.publicKeyHashes.map { AuditedPin($0, chain: chain) }
        self.init(policy: policy, status: .audited, hostname: hostname, evaluation: evaluation, chain: chain,
                  validation: validation, pins: pins,
                  problems: warnings + Self.problems(policy: policy, hostname: hostname, evaluation: evaluation,
                                                     chain: chain, pins: pins, validation: validation, at: at))
    }

    private init(policy: TrustKitDomainPolicy, status: Status, hostname: String?, evaluation: TrustEvaluationResult?,
                 chain: [AuditedCertificate], validation: TrustKitValidation?, pins: [AuditedPin], problems: [AuditProblem])
    {
        self.policy = policy
        self.status = status
        self.hostname = hostname
        self.evaluation = evaluation
        self.chain = chain
        self.validation = validation
        self.pins = pins
        self.problems = problems
    }

    // MARK: Problems

    private static func problems(policy: TrustKitDomainPolicy, hostname: String?, evaluation: TrustEvaluationResult,
                                 chain: [AuditedCertificate], pins: [AuditedPin], validation: TrustKitValidation,
                                 at: Date) -> [AuditProblem]
    {
        var problems: [AuditProblem] = []
        func add(_ kind: AuditProblem.Kind, _ message: String) { problems.append(AuditProblem(kind: kind, message: message)) }
        let verdict = Self.verdict(of: validation)

        if let expiration = policy.expirationDate, policy.isExpired(at: at) {
            add(.pinsExpired, "TSKExpirationDate \(CertificateFormatting.timestamp(expiration)) has passed: TrustKit "
                + "no longer pins \(policy.domain) (\(TrustKitDecision.domainIsNotPinned.trustKitName))")
        }

        if hostname == nil, let leaf = chain.first {
            let names = leaf.certificate.dnsNames
            add(.notValidForDomain, "the leaf \(leaf.label) is not valid for \(policy.domain)"
                + (policy.includeSubdomains ? " or a name under it" : "")
                + " (its DNS names: " + (names.isEmpty ? "none" : names.joined(separator: ", ")) + "); " + verdict)
        }
        if !evaluation.isTrusted {
            add(.chainNotTrusted, "the chain is not trusted" + (hostname.map { " for \($0)" } ?? "") + ": \(evaluation.reason)"
                + (hostname == nil ? "" : "; " + verdict))
        }

        for pin in pins {
            for match in pin.matches where match.matchedBy == .spkiOnly {
                let compared = match.certificate.trustKitHash.digest.map {
                    "TrustKit hashes this key as \(Base64.encode($0)) (its RSA exponent is not 65537); pin that instead"
                } ?? "TrustKit cannot hash this key at all"
                add(.trustKitHashDiffers, "\(pin.pin.base64) is the SPKI pin of \(match.certificate.label), but "
                    + compared)
            }
        }
        if validation.evaluationResult == .errorCouldNotGenerateSpkiHash, let unhashable = validation.unhashableKey {
            let label = chain.indices.contains(unhashable.chainIndex) ? chain[unhashable.chainIndex].label
                : "[\(unhashable.chainIndex)]"
            add(.unhashableKey, "TrustKit reaches \(label) before any pin and cannot hash it (\(unhashable.reason)): "
                + verdict)
        } else if !pins.contains(where: \.trustKitMatches) {
            let reportOnly = validation.evaluationResult == .failedNoMatchingPin && !policy.enforcePinning
            add(.noPinMatches, "none of the \(pins.count) pins is on the chain; "
                + (reportOnly ? "TSKEnforcePinning is off, so " : "") + verdict)
        }

        if pins.allSatisfy(\.isOnChain) {
            add(.noBackupPin, pins.count == 1
                ? "the only pin is on the chain: add the hash of a key held in reserve for the next certificate"
                : (pins.count == 2 ? "both pins are" : "all \(pins.count) pins are")
                    + " on the chain: once these keys are rotated no pin is left; add the "
                    + "hash of a key held in reserve for the next certificate")
        }

        // Each pinned certificate once, however many pins name it.
        var seen = Set<Int>()
        let pinned = pins.flatMap(\.matches).map(\.certificate).filter { seen.insert($0.index).inserted }
        for certificate in pinned.sorted(by: { $0.index < $1.index }) {
            let notAfter = certificate.certificate.notAfter
            if let expiration = policy.expirationDate, notAfter < expiration {
                add(.pinnedKeyExpiresBeforeConfiguration, "pinned \(certificate.label) expires "
                    + "\(CertificateFormatting.timestamp(notAfter)), before the pins do (TSKExpirationDate "
                    + "\(CertificateFormatting.timestamp(expiration))): renew it with the same key, or ship the "
                    + "backup pin's certificate before then")
            }
            // The leaf's expiry is a problem of the chain, reported once for all domains.
            if certificate.role != .leaf, let problem = expiryProblem(certificate, at: at, pinned: true) {
                problems.append(problem)
            }
        }
        return problems
    }

    /// What TrustKit's validator decides, in words: "TrustKit blocks the connection
    /// (TSKTrustEvaluationFailedNoMatchingPin)", with "and sends a pin-failure report" when it would.
    static func verdict(of validation: TrustKitValidation) -> String {
        let action: String
        switch validation.decision {
        case .shouldAllowConnection: action = "TrustKit allows the connection"
        case .shouldBlockConnection: action = "TrustKit blocks the connection"
        case .domainIsNotPinned: action = "TrustKit does not check pins for it"
        }
        let result = validation.evaluationResult?.trustKitName ?? validation.decision.trustKitName
        return action + " (\(result))" + (validation.shouldSendReport ? " and sends a pin-failure report" : "")
    }

    /// `expires_soon` inside `expiryWarningDays` of notAfter ("pinned [1] X (intermediate) expires <time>
    /// (valid, 61 days left), within 90 days"), `expired` after it; nil otherwise (a certificate not
    /// valid yet fails the evaluation instead).
    static func expiryProblem(_ certificate: AuditedCertificate, at: Date, pinned: Bool) -> AuditProblem? {
        let validity = ValidityStatus(certificate.certificate, at: at)
        let subject = (pinned ? "pinned " : "") + certificate.label
        let notAfter = CertificateFormatting.timestamp(certificate.certificate.notAfter)
        switch validity.status {
        case .valid where validity.daysLeft < expiryWarningDays:
            return AuditProblem(kind: .expiresSoon, message: "\(subject) expires \(notAfter) (\(validity.text)), "
                + "within \(expiryWarningDays) days")
        case .expired:
            return AuditProblem(kind: .expired, message: "\(subject) expired \(notAfter) (\(validity.text))")
        case .valid, .notYetValid: return nil
        }
    }
}
