/// One thing `trustcheck audit` found wrong with a pin configuration against a chain: a stable kind for
/// programs and a sentence for people. Every problem makes the audit exit 1.
struct AuditProblem {
    /// The stable identifiers, as `--json` writes them (`problems[].kind`).
    enum Kind: String, CaseIterable {
        /// A key TrustKit ignores or a value it drops (`TrustKitConfigurationWarning`): the configuration
        /// does not do what it says.
        case configurationWarning = "configuration_warning"
        /// The leaf is not valid for the domain, so TrustKit's SSL evaluation fails before any pin is looked at.
        case notValidForDomain = "not_valid_for_domain"
        /// The chain fails evaluation for another reason (untrusted root, expiry, ...): TrustKit blocks it.
        case chainNotTrusted = "chain_not_trusted"
        /// No configured pin is the TrustKit hash of a key on the chain.
        case noPinMatches = "no_pin_matches"
        /// A pin is the SPKI pin of an RSA key whose TrustKit hash differs (exponent other than 65537):
        /// TrustKit never matches it.
        case trustKitHashDiffers = "trustkit_hash_differs"
        /// TrustKit reaches a key it cannot hash before any pin matches (`errorCouldNotGenerateSpkiHash`).
        case unhashableKey = "unhashable_key"
        /// Every pin is on the current chain (or there is only one): rotating that key leaves nothing to fall back on.
        case noBackupPin = "no_backup_pin"
        /// A pinned certificate's notAfter is before the domain's TSKExpirationDate.
        case pinnedKeyExpiresBeforeConfiguration = "pinned_key_expires_before_configuration"
        /// The leaf or a pinned certificate expires within `DomainAudit.expiryWarningDays` days.
        case expiresSoon = "expires_soon"
        /// The leaf or a pinned certificate has expired.
        case expired
        /// The domain's TSKExpirationDate has passed: TrustKit no longer pins it at all.
        case pinsExpired = "pins_expired"

        /// What the problem means and what to do about it, for `trustcheck help audit`.
        var meaning: String {
            switch self {
            case .configurationWarning: return "TrustKit ignores a key or drops a value of the configuration"
            case .notValidForDomain: return "the leaf does not cover the domain: TrustKit blocks before checking pins"
            case .chainNotTrusted: return "the chain fails SSL evaluation: TrustKit blocks it whatever the pins"
            case .noPinMatches: return "no pin is on the chain: blocked when enforced, reported otherwise"
            case .trustKitHashDiffers:
                return "a pin is the SPKI pin of an RSA key TrustKit hashes differently (exponent not 65537)"
            case .unhashableKey: return "TrustKit cannot hash a key it reaches before a pin (P-521, Ed25519, ...)"
            case .noBackupPin: return "every pin is on the chain: no backup key to rotate to"
            case .pinnedKeyExpiresBeforeConfiguration:
                return "a pinned certificate expires before TSKExpirationDate: renew it with the same key or deploy the backup"
            case .expiresSoon: return "the leaf or a pinned certificate expires within \(DomainAudit.expiryWarningDays) days"
            case .expired: return "the leaf or a pinned certificate has expired"
            case .pinsExpired: return "TSKExpirationDate has passed: TrustKit does not pin the domain any more"
            }
        }

        /// Warnings are shown with `!` in yellow, the rest with `✗` in red; both make the audit fail.
        var isWarning: Bool { self == .configurationWarning || self == .expiresSoon }
    }

    let kind: Kind
    let message: String

    var json: JSONValue {
        .object([
            ("kind", .string(kind.rawValue)),
            ("severity", .string(kind.isWarning ? "warning" : "error")),
            ("message", .string(message)),
        ])
    }
}
