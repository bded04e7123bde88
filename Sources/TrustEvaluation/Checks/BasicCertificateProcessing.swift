import TrustCertificates

/// RFC 5280 §6.1 basic path processing, as Apple runs it for every policy (§4.6): CA status and
/// keyCertSign of every issuer (the anchor included), path lengths and name constraints seeded by the
/// anchor, unknown critical extensions below the anchor, key-identifier linkage and non-empty names.
struct BasicCertificateProcessing: PathCheck {
    let profile: TrustProfile

    func evaluate(_ context: PathContext, into failures: inout [TrustFailure]) {
        let certificates = context.certificates
        checkIssuers(context, into: &failures)
        checkPathLength(certificates, into: &failures)
        checkNameConstraints(context, into: &failures)
        for (index, certificate) in certificates.enumerated() {
            let isAnchor = index == context.anchorIndex
            let unknownCritical = profile.unknownCriticalExtensions(of: certificate)
            if !isAnchor, !unknownCritical.isEmpty {
                failures.append(TrustFailure(index: index, check: .criticalExtensions, context: .extensions(unknownCritical)))
            }
            if !certificate.unparseableExtensions.isEmpty {
                failures.append(TrustFailure(index: index, check: .unparseableExtension,
                                             context: .extensions(certificate.unparseableExtensions.keys.sorted())))
            }
            if !certificate.duplicateExtensions.isEmpty {
                failures.append(TrustFailure(index: index, check: .duplicateExtension,
                                             context: .extensions(certificate.duplicateExtensions)))
            }
            if index + 1 < certificates.count, let aki = certificate.authorityKeyIdentifier,
               let ski = certificates[index + 1].subjectKeyIdentifier, aki != ski
            {
                failures.append(TrustFailure(index: index, check: .idLinkage))
            }
            if certificate.subject.isEmpty {
                // A leaf may have an empty subject only when a critical subjectAltName names it.
                let criticalSAN = certificate.extensions.contains { $0.oid == ExtensionOID.subjectAltName && $0.critical }
                if index > 0 || !criticalSAN { failures.append(TrustFailure(index: index, check: .nonEmptySubject)) }
            }
        }
    }

    /// Every certificate above the leaf signs certificates, so it must be a CA allowed to do so.
    private func checkIssuers(_ context: PathContext, into failures: inout [TrustFailure]) {
        let certificates = context.certificates
        guard certificates.count > 1 else { return }
        let anchorIsV3 = context.anchorIndex.map { certificates[$0].version >= 3 } ?? true
        for index in 1..<certificates.count {
            let certificate = certificates[index]
            let isAnchor = index == context.anchorIndex
            if certificate.version >= 3 {
                if let constraints = certificate.basicConstraints {
                    if !constraints.isCA { failures.append(TrustFailure(index: index, check: .basicConstraintsCA)) }
                } else {
                    failures.append(TrustFailure(index: index, check: .basicConstraints))
                }
            } else if !isAnchor && (anchorIsV3 || profile != .apple) {
                // A v1/v2 certificate cannot say it is a CA; only an anchor may be one.
                failures.append(TrustFailure(index: index, check: .basicConstraints, detail: "version \(certificate.version) issuer"))
            }
            if let usage = certificate.keyUsage, !usage.contains(.keyCertSign) {
                failures.append(TrustFailure(index: index, check: .keyUsage, detail: "issuer without keyCertSign"))
            }
        }
    }

    /// RFC 5280 §6.1.4 (l, m): walking down from the top, every non-self-issued intermediate uses up
    /// one step of the smallest pathLenConstraint above it (the anchor's included, as Apple honours
    /// it); the intermediate that finds none left is the one that fails.
    private func checkPathLength(_ certificates: [Certificate], into failures: inout [TrustFailure]) {
        guard certificates.count > 2 else { return }
        var remaining: Int?
        for index in stride(from: certificates.count - 1, through: 1, by: -1) {
            let certificate = certificates[index]
            if index < certificates.count - 1 && !certificate.isSelfIssued {
                if remaining == 0 {
                    failures.append(TrustFailure(index: index, check: .basicConstraintsPathLen,
                                                 detail: "no path length left under the constraints above"))
                } else if let steps = remaining {
                    remaining = steps - 1
                }
            }
            if let limit = certificate.basicConstraints?.pathLength { remaining = min(remaining ?? limit, limit) }
        }
    }

    /// Each CA's constraints apply to every certificate below it; the checker exempts self-issued
    /// intermediates (RFC 5280 §6.1.3 b/c) and bounds its own work.
    private func checkNameConstraints(_ context: PathContext, into failures: inout [TrustFailure]) {
        let certificates = context.certificates
        guard certificates.count > 1 else { return }
        let rules: NameConstraintRules = profile == .apple ? .apple : .webpki
        var reported = Set<Int>()
        for issuerIndex in 1..<certificates.count {
            guard let constraints = certificates[issuerIndex].nameConstraints else { continue }
            for index in 0..<issuerIndex where !reported.contains(index) {
                let certificate = certificates[index]
                let violations = NameConstraintsChecker.violations(
                    of: constraints, for: certificate, isLeaf: index == 0, isSelfIssued: certificate.isSelfIssued,
                    rules: rules)
                if let first = violations.first {
                    reported.insert(index)
                    failures.append(TrustFailure(index: index, check: .nameConstraints, detail: first.description))
                }
            }
        }
    }
}
