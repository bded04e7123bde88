import TrustCertificates

/// What the revocation check needs beyond the path: the policy, the certificates a CRL signer may be
/// found among, the budget nested signer validations run under, and the work they share.
struct RevocationEnvironment: Sendable {
    let policy: RevocationPolicy
    /// The presented certificates (leaf and intermediates), where CRL signers and their paths are looked for.
    let presented: [Certificate]
    let budget: SearchBudget
    let work: RevocationWork
    /// How many CRL signer validations this evaluation is nested in (0: the caller's evaluation).
    let depth: Int
}
