/// One rule of the certificate profile that `CertificateProfileCheck` holds certificates to, and
/// whether it also binds the trust anchor under each profile.
///
/// A trust anchor is trusted by configuration, not by what it says about itself (RFC 5280 §6.1.1 d
/// takes its name, key and constraints as inputs), so a rule binds it only where there is a reason:
/// the validators this profile follows enforce it on anchors (pyca/cryptography's `permits_ca` runs
/// `permits_basic` on the anchor too), x509-limbo expects it, or the anchor's extensions are read
/// (its basicConstraints and nameConstraints are honoured here, as Apple does) and
/// must then be understood. A rule that real, widely trusted roots break and that those validators
/// relax for anchors (serial number zero) does not bind an anchor.
///
/// | Rule | webpki anchor | rfc5280 anchor | Why |
/// |---|---|---|---|
/// | version 3 | yes | no | CABF 7.1.1, pyca `permits_basic` (x509-limbo webpki::v1-cert); RFC 5280 allows v1 roots (§6.1.1 d) |
/// | serial not negative | yes | yes | pyca and Go's parser refuse it on any certificate; x509-limbo rfc5280::serial::negative is a self-signed leaf trusted as its own anchor |
/// | serial not zero | **no** | **no** | 8 Debian roots (Go Daddy Class 2 and G2, Starfield Class 2, G2 and Services G2, two HARICA 2015, SECOM RootCA2) have serial 0; pyca skips this rule for such roots, Chromium only warns (RFC 5280 §4.1.2.2: users SHOULD handle it gracefully), Go accepts it. Leaves and intermediates still fail (x509-limbo rfc5280::serial::zero) |
/// | serial ≤ 20 octets | yes | yes | pyca (≤ 21 with a sign octet) and Chromium refuse longer ones on any certificate |
/// | issuer not empty | yes | yes | pyca `permits_basic`; an empty name cannot be chained by name |
/// | no unknown critical extension | yes | yes | x509-limbo rfc5280::unknown-critical-extension-root; below the anchor `BasicCertificateProcessing` enforces it for every profile |
/// | authorityKeyIdentifier present | no | yes | a root placed in the store is trusted for itself even if cross-signed (x509-limbo cve::cve-2024-0567); RFC 5280 wants it on every non-self-issued certificate (…::aki::cross-signed-root-missing-aki) |
/// | AKI/SKI/AIA not critical | yes | yes | extension rule (RFC 5280 §4.2.1.1, .2, §4.2.2.1) |
/// | policyConstraints critical | yes | yes | extension rule (§4.2.1.11; x509-limbo rfc5280::pc::ica-noncritical-pc; `TrustPolicy.acceptsNonCriticalPolicyConstraints` gives §6.1's answer); the anchor's policy extensions are not applied (§6.2 makes that optional; Apple, OpenSSL, Go skip them) |
/// | authorityInfoAccess well formed | yes | yes | extension rule (§4.2.2.1) |
/// | extendedKeyUsage not empty | yes | yes | extension rule (§4.2.1.12) |
/// | pathLenConstraint only with cA and keyCertSign | yes | yes | extension rule (§4.2.1.9); the anchor's pathLen is honoured |
/// | CA has a subjectKeyIdentifier | yes | yes | x509-limbo rfc5280::ski::root-missing-ski (TWCA Global Root CA breaks it, so chains to it fail under both) |
/// | authorityKeyIdentifier holds only a keyIdentifier (webpki only) | yes | — | x509-limbo webpki::aki::root-with-aki-authoritycertissuer and …-serialnumber (Certigna, QuoVadis Root CA 2 and 3 break it) |
/// | a self-signed certificate's AKI names its own key | yes | yes | x509-limbo webpki::aki::root-with-aki-ski-mismatch |
/// | CA basicConstraints critical | yes | yes | the anchor's cA and pathLen are read; x509-limbo rfc5280::root-non-critical-basic-constraints (Go Daddy Class 2, Starfield Class 2 and Chunghwa ePKI break it, so chains to them fail under both) |
/// | nameConstraints critical (rfc5280 only) | — | yes | the anchor's name constraints are honoured (§4.2.1.10) |
/// | nameConstraints have subtrees | yes | yes | as above |
/// | root without extendedKeyUsage (webpki only) | yes | — | CABF 7.1.2.1; x509-limbo webpki::eku::root-has-eku |
///
/// "—": the rule is not part of that profile at all. Rules of the end-entity profile are not listed:
/// they bind the leaf, which is the anchor only when a certificate is trusted as itself.
///
/// Apple's own profile runs none of these (it does not process its anchors beyond basic
/// certificate processing), so `apple` has no column.
enum ProfileRule: CaseIterable, Sendable {
    case version3
    case nonNegativeSerial
    case nonZeroSerial
    case serialAtMost20Octets
    case nonEmptyIssuer
    case noUnknownCriticalExtension
    case authorityKeyIdentifierPresent
    case nonCriticalIdentifierExtensions
    case criticalPolicyConstraints
    case wellFormedAuthorityInfoAccess
    case nonEmptyExtendedKeyUsage
    case pathLengthNeedsCAAndKeyCertSign
    case caSubjectKeyIdentifierPresent
    case authorityKeyIdentifierOnlyKeyIdentifier
    case selfSignedAuthorityKeyIdentifierIsOwnKey
    case criticalBasicConstraints
    case criticalNameConstraints
    case nameConstraintsHaveSubtrees
    case rootWithoutExtendedKeyUsage

    /// Whether the rule holds for the trust anchor too (see the table above); every rule holds for
    /// every other certificate of the path.
    func bindsAnchor(webPKI: Bool) -> Bool {
        switch self {
        case .nonZeroSerial:
            return false
        case .version3:
            return webPKI
        case .authorityKeyIdentifierPresent:
            return !webPKI
        case .nonNegativeSerial, .serialAtMost20Octets, .nonEmptyIssuer, .noUnknownCriticalExtension,
             .nonCriticalIdentifierExtensions, .criticalPolicyConstraints, .wellFormedAuthorityInfoAccess,
             .nonEmptyExtendedKeyUsage, .pathLengthNeedsCAAndKeyCertSign, .caSubjectKeyIdentifierPresent,
             .authorityKeyIdentifierOnlyKeyIdentifier, .selfSignedAuthorityKeyIdentifierIsOwnKey, .criticalBasicConstraints,
             .criticalNameConstraints, .nameConstraintsHaveSubtrees, .rootWithoutExtendedKeyUsage:
            return true
        }
    }

    /// Whether the rule holds for a certificate that is (or is not) the path's trust anchor.
    func binds(isAnchor: Bool, webPKI: Bool) -> Bool { !isAnchor || bindsAnchor(webPKI: webPKI) }
}
