import Pinning
import TrustCertificates
import TrustEvaluation

/// One certificate of the chain an audit evaluated: where it sits, what it is there, and the two
/// hashes a pin can be (the SPKI SHA-256 every pinning library uses, and the one TrustKit computes).
struct AuditedCertificate {
    /// What the certificate is in the chain, for people reading which key a pin holds on to.
    enum Role: String {
        case leaf, intermediate
        /// The last certificate of a chain that ends at a trusted anchor (custom or system), whether
        /// or not the server sent it: TrustKit checks the anchor's key too.
        case anchor
    }

    /// Position in the evaluated chain, leaf first.
    let index: Int
    let certificate: Certificate
    let role: Role
    let source: CertificateSource
    /// What TrustKit compares the pins with (`TrustKitSPKIHash`).
    let trustKitHash: TrustKitSPKIHash

    /// The evaluated chain of `evaluation`, leaf first.
    static func chain(of evaluation: TrustEvaluationResult) -> [AuditedCertificate] {
        evaluation.chain.enumerated().map { index, element in
            let role: Role = index == 0 ? .leaf
                : index == evaluation.chain.count - 1 && evaluation.isAnchored ? .anchor : .intermediate
            return AuditedCertificate(index: index, certificate: element.certificate, role: role, source: element.source,
                                      trustKitHash: TrustKitSPKIHash(key: element.certificate.publicKey))
        }
    }

    /// "[1] Audit Test Intermediate (intermediate)".
    var label: String { "[\(index)] \(CertificateFormatting.displayName(certificate)) (\(role.rawValue))" }
}
