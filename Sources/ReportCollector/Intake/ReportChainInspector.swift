import Foundation
import TrustCertificates
import TrustEvaluation

/// Parses a report's `validated-certificate-chain` with the engine and decides whether it chains to the
/// collector's anchors: the basic X.509 policy (no host name: the report's `hostname` is what the app asked
/// for, and a proxy's certificate usually matches it), at the report's `date-time` — and, when it does not,
/// at the time the report arrived, which tells a device with a wrong clock from a chain that is bad.
public struct ReportChainInspector: Sendable {
    /// The anchors (`--anchors`, else the system roots); nil checks nothing.
    public let anchors: CertificateStore?
    private let cache = ParsedCertificateCache()

    public init(anchors: CertificateStore?) {
        self.anchors = anchors
    }

    /// Each PEM parsed (leaf first) and the anchor verdict. Any entry that is not exactly one certificate
    /// rejects the whole report: a chain that cannot be parsed cannot be analysed, and is never stored half.
    /// TrustKit-Android's `served-certificate-chain` is held to the same rule, so what is stored of it is
    /// certificates too. `receivedAt` is when the report arrived (nil: the chain is judged at the device's
    /// time alone).
    public func inspect(_ body: TrustKitReportBody, receivedAt: Date? = nil) throws(ReportRejection)
        -> (certificates: [ReportedCertificate], anchorCheck: AnchorCheck)
    {
        let parsed = try certificates(body.validatedCertificateChain, field: "validated-certificate-chain")
        _ = try certificates(body.servedCertificateChain ?? [], field: "served-certificate-chain")
        let reported = parsed.enumerated().map { position, certificate in
            ReportedCertificate(position: position, subject: certificate.subject.rfc4514, issuer: certificate.issuer.rfc4514,
                                spkiPin: Base64.encode(certificate.spkiSHA256), sha256: Hex.encode(certificate.sha256),
                                notBefore: certificate.notBefore, notAfter: certificate.notAfter)
        }
        return (reported, check(parsed, at: body.dateTime, receivedAt: receivedAt))
    }

    private func certificates(_ chain: [String], field: String) throws(ReportRejection) -> [Certificate] {
        var parsed: [Certificate] = []
        for (index, pem) in chain.enumerated() {
            let name = "\(field)[\(index)]"
            let certificates: [Certificate]
            do {
                certificates = try cache.certificates(in: pem, name: name)
            } catch {
                throw ReportRejection(.unparsableChain, "\(name): \(error.problem)")
            }
            guard certificates.count == 1 else {
                throw ReportRejection(.unparsableChain, "\(name) holds \(certificates.count) certificates; TrustKit sends one PEM per entry")
            }
            parsed.append(certificates[0])
        }
        return parsed
    }

    private func check(_ chain: [Certificate], at deviceTime: Date, receivedAt: Date?) -> AnchorCheck {
        guard let anchors else { return .notChecked }
        guard let leaf = chain.first else { return .doesNotChain(reason: "the report carries no certificate chain") }
        let evaluator = TrustEvaluator(anchors: .only(anchors), policies: [.basicX509()])
        let intermediates = Array(chain.dropFirst())
        let result = evaluator.evaluate(leaf: leaf, intermediates: intermediates, at: deviceTime)
        if result.isTrusted { return .chains }
        let failure = result.error?.message ?? "the chain is not trusted by the anchors"
        if let receivedAt, evaluator.evaluate(leaf: leaf, intermediates: intermediates, at: receivedAt).isTrusted {
            let skew = ClockSkew(deviceTime: deviceTime, receivedAt: receivedAt)
            return .clockSkew(reason: "the device's clock was \(skew.description) the collector's; at the collector's time the chain "
                + "chains, at the device's: \(failure)")
        }
        return .doesNotChain(reason: failure)
    }
}
