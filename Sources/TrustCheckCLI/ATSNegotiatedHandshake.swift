import AppTransportSecurity
import TrustCertificates

/// A completed handshake of `ATSProbe`: what was agreed and the chain the server presented.
struct ATSNegotiatedHandshake {
    let negotiated: ATSNegotiated
    let chain: [Certificate]
}
