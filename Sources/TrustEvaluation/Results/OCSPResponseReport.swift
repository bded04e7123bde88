import FoundationEssentials
import TrustCertificates

/// What became of one stapled OCSP response in an evaluation: which certificate of the reported path it
/// is about, what it says, who signed it, and whether it was used or, with the problem, ignored.
public struct OCSPResponseReport: Sendable, Hashable {
    /// The response.
    public let response: OCSPResponse
    /// The position in the path (0 = leaf) of the certificate it is about; nil when it is about none.
    public let certificateIndex: Int?
    /// The single response about that certificate that decides (or the first one when it is about
    /// none): when several name it, the first that says revoked, else the first.
    public let singleResponse: OCSPSingleResponse?
    /// When several single responses name the certificate and their statuses differ (good and revoked,
    /// two revocations with different dates or reasons): what they say, in response order. The
    /// revoked one decides (`singleResponse`), so the disagreement fails closed. Nil otherwise.
    public let conflict: String?
    /// The certificate whose key made the signature: the issuer or a delegated responder; nil when none did.
    public let responder: Certificate?
    /// Why the response was ignored; nil when it was used.
    public let problem: String?

    /// Whether the response decided the certificate's revocation status.
    public var isUsed: Bool { problem == nil }
    /// What the response says, when it has a single response.
    public var status: OCSPCertificateStatus? { singleResponse?.status }

    /// The report on `response` for the path `certificates` (leaf first) at `time`. This is the one
    /// place the rules live, as Apple's SecOCSPResponse and SecORVC apply them to stapled responses:
    /// - it is about the first certificate below the top one that one of its single responses names
    ///   (CertID: issuer name and key hashes and serial, `OCSPCertificateID.identifies`); when several
    ///   name it, a revoked one decides and the disagreement is the report's `conflict`;
    /// - its signature must verify under the issuer's key or a delegated responder's
    ///   (`OCSPResponse.authorizedResponderKeys(for:issuerKey:)`), and a delegated responder's certificate
    ///   must be valid at `time` (RFC 6960 §4.2.2.2); a DSA key without parameters, the issuer's or the
    ///   responder's, takes them from the certificate above it on its path (RFC 5280 §6.1.4 (f));
    /// - thisUpdate ≤ time ≤ nextUpdate when there is one (`ValidityWindow`: whole seconds, no leeway,
    ///   as certificate validity);
    /// - an unknown status says nothing.
    /// Any failure makes it ignored: a stapled response is the server's to send, and a bad one proves
    /// nothing either way, so Apple neither trusts nor fails on it.
    static func assess(_ response: OCSPResponse, path certificates: [Certificate], at time: Date) -> OCSPResponseReport {
        let found = certificates.indices.dropLast().lazy.compactMap { index -> (Int, [OCSPSingleResponse])? in
            let naming = response.responses.filter {
                $0.certificateID.identifies(certificates[index], issuedBy: certificates[index + 1])
            }
            return naming.isEmpty ? nil : (index, naming)
        }.first
        guard let (index, naming) = found else {
            return OCSPResponseReport(response: response, certificateIndex: nil, singleResponse: response.responses.first,
                                      conflict: nil, responder: nil, problem: "its certificate ID names no certificate of the path")
        }
        // RFC 6960 leaves several single responses for one certificate undefined; any revocation wins.
        let single = naming.first { if case .revoked = $0.status { return true } else { return false } } ?? naming[0]
        var statuses: [OCSPCertificateStatus] = []
        for status in naming.map(\.status) where !statuses.contains(status) { statuses.append(status) }
        let conflict = statuses.count > 1
            ? "\(naming.count) single responses name the certificate and disagree: "
                + statuses.map(\.description).joined(separator: "; ")
            : nil
        let issuer = certificates[index + 1]
        // The issuer's key as the path uses it: a DSA key without parameters takes those of the
        // certificate above it (RFC 5280 §6.1.4 (f)), and so does a delegated responder's below it.
        let issuerKey = DSAParameterInheritanceCheck.workingKey(at: index + 1, in: certificates)
        let responder = response.authorizedResponderKeys(for: issuer, issuerKey: issuerKey)
            .first { response.isSigned(byKey: $0.key) }?.responder
        let window = ValidityWindow(single)
        let problem: String?
        if let responder {
            if responder != issuer, !ValidityWindow(responder).contains(time) {
                problem = "the delegated responder \(TrustDiagnostic.quoted(responder)) is not valid at "
                    + RFC3339.string(ValidityWindow.wholeSeconds(time))
            } else {
                switch window.position(of: time) {
                case .notYetValid: problem = "thisUpdate \(RFC3339.string(single.thisUpdate)) is in the future"
                case .expired: problem = "stale: nextUpdate \(RFC3339.string(window.end ?? single.thisUpdate)) has passed"
                case .valid:
                    problem = single.status == .unknown ? "the responder does not know the certificate (status unknown)" : nil
                }
            }
        } else {
            problem = "not signed by the issuer \(TrustDiagnostic.quoted(issuer)) or a responder it authorized"
        }
        return OCSPResponseReport(response: response, certificateIndex: index, singleResponse: single,
                                  conflict: conflict, responder: responder, problem: problem)
    }
}
