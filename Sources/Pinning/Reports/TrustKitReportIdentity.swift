/// What TrustKit's rate limiter compares reports by (`TSKReportsRateLimiter`): the array
/// `[notedHostname, hostname, port, validatedCertificateChain, knownPins, validationResult]`.
public struct TrustKitReportIdentity: Sendable, Hashable {
    /// `noted-hostname`.
    public let notedHostname: String
    /// `hostname`.
    public let hostname: String
    /// `port`.
    public let port: Int
    /// `validated-certificate-chain`.
    public let validatedCertificateChain: [String]
    /// `known-pins`.
    public let knownPins: [String]
    /// `validation-result`.
    public let validationResult: Int
}
