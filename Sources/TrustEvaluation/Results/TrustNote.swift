import TrustCertificates

/// Something worth telling about the presented certificates that does not change the verdict.
public enum TrustNote: Sendable, Hashable, CustomStringConvertible {
    /// The first presented certificate is a CA while the presented certificate at `leafIndex` (0 =
    /// the first given) is an end entity: the certificates were presented out of order. Apple takes the
    /// first as the leaf whatever it is, and so does TrustCheck. `rightOrder` is the order to present
    /// them in: the end entity, then each issuer found by name among the presented certificates.
    case probableWrongOrder(first: Certificate, endEntity: Certificate, leafIndex: Int, rightOrder: [Certificate])
    /// A presented certificate off the reported path whose key signed a CRL considered for the path's
    /// certificate `subject` at `index` (RFC 5280 §6.3.3 (f)): used, as that CRL's signer, not unused.
    /// `crl` names the CRL as the revocation report does; `verdict` says what became of the CRL.
    case crlSigner(Certificate, crl: String, verdict: CRLAssessment.Verdict, subject: Certificate, index: Int)
    /// Presented certificates that the reported path does not use, in the order given (CRL signers
    /// excepted: they have their own note).
    case unusedPresented([Certificate])

    /// A stable name, for JSON.
    public var name: String {
        switch self {
        case .probableWrongOrder: return "probable_wrong_order"
        case .crlSigner: return "crl_signer"
        case .unusedPresented: return "unused_presented"
        }
    }

    /// The note in the user's terms.
    public var description: String {
        switch self {
        case .probableWrongOrder:
            return (outOfOrder ?? "") + " (it was evaluated as given, the first certificate as the leaf)"
        case .crlSigner(let signer, let crl, let verdict, let subject, let index):
            let outcome: String
            switch verdict {
            case .used: outcome = "used"
            case .notApplicable: outcome = "that did not apply"
            case .unusable, .notSignedByIssuer: outcome = "that could not be used"
            }
            return "presented certificate \(TrustDiagnostic.quoted(signer)) is not on the path but signed the \(crl), "
                + "\(outcome) for the revocation status of [\(index)] \(TrustDiagnostic.quoted(subject))"
        case .unusedPresented(let certificates):
            return "presented certificates not used by the path: "
                + certificates.map(TrustDiagnostic.quoted).joined(separator: ", ")
        }
    }

    /// For a chain presented out of order, what is wrong and the right order, in one phrase:
    /// `chain presented out of order: the CA “I” came first, the end entity “L” as certificate 1; the
    /// right order is “L”, “I”`. nil for the other notes.
    public var outOfOrder: String? {
        guard case .probableWrongOrder(let first, let endEntity, let leafIndex, let rightOrder) = self else { return nil }
        return "chain presented out of order: the CA \(TrustDiagnostic.quoted(first)) came first, the end entity "
            + "\(TrustDiagnostic.quoted(endEntity)) as certificate \(leafIndex); the right order is "
            + rightOrder.map(TrustDiagnostic.quoted).joined(separator: ", ")
    }

    /// `endEntity`, then its issuer among `presented` (by name), then that one's, up to a self-issued
    /// certificate or one whose issuer is not there: the order the leaf's chain should be presented in.
    static func rightOrder(from endEntity: Certificate, among presented: [Certificate]) -> [Certificate] {
        var order = [endEntity]
        var remaining = presented.filter { $0 != endEntity }
        while let current = order.last, !current.isSelfIssued,
              let next = remaining.firstIndex(where: { $0.subject.normalized == current.issuer.normalized })
        {
            order.append(remaining.remove(at: next))
        }
        return order
    }

    /// The notes for `presented` (leaf first, as given) when the reported path is `path`, whose
    /// certificates' revocation statuses are `revocation`: a presented certificate off the path that
    /// signed a CRL considered there is a CRL signer, not unused.
    static func notes(presented: [Certificate], path: [Certificate],
                      revocation: [CertificateRevocationStatus] = []) -> [TrustNote]
    {
        var notes: [TrustNote] = []
        if let first = presented.first, first.isCA,
           let leafIndex = presented.indices.dropFirst().first(where: { !presented[$0].isCA })
        {
            let endEntity = presented[leafIndex]
            notes.append(.probableWrongOrder(first: first, endEntity: endEntity, leafIndex: leafIndex,
                                             rightOrder: rightOrder(from: endEntity, among: presented)))
        }
        // The usual case, without sets: every presented certificate is on the path and no CRL was signed
        // by one that is not.
        if revocation.allSatisfy({ $0.crls.isEmpty }),
           presented.allSatisfy({ certificate in path.contains { $0 === certificate || $0 == certificate } })
        {
            return notes
        }
        var used = Set(path.map { ByteKey($0.sha256) })
        let presentedDigests = Set(presented.map { ByteKey($0.sha256) })
        var signers: [TrustNote] = []
        for status in revocation where path.indices.contains(status.index) {
            for assessment in status.crls {
                guard let signer = assessment.signer, presentedDigests.contains(ByteKey(signer.sha256)),
                      !path.contains(where: { $0.sha256 == signer.sha256 }) else { continue }
                let note = TrustNote.crlSigner(signer, crl: assessment.crl, verdict: assessment.verdict,
                                               subject: path[status.index], index: status.index)
                if !signers.contains(note) { signers.append(note) }
            }
        }
        notes += signers
        for case .crlSigner(let signer, _, _, _, _) in signers { used.insert(ByteKey(signer.sha256)) }
        var seen = Set<ByteKey>()
        let unused = presented.filter { !used.contains(ByteKey($0.sha256)) && seen.insert(ByteKey($0.sha256)).inserted }
        if !unused.isEmpty { notes.append(.unusedPresented(unused)) }
        return notes
    }
}
