/// The caller's limit on intermediates between the leaf and the anchor.
struct ChainDepthCheck: PathCheck {
    let maximumIntermediates: Int

    func check(_ context: PathContext, into failures: inout [TrustFailure]) {
        let intermediates = max(0, context.certificates.count - 2)
        if intermediates > maximumIntermediates {
            failures.append(TrustFailure(index: context.lastIndex, check: .chainDepth,
                                         detail: "\(intermediates) intermediates, at most \(maximumIntermediates) allowed"))
        }
    }
}
