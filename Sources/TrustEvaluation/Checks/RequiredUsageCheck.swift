import TrustCertificates

/// Usages the caller asked of the leaf (x509-limbo's key_usage and extended_key_usage).
struct RequiredUsageCheck: PathCheck {
    let keyUsage: KeyUsage
    let extendedKeyUsages: [String]

    func evaluate(_ context: PathContext, into failures: inout [TrustFailure]) {
        if !keyUsage.isEmpty, let usage = context.leaf.keyUsage, !usage.isSuperset(of: keyUsage) {
            failures.append(TrustFailure(index: 0, check: .keyUsage, detail: "needs \(keyUsage)"))
        }
        if !extendedKeyUsages.isEmpty, let usages = context.leaf.extendedKeyUsage,
           !usages.contains(ExtendedKeyUsageOID.any), !Set(extendedKeyUsages).isSubset(of: usages)
        {
            failures.append(TrustFailure(index: 0, check: .extendedKeyUsage,
                                         detail: "needs \(extendedKeyUsages.map(ExtendedKeyUsageOID.name).joined(separator: ", "))"))
        }
    }
}
