import TrustCertificates

/// Apple's ExtendedKeyUsage check (§4.2): the leaf's EKU, when present, must allow the policy's
/// purpose; in paths of three or more, so must every intermediate's (the root is exempt). RFC 5280
/// puts no EKU constraint on CA certificates, so its profile checks the leaf only.
struct ExtendedKeyUsageCheck: PathCheck {
    let acceptable: Set<String>
    let constrainsIntermediates: Bool

    static func forSSL(server: Bool, profile: TrustProfile) -> ExtendedKeyUsageCheck {
        ExtendedKeyUsageCheck(acceptable: server ? serverUsages : clientUsages, constrainsIntermediates: profile != .rfc5280)
    }

    /// Built once: every SSL policy of every evaluation asks for one of them.
    private static let serverUsages: Set<String> = [
        ExtendedKeyUsageOID.any, ExtendedKeyUsageOID.serverAuth, ExtendedKeyUsageOID.microsoftSGC, ExtendedKeyUsageOID.netscapeSGC,
    ]
    private static let clientUsages: Set<String> = [ExtendedKeyUsageOID.any, ExtendedKeyUsageOID.clientAuth]

    func evaluate(_ context: PathContext, into failures: inout [TrustFailure]) {
        if let usages = context.leaf.extendedKeyUsage, acceptable.isDisjoint(with: usages) {
            failures.append(TrustFailure(index: 0, check: .extendedKeyUsage, detail: usages.map(ExtendedKeyUsageOID.name).joined(separator: ", ")))
        }
        guard constrainsIntermediates, context.certificates.count > 2 else { return }
        for index in 1..<context.lastIndex {
            if let usages = context.certificates[index].extendedKeyUsage, acceptable.isDisjoint(with: usages) {
                failures.append(TrustFailure(index: index, check: .extendedKeyUsage))
            }
        }
    }
}

/// Apple's stricter ServerAuthEKU (iOS 13+): under a system root the leaf needs an explicit serverAuth
/// and sub-CAs with an EKU need serverAuth or anyEKU; under any other anchor, leaves issued after
/// 2019-06-30T23:00Z need an explicit serverAuth.
struct ServerAuthEKUCheck: PathCheck {
    /// CFAbsoluteTime 583628400 ("1 July 2019" in Apple's source); compared with `>`.
    static let explicitServerAuthAfter = AppleDates.date(cfAbsoluteTime: 583_628_400)

    func evaluate(_ context: PathContext, into failures: inout [TrustFailure]) {
        let leafHasServerAuth = context.leaf.extendedKeyUsage?.contains(ExtendedKeyUsageOID.serverAuth) ?? false
        if context.rootIsInSystemStore {
            // trustd records a sub-CA's missing serverAuth against the leaf, not the sub-CA.
            let subCALacksServerAuth = context.certificates.count > 2 && context.certificates[1..<context.lastIndex].contains {
                guard let usages = $0.extendedKeyUsage else { return false }
                return !usages.contains(ExtendedKeyUsageOID.serverAuth) && !usages.contains(ExtendedKeyUsageOID.any)
            }
            if !leafHasServerAuth || subCALacksServerAuth {
                failures.append(TrustFailure(index: 0, check: .serverAuthEKU))
            }
        } else if context.leaf.notBefore > Self.explicitServerAuthAfter && !leafHasServerAuth {
            failures.append(TrustFailure(index: 0, check: .serverAuthEKU, detail: "issued after 2019-07-01 without serverAuth"))
        }
    }
}
