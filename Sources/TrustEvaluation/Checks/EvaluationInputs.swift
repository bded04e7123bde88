import FoundationEssentials
import TrustCertificates

/// The inputs one evaluation judges each candidate path with: the verification time, the anchors, the
/// Public Suffix List, CRLs, stapled OCSP responses and the revocation environment. One object per
/// evaluation, so that a check's context holds one reference rather than a copy of each.
final class EvaluationInputs: Sendable {
    let time: Date
    let anchors: TrustAnchors
    let publicSuffixes: PublicSuffixList
    let crls: CRLStore
    let ocspResponses: [OCSPResponse]
    let revocation: RevocationEnvironment

    init(time: Date, anchors: TrustAnchors, publicSuffixes: PublicSuffixList, crls: CRLStore,
         ocspResponses: [OCSPResponse], revocation: RevocationEnvironment)
    {
        self.time = time
        self.anchors = anchors
        self.publicSuffixes = publicSuffixes
        self.crls = crls
        self.ocspResponses = ocspResponses
        self.revocation = revocation
    }
}
