import TrustCertificates

/// A path from the leaf towards an anchor, as the builder found it.
struct CandidatePath: Sendable {
    let elements: [ChainElement]
    /// The elements' certificates, leaf first (every check reads them, so they are listed once).
    let certificates: [Certificate]
    /// Ends at a certificate that is one of the anchors in use.
    let isAnchored: Bool
    /// Cut at `SearchBudget.maximumPathLength`: its top's issuer was not looked for, so the path is
    /// not known to be missing one.
    let endsAtLengthLimit: Bool
    /// For a path that is not anchored: whether its end's self-signature verified (the builder checks it
    /// while searching, within the budget).
    private let unanchoredEndSelfSigned: Bool

    /// A path that does not end at an anchor; `endsSelfSigned` as the builder found it.
    init(elements: [ChainElement], isAnchored: Bool, endsSelfSigned: Bool, endsAtLengthLimit: Bool = false) {
        self.elements = elements
        self.certificates = elements.map(\.certificate)
        self.isAnchored = isAnchored
        self.unanchoredEndSelfSigned = endsSelfSigned
        self.endsAtLengthLimit = endsAtLengthLimit
    }

    /// A path ending at an anchor. Whether the anchor is self-signed is asked of the anchor (decided once
    /// per certificate), and only if a check or the path scoring needs it.
    init(anchoredAt elements: [ChainElement]) {
        self.init(elements: elements, isAnchored: true, endsSelfSigned: false)
    }

    /// Ends at a self-issued certificate whose signature verifies under its own key.
    var endsSelfSigned: Bool { isAnchored ? top.isSelfSigned : unanchoredEndSelfSigned }

    var top: Certificate { elements[elements.count - 1].certificate }
}
