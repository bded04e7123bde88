import Foundation
import TrustCertificates
import TrustEvaluation

/// Parses a report's `validated-certificate-chain` with the engine and decides whether it chains to the
/// configured anchors: the basic X.509 policy (no host name: the report's `hostname` is what the app asked
/// for, and a proxy's certificate usually matches it), at the report's `date-time`.
public struct ReportChainInspector: Sendable {
    /// The configured anchors (`--anchors`); nil checks nothing.
    public let anchors: CertificateStore?
    private let cache = ParsedCertificateCache()

    public init(anchors: CertificateStore?) {
        self.anchors = anchors
    }

    /// Each PEM parsed (leaf first) and the anchor verdict. Any entry that is not exactly one certificate
    /// rejects the whole report: a chain that cannot be parsed cannot be analysed, and is never stored half.
    /// TrustKit-Android's `served-certificate-chain` is held to the same rule, so what is stored of it is
    /// certificates too.
    public func inspect(_ body: TrustKitReportBody) throws(ReportRejection) -> (certificates: [ReportedCertificate], anchorCheck: AnchorCheck) {
        let parsed = try certificates(body.validatedCertificateChain, field: "validated-certificate-chain")
        _ = try certificates(body.servedCertificateChain ?? [], field: "served-certificate-chain")
        let reported = parsed.enumerated().map { position, certificate in
            ReportedCertificate(position: position, subject: certificate.subject.rfc4514, issuer: certificate.issuer.rfc4514,
                                spkiPin: Base64.encode(certificate.spkiSHA256), sha256: Hex.encode(certificate.sha256),
                                notBefore: certificate.notBefore, notAfter: certificate.notAfter)
        }
        return (reported, check(parsed, at: body.dateTime))
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

    private func check(_ chain: [Certificate], at time: Date) -> AnchorCheck {
        guard let anchors else { return .notChecked }
        guard let leaf = chain.first else { return .doesNotChain(reason: "the report carries no certificate chain") }
        let evaluator = TrustEvaluator(anchors: .only(anchors), policies: [.basicX509()])
        let result = evaluator.evaluate(leaf: leaf, intermediates: Array(chain.dropFirst()), at: time)
        if result.isTrusted { return .chains }
        return .doesNotChain(reason: result.error?.message ?? "the chain is not trusted by the configured anchors")
    }
}
