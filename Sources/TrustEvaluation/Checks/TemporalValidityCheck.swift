import FoundationEssentials
import TrustCertificates

/// notBefore ≤ time ≤ notAfter for every certificate, the anchor included (Apple §4.8: inclusive, no
/// leeway), at whole seconds: `ValidityWindow` decides.
struct TemporalValidityCheck: PathCheck {
    func evaluate(_ context: PathContext, into failures: inout [TrustFailure]) {
        for (index, certificate) in context.certificates.enumerated() {
            guard !ValidityWindow(certificate).contains(context.time) else { continue }
            failures.append(TrustFailure(
                index: index, check: .temporalValidity,
                context: .validity(notBefore: certificate.notBefore, notAfter: certificate.notAfter, at: context.time)))
        }
    }
}
