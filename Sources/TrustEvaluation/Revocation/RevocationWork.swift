import Foundation
import TrustCertificates

/// The work one evaluation's revocation checks share across its candidate paths and the nested
/// evaluations of CRL signers: which signers were validated against which anchor (each at most once),
/// which are being validated (a CRL signer's own status must not be read from the CRL it signed), and
/// the CRL signature checks made, counted against the search budget.
///
/// `@unchecked Sendable`: every mutable field is read and written with `lock` held; an evaluation runs
/// on one thread, the lock only keeps the type honest when an evaluator is shared.
final class RevocationWork: @unchecked Sendable {
    /// A signer validated (or refused) against an anchor.
    enum SignerVerdict: Sendable {
        case valid
        case invalid(String)
        /// Being validated further up: its status depends on the CRL being judged (never stored).
        case inProgress
    }

    private let lock = NSLock()
    private var signers: [[UInt8]: SignerVerdict] = [:]
    private var inProgress = Set<[UInt8]>()
    private var signatures: [[UInt8]: Bool] = [:]
    private(set) var signatureChecks = 0
    let maximumSignatureChecks: Int

    init(budget: SearchBudget) {
        maximumSignatureChecks = budget.maximumSignatureChecks
    }

    /// Whether `signer`'s key made `crl`'s signature; nil when the budget of signature checks is spent.
    func verifies(_ crl: CertificateRevocationList, by signer: Certificate) -> Bool? {
        let key = crl.sha256 + signer.spkiSHA256
        return lock.withLock {
            if let known = signatures[key] { return known }
            guard signatureChecks < maximumSignatureChecks else { return nil }
            signatureChecks += 1
            let valid = crl.isSigned(by: signer)
            signatures[key] = valid
            return valid
        }
    }

    /// The verdict on `signer` under `anchor` at nesting `depth`, computing it with `validate` the first
    /// time. While it is being computed, at any depth, asking again gives `.inProgress` (the cycle of a
    /// signer whose status would come from the CRL it signed). Verdicts are kept per depth: a validation
    /// that reached the depth limit says nothing about one that starts higher up.
    func verdict(on signer: Certificate, under anchor: Certificate, depth: Int,
                 validate: () -> SignerVerdict) -> SignerVerdict
    {
        let pair = signer.sha256 + anchor.sha256
        let key = pair + [UInt8(clamping: depth)]
        let known: SignerVerdict? = lock.withLock {
            if inProgress.contains(pair) { return .inProgress }
            if let known = signers[key] { return known }
            inProgress.insert(pair)
            return nil
        }
        if let known { return known }
        let verdict = validate()
        lock.withLock {
            inProgress.remove(pair)
            signers[key] = verdict
        }
        return verdict
    }
}
