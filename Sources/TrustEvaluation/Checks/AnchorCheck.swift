/// A path must end at an anchor: a self-signed end that is not one is an untrusted root; any other
/// end means an issuer is missing.
struct AnchorCheck: PathCheck {
    func check(_ context: PathContext, into failures: inout [TrustFailure]) {
        guard !context.path.isAnchored else { return }
        failures.append(TrustFailure(
            index: context.lastIndex, check: context.path.endsSelfSigned ? .anchorTrusted : .missingIntermediate))
    }
}
