/// notBefore ≤ time ≤ notAfter for every certificate, the anchor included (Apple §4.8: inclusive, no leeway).
struct TemporalValidityCheck: PathCheck {
    func check(_ context: PathContext, into failures: inout [TrustFailure]) {
        for (index, certificate) in context.certificates.enumerated()
        where context.time < certificate.notBefore || context.time > certificate.notAfter {
            let detail = context.time < certificate.notBefore ? "not valid before \(certificate.notBefore)"
                : "expired at \(certificate.notAfter)"
            failures.append(TrustFailure(index: index, check: .temporalValidity, detail: detail))
        }
    }
}
