import FoundationEssentials
import TrustCertificates

/// Apple's SecCertificatePathVCScore (§4.7): how good a candidate path is, used to pick the path to
/// report when several are possible.
struct PathScore: Comparable {
    let value: Int

    init(path: CandidatePath, accepted: Bool, time: Date) {
        let certificates = path.certificates
        var score = 0
        if accepted { score += 10_000_000 }
        if path.isAnchored { score += 10_000 }
        score += path.endsSelfSigned ? 1000 - certificates.count : certificates.count
        if certificates.allSatisfy({ ValidityWindow($0).contains(time) }) { score += 100 }
        let belowAnchor = path.isAnchored ? certificates.dropLast() : certificates[...]
        if !belowAnchor.contains(where: SignatureAlgorithmCheck.isWeakForScoring) { score += 10 }
        if !certificates.contains(where: { KeyStrengthCheck.isWeakForScoring($0.publicKey) }) { score += 10 }
        value = score
    }

    static func < (lhs: PathScore, rhs: PathScore) -> Bool { lhs.value < rhs.value }
}
