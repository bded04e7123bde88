import TrustCertificates
/// The caller's limit on intermediates between the leaf and the anchor. Self-issued intermediates
/// (key rollovers) are the same logical CA and do not count, as for pathLenConstraint.
struct ChainDepthCheck: PathCheck {
    let maximumIntermediates: Int

    func evaluate(_ context: PathContext, into failures: inout [TrustFailure]) {
        let certificates = context.certificates
        let intermediates = certificates.count > 2 ? certificates[1..<context.lastIndex].filter { !$0.isSelfIssued }.count : 0
        if intermediates > maximumIntermediates {
            failures.append(TrustFailure(index: context.lastIndex, check: .chainDepth,
                                         context: .chainDepth(intermediates: intermediates, maximum: maximumIntermediates)))
        }
    }
}
