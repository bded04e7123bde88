import TrustCertificates
import TrustEvaluation

/// One pin found on one certificate of the evaluated chain.
public struct PinMatch: Sendable, Hashable {
    /// The pin that matched.
    public let pin: PublicKeyPin
    /// The certificate's index in the evaluated chain (0 = leaf, last = anchor).
    public let chainIndex: Int
    /// The certificate whose key has the pin.
    public let certificate: Certificate
    /// Where that certificate came from: sent by the server, or an anchor the server never sent.
    public let source: CertificateSource

    /// A match of `pin` on the certificate at `chainIndex` of an evaluated chain.
    public init(pin: PublicKeyPin, chainIndex: Int, certificate: Certificate, source: CertificateSource) {
        self.pin = pin
        self.chainIndex = chainIndex
        self.certificate = certificate
        self.source = source
    }
}
