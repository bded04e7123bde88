import Pinning
import TrustCertificates

/// One configured pin and the certificates of the evaluated chain whose key it is.
///
/// A pin is compared two ways because TrustKit does not hash the real SubjectPublicKeyInfo
/// (`TrustKitSPKIHash`): for an RSA key with an exponent other than 65537 the SPKI pin that `openssl`
/// and every other library compute is not what TrustKit compares, and TrustKit's own hash is what
/// no other library matches.
struct AuditedPin {
    enum MatchedBy: String {
        /// The SPKI SHA-256, which is also TrustKit's hash of this key.
        case spki = "spki_sha256"
        /// TrustKit's own hash, which differs from the key's SPKI pin: only TrustKit matches it.
        case trustKitHash = "trustkit_hash"
        /// The SPKI SHA-256 of a key TrustKit hashes differently: TrustKit never matches it.
        case spkiOnly = "spki_sha256_only"
    }

    struct Match {
        let certificate: AuditedCertificate
        let matchedBy: MatchedBy

        var trustKitMatches: Bool { matchedBy != .spkiOnly }
    }

    let pin: PublicKeyPin
    /// Every certificate of the chain with this pin, leaf first.
    let matches: [Match]

    init(_ pin: PublicKeyPin, chain: [AuditedCertificate]) {
        self.pin = pin
        matches = chain.compactMap { certificate in
            let spki = certificate.certificate.spkiSHA256 == pin.digest
            switch certificate.trustKitHash {
            case .hash(let digest, let equalsSPKIHash):
                if digest == pin.digest { return Match(certificate: certificate, matchedBy: equalsSPKIHash ? .spki : .trustKitHash) }
                return spki ? Match(certificate: certificate, matchedBy: .spkiOnly) : nil
            case .unsupported:
                return spki ? Match(certificate: certificate, matchedBy: .spkiOnly) : nil
            }
        }
    }

    /// Whether the pin is a key of this chain in any way. A pin that is not is the domain's backup (or a
    /// stale pin: nothing in a configuration tells the two apart).
    var isOnChain: Bool { !matches.isEmpty }

    /// Whether TrustKit finds this pin on the chain.
    var trustKitMatches: Bool { matches.contains(where: \.trustKitMatches) }
}
