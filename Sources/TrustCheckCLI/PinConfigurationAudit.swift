import FoundationEssentials
import Pinning
import TrustCertificates
import TrustEvaluation

/// `trustcheck audit`'s findings: a TrustKit configuration checked against the chain a server presents
/// now, domain by domain (`DomainAudit`), plus the problems that belong to no one domain (global
/// configuration warnings, the leaf's expiry).
///
/// Which domains are audited: those named with `--domain`; otherwise those the leaf covers (the domain
/// itself, or for includeSubdomains a DNS name of the leaf that TrustKit would look up under it). When
/// the leaf covers none, every domain is audited and each gets `not_valid_for_domain`: the chain is
/// then probably not the one meant, or lacks the name. Domains the leaf does not cover while it covers
/// others are listed as skipped, since one chain is one server's.
struct PinConfigurationAudit {
    let configurationPath: String
    let at: Date
    /// The chain of the first audited domain the leaf covers (SSL evaluation), else of the basic evaluation.
    let chain: [AuditedCertificate]
    /// Problems of no single domain.
    let problems: [AuditProblem]
    /// Every configured domain, sorted by name.
    let domains: [DomainAudit]

    var problemsTotal: Int { problems.count + domains.map(\.problems.count).reduce(0, +) }

    /// `selected`: the domains `--domain` named (already checked to be configured); empty for the default choice.
    init(configuration: TrustKitConfiguration, path: String, leaf: Certificate, intermediates: [Certificate],
         anchors: TrustAnchors, at: Date, selected: [String])
    {
        func evaluate(_ policy: TrustPolicy) -> TrustEvaluationResult {
            TrustEvaluator(anchors: anchors, policies: [policy]).evaluate(leaf: leaf, intermediates: intermediates, at: at)
        }
        func warnings(for domain: String?) -> [AuditProblem] {
            configuration.warnings.filter { $0.domain == domain }
                .map { AuditProblem(kind: .configurationWarning, message: $0.description) }
        }
        // Evaluated at most once, and only when a domain needs it.
        var basicEvaluation: TrustEvaluationResult?
        func basic() -> TrustEvaluationResult {
            if let basicEvaluation { return basicEvaluation }
            let evaluation = evaluate(.basicX509())
            basicEvaluation = evaluation
            return evaluation
        }

        // Each domain with the name its evaluation is for (nil: the leaf covers neither it nor a name under it).
        let entries = configuration.pinnedDomains.values.sorted { $0.domain < $1.domain }
            .map { (policy: $0, hostname: Self.hostname(coveredBy: leaf, for: $0, in: configuration)) }
        let pinned = entries.filter { !$0.policy.excludeSubdomainFromParentPolicy }
        let covered = pinned.filter { $0.hostname != nil }
        let audited = Set(!selected.isEmpty ? selected : (covered.isEmpty ? pinned : covered).map(\.policy.domain))

        let validator = TrustKitPinningValidator(configuration: configuration)
        domains = entries.map { policy, hostname in
            guard !policy.excludeSubdomainFromParentPolicy else {
                return .unaudited(policy, status: .excluded, warnings: warnings(for: policy.domain))
            }
            guard audited.contains(policy.domain) else {
                return .unaudited(policy, status: .skipped, warnings: warnings(for: policy.domain))
            }
            // TrustKit always evaluates with the SSL policy for the name being connected to.
            let name = hostname ?? policy.domain
            let ssl = evaluate(.ssl(server: true, hostname: name))
            return DomainAudit(policy: policy, hostname: hostname, sslEvaluation: ssl, basicEvaluation: basic(),
                               validation: validator.evaluate(hostname: name, evaluation: ssl, at: at),
                               warnings: warnings(for: policy.domain), at: at)
        }

        let chainEvaluation = domains.first { $0.hostname != nil && $0.evaluation != nil }?.evaluation ?? basic()
        chain = AuditedCertificate.chain(of: chainEvaluation)
        configurationPath = path
        self.at = at
        problems = warnings(for: nil) + (chain.first.flatMap { DomainAudit.expiryProblem($0, at: at, pinned: false) }
            .map { [$0] } ?? [])
    }

    /// The name to evaluate `policy` for: its domain when the leaf is valid for it; for includeSubdomains
    /// a (non-wildcard) DNS name of the leaf that TrustKit looks up under this very entry; nil otherwise.
    static func hostname(coveredBy leaf: Certificate, for policy: TrustKitDomainPolicy,
                         in configuration: TrustKitConfiguration) -> String?
    {
        if HostnameMatcher.matches(leaf, hostname: policy.domain, rules: .apple) { return policy.domain }
        guard policy.includeSubdomains else { return nil }
        return leaf.dnsNames.first { name in
            guard !name.contains("*"), let match = configuration.policy(forHostname: name) else { return false }
            return match.notedHostname == policy.domain && !match.policy.excludeSubdomainFromParentPolicy
                && HostnameMatcher.matches(leaf, hostname: name, rules: .apple)
        }
    }
}
