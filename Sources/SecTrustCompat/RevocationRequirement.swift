/// What a policy from SecPolicyCreateRevocation asks of an evaluation (apple-sectrust.md §1.2).
///
/// TrustCheck fetches nothing (no OCSP, no CRL download), so the only revocation answers are usable stapled OCSP
/// responses (SecTrustSetOCSPResponse) and CRLs covering every reason (SecTrustSetCRLs, TrustCheck's own). Apple
/// soft-fails a missing answer, so without `kSecRevocationRequirePositiveResponse` the policy changes no verdict;
/// with it, the evaluation runs under `RevocationPolicy.require`: every certificate below the top of the chain
/// that neither answers fails RevocationResponseRequired (recoverable, -67635 errSecIncompleteCertRevocationCheck),
/// as on Apple when no responder can be reached. The top certificate is the anchor (whose revocation Apple does
/// not check) or has no issuer in the chain to answer for it.
struct RevocationRequirement: Sendable, Hashable {
    /// The flags as given (bits 0–6 are Apple's).
    let flags: CFOptionFlags

    /// nil for flags Apple's SecPolicyCreateRevocation refuses: none at all, or bits above 6.
    init?(flags: CFOptionFlags) {
        guard flags != 0, flags >> 7 == 0 else { return nil }
        self.flags = flags
    }

    var requiresPositiveResponse: Bool { flags & kSecRevocationRequirePositiveResponse != 0 }

    /// Apple's NoNetworkAccess option: set to the NetworkAccessDisabled bit (so pairing with BasicX509, which sets
    /// it true, turns fetching back on when the revocation policy comes later).
    var noNetworkAccess: Bool { flags & kSecRevocationNetworkAccessDisabled != 0 }
}
