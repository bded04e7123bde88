import FoundationEssentials
import TrustCertificates

/// The revocation status of one certificate of the reported path, and how it was established: by
/// which CRLs (RFC 5280 §6.3) or stapled OCSP response, or, when it was not, why.
public struct CertificateRevocationStatus: Sendable, Hashable, CustomStringConvertible {
    /// RFC 5280 §6.3's cert_status, plus "not checked" for a certificate nothing was asked about.
    public enum Status: Sendable, Hashable {
        /// A used CRL or stapled OCSP response lists it.
        case revoked(date: Date, reason: CRLReason?)
        /// Not revoked: the used CRLs cover every reason, or a used OCSP response says good.
        case notRevoked
        /// CRLs or responses were considered but do not establish the status (`why` says what is missing).
        case undetermined
        /// Nothing was checked: no CRL or response concerns it, or it is the top of the path.
        case notChecked
    }

    /// What answered.
    public enum Source: String, Sendable, Hashable, CaseIterable {
        /// Certificate revocation lists.
        case crl
        /// A stapled OCSP response.
        case stapledOCSP = "stapled-ocsp"
    }

    /// The position in the path, 0 being the leaf.
    public let index: Int
    /// The status.
    public let status: Status
    /// What answered: CRLs, a stapled OCSP response, both, or nothing.
    public let sources: [Source]
    /// The reasons the used CRLs cover (§6.3's reasons_mask); `allReasons` when they decide the status.
    public let reasonsCovered: ReasonFlags
    /// Why the status is undetermined or not checked; nil otherwise.
    public let why: String?
    /// Every CRL considered, with what became of it, in the order considered.
    public let crls: [CRLAssessment]
    /// Until when the answers used stay current: the earliest nextUpdate of the used CRLs (and their
    /// delta CRLs) and of the used stapled OCSP response. Nil when nothing was used, or when one of the
    /// answers used has no nextUpdate (it says nothing about when newer information is due).
    public let validUntil: Date?
    /// Answers that disagree about the certificate, each said once: a CRL listing its serial twice with
    /// different entries, two CRLs of one issuer with the same CRLNumber and different entries, an OCSP
    /// response with good and revoked single responses for it, a CRL and an OCSP response that differ.
    /// Any revocation among them wins (the status is then revoked); empty when the answers agree.
    public let conflicts: [String]

    /// A status of these values.
    public init(index: Int, status: Status, sources: [Source], reasonsCovered: ReasonFlags, why: String?,
                crls: [CRLAssessment], validUntil: Date? = nil, conflicts: [String] = [])
    {
        self.conflicts = conflicts
        self.index = index
        self.status = status
        self.sources = sources
        self.reasonsCovered = reasonsCovered
        self.why = why
        self.crls = crls
        self.validUntil = validUntil
    }

    /// Whether anything answered for the certificate (revoked or not revoked).
    public var isChecked: Bool {
        switch status {
        case .revoked, .notRevoked: return true
        case .undetermined, .notChecked: return false
        }
    }

    /// The status's name: "revoked", "not-revoked", "undetermined" or "not-checked".
    public var statusName: String {
        switch status {
        case .revoked: return "revoked"
        case .notRevoked: return "not-revoked"
        case .undetermined: return "undetermined"
        case .notChecked: return "not-checked"
        }
    }

    /// Whether answers about the certificate disagree (see `conflicts`).
    public var isConflicting: Bool { !conflicts.isEmpty }

    /// "[0] not revoked (CRL)", "[1] undetermined: …".
    public var description: String { "[\(index)] " + summary }

    /// The status without the position: "not revoked (CRL)", "undetermined: …".
    public var summary: String {
        let by = sources.isEmpty ? "" : " (" + sources.map { $0 == .crl ? "CRL" : "stapled OCSP" }.joined(separator: ", ") + ")"
        switch status {
        case .revoked(let date, let reason):
            return "revoked \(RFC3339.string(date)), " + (reason.map { "reason \($0)" } ?? "no reason given") + by
                + (conflicts.isEmpty ? "" : "; conflicting answers: " + conflicts.joined(separator: "; "))
        case .notRevoked: return "not revoked" + by
        case .undetermined: return "undetermined" + by + (why.map { ": " + $0 } ?? "")
        case .notChecked: return "not checked" + (why.map { ": " + $0 } ?? "")
        }
    }
}
