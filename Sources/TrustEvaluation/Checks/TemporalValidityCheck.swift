import Foundation

/// notBefore ≤ time ≤ notAfter for every certificate, the anchor included (Apple §4.8: inclusive, no
/// leeway). Certificate times have whole seconds, so the evaluation time is compared at that
/// resolution: the last second of validity is valid all through.
struct TemporalValidityCheck: PathCheck {
    func check(_ context: PathContext, into failures: inout [TrustFailure]) {
        let time = Date(timeIntervalSince1970: context.time.timeIntervalSince1970.rounded(.down))
        for (index, certificate) in context.certificates.enumerated()
        where time < certificate.notBefore || time > certificate.notAfter {
            let detail = time < certificate.notBefore ? "not valid before \(certificate.notBefore)"
                : "expired at \(certificate.notAfter)"
            failures.append(TrustFailure(index: index, check: .temporalValidity, detail: detail))
        }
    }
}
