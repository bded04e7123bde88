import TrustCertificates
/// A path must end at an anchor: a self-signed end that is not one is an untrusted root; any other
/// end means an issuer is missing. When the end's own signature value is malformed, no issuer could
/// have verified it, and the detail says so.
struct AnchorCheck: PathCheck {
    func evaluate(_ context: PathContext, into failures: inout [TrustFailure]) {
        guard !context.path.isAnchored else { return }
        failures.append(TrustFailure(
            index: context.lastIndex, check: context.path.endsSelfSigned ? .anchorTrusted : .missingIntermediate,
            detail: context.certificates[context.lastIndex].signatureValue.defect))
    }
}
