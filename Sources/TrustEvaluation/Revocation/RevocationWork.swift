import FoundationEssentials
import Synchronization
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

    private let lock = Mutex(())
    private var signers: [[UInt8]: SignerVerdict] = [:]
    private var inProgress = Set<[UInt8]>()
    /// Pairs whose in-progress validation was relied on (`.inProgress` given out while it ran).
    private var reliedOn = Set<[UInt8]>()
    /// The keys of `signers` in the order stored, to drop those that relied on a signer found invalid.
    private var storedKeys: [[UInt8]] = []
    private var signatures: [[UInt8]: Bool] = [:]
    private(set) var signatureChecks = 0
    let maximumSignatureChecks: Int

    init(budget: SearchBudget) {
        maximumSignatureChecks = budget.maximumSignatureChecks
    }

    /// Whether `key` made `crl`'s signature; nil when the budget of signature checks is spent.
    func verifies(_ crl: CertificateRevocationList, byKey key: PublicKeyInfo) -> Bool? {
        signature(crl.sha256 + key.spkiSHA256) { crl.isSigned(byKey: key) }
    }

    /// Whether `key` made `certificate`'s signature (a CRL signer's own, when its DSA key inherits the
    /// parameters of the key above it); nil when the budget of signature checks is spent.
    func verifies(_ certificate: Certificate, byKey key: PublicKeyInfo) -> Bool? {
        signature(certificate.sha256 + key.spkiSHA256) { certificate.isSigned(byKey: key) }
    }

    /// A signature check, counted against the budget once and remembered under `pair`.
    private func signature(_ pair: [UInt8], _ verify: () -> Bool) -> Bool? {
        lock.withLock { _ in
            if let known = signatures[pair] { return known }
            guard signatureChecks < maximumSignatureChecks else { return nil }
            signatureChecks += 1
            let valid = verify()
            signatures[pair] = valid
            return valid
        }
    }

    /// The verdict on `signer` under `anchor` at nesting `depth`, computing it with `validate` the first
    /// time. While it is being computed, at any depth, asking again gives `.inProgress` (the cycle of a
    /// signer whose status would come from the CRL it signed). Verdicts are kept per depth: a validation
    /// that reached the depth limit says nothing about one that starts higher up. A validation that was
    /// relied on while in progress and ends invalid takes with it every verdict stored meanwhile, since
    /// those may have counted on it.
    func verdict(on signer: Certificate, under anchor: Certificate, depth: Int,
                 validate: () -> SignerVerdict) -> SignerVerdict
    {
        let pair = signer.sha256 + anchor.sha256
        let key = pair + [UInt8(clamping: depth)]
        let known: (verdict: SignerVerdict?, mark: Int) = lock.withLock { _ in
            if inProgress.contains(pair) {
                reliedOn.insert(pair)
                return (.inProgress, 0)
            }
            if let known = signers[key] { return (known, 0) }
            inProgress.insert(pair)
            return (nil, storedKeys.count)
        }
        if let verdict = known.verdict { return verdict }
        let verdict = validate()
        lock.withLock { _ in
            inProgress.remove(pair)
            if reliedOn.remove(pair) != nil, case .invalid = verdict {
                for stale in storedKeys[known.mark...] { signers[stale] = nil }
                storedKeys.removeSubrange(known.mark...)
            }
            signers[key] = verdict
            storedKeys.append(key)
        }
        return verdict
    }
}
