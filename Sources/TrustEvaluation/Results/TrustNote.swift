import TrustCertificates

/// Something worth telling about the presented certificates that does not change the verdict.
public enum TrustNote: Sendable, Hashable, CustomStringConvertible {
    /// The first presented certificate is a CA while the presented certificate at `leafIndex` (0 =
    /// the first given) is an end entity: the certificates were probably given in the wrong order.
    /// Apple takes the first as the leaf whatever it is, and so does TrustCheck.
    case probableWrongOrder(first: Certificate, endEntity: Certificate, leafIndex: Int)
    /// Presented certificates that the reported path does not use, in the order given.
    case unusedPresented([Certificate])

    /// A stable name, for JSON.
    public var name: String {
        switch self {
        case .probableWrongOrder: return "probable_wrong_order"
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
        case .unusedPresented(let certificates):
            return "presented certificates not used by the path: "
                + certificates.map(TrustDiagnostic.quoted).joined(separator: ", ")
        }
    }

    /// The notes for `presented` (leaf first, as given) when the reported path is `path`.
    static func notes(presented: [Certificate], path: [Certificate]) -> [TrustNote] {
        var notes: [TrustNote] = []
        if let first = presented.first, first.isCA,
           let leafIndex = presented.indices.dropFirst().first(where: { !presented[$0].isCA })
        {
            notes.append(.probableWrongOrder(first: first, endEntity: presented[leafIndex], leafIndex: leafIndex))
        }
        let used = Set(path.map { ByteKey($0.sha256) })
        var seen = Set<ByteKey>()
        let unused = presented.filter { !used.contains(ByteKey($0.sha256)) && seen.insert(ByteKey($0.sha256)).inserted }
        if !unused.isEmpty { notes.append(.unusedPresented(unused)) }
        return notes
    }
}
