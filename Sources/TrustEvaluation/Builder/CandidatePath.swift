import TrustCertificates

/// A path from the leaf towards an anchor, as the builder found it.
struct CandidatePath: Sendable {
    var elements: [ChainElement]
    /// Ends at a certificate that is one of the anchors in use.
    var isAnchored: Bool
    /// Ends at a self-issued certificate whose signature verifies under its own key.
    var endsSelfSigned: Bool

    var certificates: [Certificate] { elements.map(\.certificate) }
    var top: Certificate { elements[elements.count - 1].certificate }
}
