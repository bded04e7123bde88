import TrustCertificates

/// Something worth telling about the presented certificates that does not change the verdict.
public enum TrustNote: Sendable, Hashable, CustomStringConvertible {
    /// The first presented certificate is a CA while the presented certificate at `leafIndex` (0 =
    /// the first given) is an end entity: the certificates were probably given in the wrong order.
    /// Apple takes the first as the leaf whatever it is, and so does TrustCheck.
    case probableWrongOrder(first: Certificate, endEntity: Certificate, leafIndex: Int)
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
        case .probableWrongOrder(let first, let endEntity, let leafIndex):
            return "the first certificate \(TrustDiagnostic.quoted(first)) is a CA, and presented certificate "
                + "\(leafIndex) \(TrustDiagnostic.quoted(endEntity)) is an end entity: the chain is probably in the "
                + "wrong order (the leaf must come first; it was evaluated as given)"
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
            notes.append(.probableWrongOrder(first: first, endEntity: presented[leafIndex], leafIndex: leafIndex))
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
