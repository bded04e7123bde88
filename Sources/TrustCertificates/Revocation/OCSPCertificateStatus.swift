import FoundationEssentials

/// What a SingleResponse says of its certificate (RFC 6960 §4.2.1 CertStatus).
public enum OCSPCertificateStatus: Sendable, Hashable, CustomStringConvertible {
    /// Not revoked as of the response's thisUpdate.
    case good
    /// Revoked at `date`, for `reason` when the responder gave one.
    case revoked(date: Date, reason: CRLReason?)
    /// The responder does not know the certificate.
    case unknown

    /// "good", "revoked" or "unknown", for JSON.
    public var name: String {
        switch self {
        case .good: return "good"
        case .revoked: return "revoked"
        case .unknown: return "unknown"
        }
    }

    /// The name, with the date and reason of a revocation.
    public var description: String {
        guard case .revoked(let date, let reason) = self else { return name }
        return "revoked \(RFC3339.string(date)), " + (reason.map { "reason \($0)" } ?? "no reason given")
    }
}
