/// The `NSURLErrorDomain` error an app's load would end with, with Apple's wording, and the underlying
/// SecureTransport status (`_kCFStreamErrorCodeKey`) where one applies.
public struct ATSURLError: Sendable, Hashable, Encodable {
    /// The NSURLError code, e.g. -1200.
    public let code: Int
    /// Its constant's name, e.g. `NSURLErrorSecureConnectionFailed`.
    public let name: String
    /// `NSLocalizedDescription` as Apple words it.
    public let message: String
    /// The underlying stream error (`errSSLATSMinimumVersionViolation` -9881, …); nil when there is none.
    public let streamErrorCode: Int?
    /// Its name.
    public let streamErrorName: String?

    private enum CodingKeys: String, CodingKey {
        case code, name, message
        case streamErrorCode = "stream_error_code"
        case streamErrorName = "stream_error_name"
    }

    /// -1022: an http:// load that ATS refuses.
    public static let requiresSecureConnection = ATSURLError(
        code: -1022, name: "NSURLErrorAppTransportSecurityRequiresSecureConnection",
        message: "The resource could not be loaded because the App Transport Security policy requires the use of a secure connection.",
        streamErrorCode: nil, streamErrorName: nil)

    /// -1200 with the ATS or handshake status behind it.
    public static func secureConnectionFailed(_ status: Int, _ statusName: String) -> ATSURLError {
        ATSURLError(code: -1200, name: "NSURLErrorSecureConnectionFailed",
                    message: "An SSL error has occurred and a secure connection to the server cannot be made.",
                    streamErrorCode: status, streamErrorName: statusName)
    }

    /// -1202 for `host`, with the trust status behind it.
    public static func serverCertificateUntrusted(host: String, _ status: Int, _ statusName: String) -> ATSURLError {
        ATSURLError(code: -1202, name: "NSURLErrorServerCertificateUntrusted",
                    message: "The certificate for this server is invalid. You might be connecting to a server that is pretending to be “\(host)” which could put your confidential information at risk.",
                    streamErrorCode: status, streamErrorName: statusName)
    }

    /// -1001: the load did not finish in time.
    public static let timedOut = ATSURLError(code: -1001, name: "NSURLErrorTimedOut", message: "The request timed out.",
                                             streamErrorCode: nil, streamErrorName: nil)

    /// -1004: no TCP connection.
    public static let cannotConnectToHost = ATSURLError(
        code: -1004, name: "NSURLErrorCannotConnectToHost", message: "Could not connect to the server.",
        streamErrorCode: nil, streamErrorName: nil)

    /// -1003: the name does not resolve.
    public static let cannotFindHost = ATSURLError(
        code: -1003, name: "NSURLErrorCannotFindHost", message: "A server with the specified hostname could not be found.",
        streamErrorCode: nil, streamErrorName: nil)
}
