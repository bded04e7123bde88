import TLSClient
import TrustCertificates

/// The handshakes one `--diagnose` run has made, by what they offered: a handshake depends only on the
/// offer (the server name is the same throughout), so variants that offer the same thing share one.
final class ATSHandshakeCache {
    private var results: [TLSOffer: Result<ATSNegotiatedHandshake, TLSClientError>] = [:]

    /// The cached result for `offer`, or `make()`'s, remembered.
    func result(for offer: TLSOffer, _ make: () -> Result<ATSNegotiatedHandshake, TLSClientError>) -> Result<ATSNegotiatedHandshake, TLSClientError> {
        if let known = results[offer] { return known }
        let made = make()
        results[offer] = made
        return made
    }
}
