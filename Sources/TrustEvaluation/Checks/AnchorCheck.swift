import TrustCertificates
/// A path must end at an anchor: a self-signed end that is not one is an untrusted root; any other
/// end means an issuer is missing. When the end's own signature value is malformed, no issuer could
/// have verified it, and the context says so; otherwise it names the issuer looked for and the stores
/// searched. A path the search cut at its length limit (`SearchBudget.maximumPathLength`) is missing
/// nothing it looked for: it fails the budget, naming the limit, at the certificate where it was hit.
struct AnchorCheck: PathCheck {
    func evaluate(_ context: PathContext, into failures: inout [TrustFailure]) {
        guard !context.path.isAnchored else { return }
        let top = context.certificates[context.lastIndex]
        if context.path.endsAtLengthLimit {
            failures.append(TrustFailure(index: context.lastIndex, check: .searchBudgetExhausted,
                                         context: .pathLength(maximum: context.certificates.count, top: top.description)))
        } else if context.path.endsSelfSigned {
            failures.append(TrustFailure(index: context.lastIndex, check: .anchorTrusted,
                                         context: .untrustedRoot(anchors: context.anchors.anchorStores)))
        } else {
            failures.append(TrustFailure(
                index: context.lastIndex, check: .missingIntermediate,
                context: .missingIssuer(issuer: top.issuer, authorityKeyIdentifier: top.authorityKeyIdentifier,
                                        searched: context.anchors.issuerStores, signatureDefect: top.signatureValue.defect)))
        }
    }
}
