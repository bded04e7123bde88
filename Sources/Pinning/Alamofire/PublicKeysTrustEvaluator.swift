import FoundationEssentials
import TrustCertificates
import TrustEvaluation

/// Alamofire's `PublicKeysTrustEvaluator` (pinning-libraries.md 2.3): no usable key → `.noPublicKeysFound`;
/// then default validation and host validation when asked; then one key of the built chain must equal one
/// of the pinned keys, as SecKeys are equal (same kind, same public bytes). Only RSA and EC keys count, on
/// either side: Alamofire's `SecCertificate.af.publicKey` yields no other kind, and drops them silently.
/// There is no anchor option: a self-signed server passes only with both validations off.
public struct PublicKeysTrustEvaluator: ServerTrustEvaluating {
    /// The pinned keys, as given.
    public let keys: [PublicKeyInfo]
    /// Whether the chain is validated (SSL policy, no host).
    public let performDefaultValidation: Bool
    /// Whether the chain is validated for the host.
    public let validateHost: Bool

    /// Alamofire's defaults, except that the keys are given (Alamofire reads the main bundle's).
    public init(keys: [PublicKeyInfo], performDefaultValidation: Bool = true, validateHost: Bool = true) {
        self.keys = keys
        self.performDefaultValidation = performDefaultValidation
        self.validateHost = validateHost
    }

    /// The keys of `certificates` (Alamofire's `[SecCertificate].af.publicKeys`).
    public init(certificates: [Certificate], performDefaultValidation: Bool = true, validateHost: Bool = true) {
        self.init(keys: certificates.map(\.publicKey), performDefaultValidation: performDefaultValidation,
                  validateHost: validateHost)
    }

    public func evaluate(_ trust: ServerTrust, forHost host: String, at date: Date) throws(ServerTrustError) {
        let pinned = keys.filter(ServerTrust.isSecKeyRepresentable)
        guard !pinned.isEmpty else { throw .noPublicKeysFound }
        var trust = trust
        if performDefaultValidation { try trust.performDefaultValidation(forHost: host, at: date) }
        if validateHost { try trust.performValidation(forHost: host, at: date) }
        let serverKeys = trust.publicKeys(at: date)
        if serverKeys.contains(where: { key in pinned.contains { ServerTrust.sameSecKey(key, $0) } }) { return }
        throw .publicKeyPinningFailed(host: host, trust: trust.evaluation(at: date), pinnedKeys: pinned, serverKeys: serverKeys)
    }
}
