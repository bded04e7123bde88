import Foundation
import TrustCertificates

/// notBefore ≤ time ≤ notAfter for every certificate, the anchor included (Apple §4.8: inclusive, no
/// leeway), at whole seconds: `ValidityWindow` decides.
struct TemporalValidityCheck: PathCheck {
    func evaluate(_ context: PathContext, into failures: inout [TrustFailure]) {
        for (index, certificate) in context.certificates.enumerated() {
            switch ValidityWindow(certificate).position(of: context.time) {
            case .valid: continue
            case .notYetValid:
                failures.append(TrustFailure(index: index, check: .temporalValidity,
                                             detail: "not valid before \(certificate.notBefore)"))
            case .expired:
                failures.append(TrustFailure(index: index, check: .temporalValidity,
                                             detail: "expired at \(certificate.notAfter)"))
            }
        }
    }
}
