import FoundationEssentials
import TrustCertificates

/// The interval in which a certificate or a CRL may be used, and the one rule for whether a time lies
/// in it: notBefore ≤ time ≤ notAfter, both ends included (RFC 5280 §4.1.2.5; Apple §4.8: no leeway).
///
/// Certificate and CRL times have whole seconds, so the time asked about is first truncated to whole
/// seconds: the last second of validity is valid all through, and a time a fraction of a second
/// before notBefore is still before it. Every comparison of a time with a validity period goes
/// through `position(of:)`, so the temporal check, the path builder's quick checks, path scoring,
/// CRL and OCSP freshness cannot disagree.
public struct ValidityWindow: Sendable, Hashable {
    /// Where a time lies relative to the window.
    public enum Position: String, Sendable, Hashable {
        /// Before the start: not yet valid.
        case notYetValid = "not_yet_valid"
        /// Within the window, ends included.
        case valid
        /// After the end: expired.
        case expired
    }

    /// The first valid second (notBefore, a CRL's thisUpdate).
    public let start: Date
    /// The last valid second (notAfter, a CRL's nextUpdate); nil for a window that never ends.
    public let end: Date?

    /// A window from `start` to `end`, both included; `end` nil never expires.
    public init(start: Date, end: Date?) {
        self.start = start
        self.end = end
    }

    /// The certificate's notBefore to notAfter.
    public init(_ certificate: Certificate) {
        self.init(start: certificate.notBefore, end: certificate.notAfter)
    }

    /// The CRL's thisUpdate to nextUpdate; a CRL without nextUpdate does not go stale.
    public init(_ crl: CertificateRevocationList) {
        self.init(start: crl.thisUpdate, end: crl.nextUpdate)
    }

    /// The single OCSP response's thisUpdate to nextUpdate; one without nextUpdate does not go stale.
    public init(_ response: OCSPSingleResponse) {
        self.init(start: response.thisUpdate, end: response.nextUpdate)
    }

    /// Where `time`, at whole seconds, lies.
    public func position(of time: Date) -> Position {
        let second = Self.wholeSeconds(time)
        if second < start { return .notYetValid }
        if let end, second > end { return .expired }
        return .valid
    }

    /// Whether `time`, at whole seconds, lies in the window.
    public func contains(_ time: Date) -> Bool { position(of: time) == .valid }

    /// `time` truncated to the whole second it falls in, the resolution of certificate and CRL times.
    public static func wholeSeconds(_ time: Date) -> Date {
        Date(timeIntervalSince1970: time.timeIntervalSince1970.rounded(.down))
    }
}
