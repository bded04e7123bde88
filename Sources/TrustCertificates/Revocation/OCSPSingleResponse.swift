import FoundationEssentials

/// One SingleResponse of a BasicOCSPResponse (RFC 6960 §4.2.1): the status of one certificate over
/// thisUpdate…nextUpdate.
public struct OCSPSingleResponse: Sendable, Hashable {
    /// Which certificate this is about.
    public let certificateID: OCSPCertificateID
    /// Its status.
    public let status: OCSPCertificateStatus
    /// When the status was known to be correct.
    public let thisUpdate: Date
    /// When newer information will be available; nil when the responder always has newer information.
    public let nextUpdate: Date?
}
