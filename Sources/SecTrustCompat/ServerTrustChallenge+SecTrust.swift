import Foundation
import TLSClient

extension ServerTrustChallenge {
    /// A SecTrust for the presented chain with SecPolicyCreateSSL(true, server name) and the stapled OCSP
    /// response (`SecTrustSetOCSPResponse`), as URLSession hands `challenge.protectionSpace.serverTrust` to
    /// the delegate: code written for Apple's Security framework (SecTrustSetAnchorCertificates,
    /// SecTrustEvaluateWithError, SecTrustCopyKey...) runs on it unchanged. Made on first read and the same
    /// object on every later read, so settings made through one read hold for the next. What the handler
    /// does to it never changes `.performDefaultHandling`, which runs the client's own configuration.
    ///
    /// Here rather than in TLSClient, so that the TLS client (and `trustcheck connect`) links no
    /// swift-corelibs Foundation; TLSClient refuses, before any handler runs, a chain that
    /// SecCertificateCreateWithData or SecTrustCreateWithCertificates would refuse.
    public var serverTrust: SecTrust {
        trustObject.value {
            let trust = SecTrust(certificates: presentedChain.map(SecCertificate.init(certificate:)),
                                 policies: [SecPolicyCreateSSL(true, serverName as CFString)])
            if let stapledOCSPResponse { SecTrustSetOCSPResponse(trust, Data(stapledOCSPResponse) as CFData) }
            return trust
        }
    }
}
