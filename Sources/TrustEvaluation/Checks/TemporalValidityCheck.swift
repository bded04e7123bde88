import Foundation
import TrustCertificates

/// notBefore ≤ time ≤ notAfter for every certificate, the anchor included (Apple §4.8: inclusive, no
/// leeway), at whole seconds.
struct TemporalValidityCheck: PathCheck {
    func evaluate(_ context: PathContext, into failures: inout [TrustFailure]) {
        let time = context.timeInWholeSeconds
        for (index, certificate) in context.certificates.enumerated()
        where time < certificate.notBefore || time > certificate.notAfter {
            let detail = time < certificate.notBefore ? "not valid before \(certificate.notBefore)"
                : "expired at \(certificate.notAfter)"
            failures.append(TrustFailure(index: index, check: .temporalValidity, detail: detail))
        }
    }
}
