import FoundationEssentials
import TrustCertificates

extension TrustFailure {
    /// How much a failure tells about what to fix, for choosing the one a headline names
    /// (`mostSpecific(among:)`); an earlier case is more specific.
    ///
    /// Apple's primary error (`TrustError.primaryFailure(among:)`) ranks by error subtype and puts a
    /// host name mismatch and expiry last, so a leaf that is expired under a root nobody trusts reads
    /// "not trusted". A headline names first what is true of the certificates themselves and can be
    /// fixed there, and last what every chain nobody anchored ends with:
    ///
    /// 1. `revoked` — Revocation: the issuer withdrew the certificate; nothing else matters (fatal).
    /// 2. `hostname` — SSLHostname: the leaf is not for the host asked for.
    /// 3. `validity` — TemporalValidity: expired or not yet valid at the evaluation time.
    /// 4. `cryptography` — WeakKeySize, WeakSignature, KeySize, SignatureHashAlgorithms: broken or
    ///    refused keys and signatures.
    /// 5. `usage` — KeyUsage, ExtendedKeyUsage, ServerAuthEKU: the certificate is not for this use.
    /// 6. `compliance` — basic and name constraints, certificate policies, extensions, an empty
    ///    subject, key identifiers, the validity period, the web PKI rules.
    /// 7. `revocationUnknown` — RevocationResponseRequired: no answer on revocation where one is needed.
    /// 8. `chainBuilding` — AnchorTrusted, MissingIntermediate: no path to an anchor.
    /// 9. `limits` — SearchBudgetExhausted, ChainDepth: a limit of the search or of the caller.
    ///
    /// A pin mismatch (`PinningOutcome.blockReason`) is decided only on a chain the engine trusts, so it
    /// never competes with these; a chain presented out of order (`TrustNote.probableWrongOrder`) comes
    /// before all of them in `TrustEvaluationResult.reason`, since every failure then is about the
    /// wrong certificate.
    public enum Specificity: Int, Sendable, Hashable, Comparable, CaseIterable {
        case revoked, hostname, validity, cryptography, usage, compliance, revocationUnknown, chainBuilding, limits

        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Where the failure's check stands in the headline's ranking (`Specificity`).
    public var specificity: Specificity {
        switch check {
        case .revocation: return .revoked
        case .sslHostname: return .hostname
        case .temporalValidity: return .validity
        case .weakKeySize, .weakSignature, .keySize, .signatureHashAlgorithms: return .cryptography
        case .keyUsage, .extendedKeyUsage, .serverAuthEKU: return .usage
        case .basicConstraints, .basicConstraintsCA, .basicConstraintsPathLen, .nonEmptySubject, .idLinkage,
             .criticalExtensions, .unparseableExtension, .duplicateExtension, .nameConstraints, .policyConstraints,
             .systemTrustValidityPeriod, .otherTrustValidityPeriod, .webPKICompliance:
            return .compliance
        case .revocationResponseRequired: return .revocationUnknown
        case .anchorTrusted, .missingIntermediate: return .chainBuilding
        case .searchBudgetExhausted, .chainDepth: return .limits
        }
    }

    /// The failure a headline names: the most specific (`Specificity`), ties going to the lowest
    /// certificate index (the leaf first); nil when nothing failed.
    public static func mostSpecific(among failures: [TrustFailure]) -> TrustFailure? {
        failures.min { ($0.specificity, $0.index) < ($1.specificity, $1.index) }
    }

    /// The failure in one phrase of the user's terms, naming the certificate of `chain` (the evaluated
    /// path, leaf first) it is about: `host name mismatch: the certificate is valid for a.example, not
    /// c.example`, `not yet valid: the leaf “x” is valid from …, evaluated at …`, `untrusted root: the
    /// root “R”: self-signed, and not among the custom anchors`. Certificate names are the
    /// certificates' own text: escape them before printing to a terminal.
    public func reason(on chain: [ChainElement]) -> String {
        let certificate = Self.named(index, on: chain)
        switch (check, context) {
        case (.sslHostname, let context?):
            return "\(check.headline): \(context.standaloneText)"
        case (.temporalValidity, .validity(let notBefore, let notAfter, let at)?):
            let evaluated = "evaluated at \(RFC3339.string(at))"
            if context?.validityPosition == .notYetValid {
                return "not yet valid: \(certificate) is valid from \(RFC3339.string(notBefore)), \(evaluated)"
            }
            return "expired: \(certificate) expired at \(RFC3339.string(notAfter)), \(evaluated)"
        case (.revocation, let context?):
            return "\(check.headline): \(certificate) was \(context.text)"
        case (.webPKICompliance, .rule(let rule, let detail)?):
            return "web PKI rule \(rule.rawValue) broken: \(certificate): \(detail)"
        default:
            return "\(check.headline): \(certificate)" + (detail.map { ": \($0)" } ?? "")
        }
    }

    /// The certificate at `index` of `chain` by its role and name: `the leaf “www.example.test”`, `the
    /// intermediate “…”`, `the anchor “…”` (from a store), `the root “…”` (self-issued, presented).
    static func named(_ index: Int, on chain: [ChainElement]) -> String {
        guard chain.indices.contains(index) else { return "certificate [\(index)]" }
        let element = chain[index]
        let role: String
        if index == 0 {
            role = "the leaf"
        } else if index == chain.count - 1 && element.source != .presented {
            role = "the anchor"
        } else if index == chain.count - 1 && element.certificate.isSelfIssued {
            role = "the root"
        } else {
            role = "the intermediate"
        }
        return "\(role) \(TrustDiagnostic.quoted(element.certificate))"
    }
}
