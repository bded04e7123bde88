/// What the server sent during the handshake, copied out of the session when the verify callback ran.
public struct PresentedPeer: Sendable, Equatable {
    /// The certificates of the server's Certificate message (DER), in the order sent (leaf first).
    public let certificates: [[UInt8]]
    /// The stapled OCSP response (DER OCSPResponse), when the server stapled one.
    public let stapledOCSPResponse: [UInt8]?

    public init(certificates: [[UInt8]], stapledOCSPResponse: [UInt8]?) {
        self.certificates = certificates
        self.stapledOCSPResponse = stapledOCSPResponse
    }
}
