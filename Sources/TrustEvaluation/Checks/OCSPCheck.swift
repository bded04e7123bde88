import FoundationEssentials
import TrustCertificates

/// Revocation from stapled OCSP responses. Apple consumes them for every certificate below the root
/// whatever the policies (`SecORVCProcessStapledResponses`): a usable response saying revoked is a
/// Revocation failure (fatal, errSecCertificateRevoked) with its date and reason; good says nothing
/// more; an unusable one (see `OCSPResponseReport.assess`) is ignored, and only reported.
struct OCSPCheck: PathCheck {
    func evaluate(_ context: PathContext, into failures: inout [TrustFailure]) {
        for response in context.ocspResponses {
            let report = OCSPResponseReport.assess(response, path: context.certificates, at: context.time)
            guard report.isUsed, let index = report.certificateIndex,
                  case .revoked(let date, let reason) = report.status
            else { continue }
            failures.append(TrustFailure(index: index, check: .revocation, context: .revoked(date: date, reason: reason)))
        }
    }
}
