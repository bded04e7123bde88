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
        /// Being validated further up: its status depends on the CRL being judged.
        case inProgress
    }

    private let lock = NSLock()
    private var signers: [[UInt8]: SignerVerdict] = [:]
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

    /// The verdict on `signer` under `anchor`, computing it with `validate` the first time; while it is
    /// being computed, asking again gives `.inProgress`.
    func verdict(on signer: Certificate, under anchor: Certificate, validate: () -> SignerVerdict) -> SignerVerdict {
        let key = signer.sha256 + anchor.sha256
        let known: SignerVerdict? = lock.withLock {
            if let known = signers[key] { return known }
            signers[key] = .inProgress
            return nil
        }
        if let known { return known }
        let verdict = validate()
        lock.withLock { signers[key] = verdict }
        return verdict
    }
}
