import Foundation

/// The `URLError`s a task fails with, with Apple's descriptions and user-info keys: the failing URL under
/// NSURLErrorFailingURLErrorKey and NSErrorFailingURLStringKey, and for an untrusted server the
/// peer trust (NSURLErrorFailingURLPeerTrustErrorKey) and the underlying error saying why.
enum URLErrorFactory {
    /// Apple's NSLocalizedDescription for each code a task here fails with.
    static func description(of code: URLError.Code, host: String?) -> String {
        switch code {
        case .cancelled: "cancelled"
        case .timedOut: "The request timed out."
        case .unsupportedURL: "unsupported URL"
        case .cannotFindHost: "A server with the specified hostname could not be found."
        case .cannotConnectToHost: "Could not connect to the server."
        case .networkConnectionLost: "The network connection was lost."
        case .httpTooManyRedirects: "too many HTTP redirects"
        case .badServerResponse: "cannot parse response"
        case .appTransportSecurityRequiresSecureConnection:
            "The resource could not be loaded because the App Transport Security policy requires the use of a secure connection."
        case .secureConnectionFailed: "An SSL error has occurred and a secure connection to the server cannot be made."
        case .serverCertificateUntrusted:
            "The certificate for this server is invalid. You might be connecting to a server that is pretending to be "
                + "“\(host ?? "")” which could put your confidential information at risk."
        default: "The operation couldn’t be completed."
        }
    }

    /// An error for `url`; `underlying` (NSUnderlyingError) says what TrustCheck saw.
    static func error(_ code: URLError.Code, url: URL?, underlying: Error? = nil) -> URLError {
        var info: [String: Any] = [NSLocalizedDescriptionKey: description(of: code, host: url?.host)]
        if let url {
            info[NSURLErrorFailingURLErrorKey] = url
            info["NSErrorFailingURLStringKey"] = url.absoluteString
        }
        if let underlying { info[NSUnderlyingErrorKey] = underlying }
        return URLError(code, userInfo: info)
    }

    /// The -1202 of a server whose trust the default handling (or the delegate) refused, as Apple's.
    static func untrusted(url: URL, trust: SecTrust, evaluationError: CFError?) -> URLError {
        var info: [String: Any] = [
            NSLocalizedDescriptionKey: description(of: .serverCertificateUntrusted, host: url.host),
            NSLocalizedRecoverySuggestionErrorKey: "Would you like to connect to the server anyway?",
            NSURLErrorFailingURLErrorKey: url,
            "NSErrorFailingURLStringKey": url.absoluteString,
            NSURLErrorFailingURLPeerTrustErrorKey: trust,
        ]
        if let chain = SecTrustCopyCertificateChain(trust) as? [SecCertificate] {
            info["NSErrorPeerCertificateChainKey"] = chain
        }
        if let evaluationError {
            info[NSUnderlyingErrorKey] = evaluationError
            info["_kCFStreamErrorDomainKey"] = 3
            info["_kCFStreamErrorCodeKey"] = Int(streamErrorCode(of: evaluationError))
        }
        return URLError(.serverCertificateUntrusted, userInfo: info)
    }

    /// The SecureTransport code CFNetwork reports beside -1202 (apple-sectrust.md §6.5): -9843 for a host
    /// name mismatch, -9814 for an expired or not yet valid certificate, -9813 for an unknown root, -9807
    /// for any other invalid chain.
    static func streamErrorCode(of error: CFError) -> Int32 {
        switch OSStatus(CFErrorGetCode(error)) {
        case errSecHostNameMismatch: -9843
        case errSecCertificateExpired, errSecCertificateNotValidYet: -9814
        case errSecNotTrusted, errSecCreateChainFailed: -9813
        default: -9807
        }
    }
}
