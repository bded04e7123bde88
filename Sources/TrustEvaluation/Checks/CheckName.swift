/// A named check on a certificate path. Raw values are Apple's policy check keys (the keys of
/// SecTrustCopyResult's TrustResultDetails), so results read the same as on Apple platforms.
/// Checks Apple does not have are marked as TrustCheck's own.
public enum CheckName: String, Sendable, CaseIterable, Codable, CustomStringConvertible {
    case sslHostname = "SSLHostname"
    case temporalValidity = "TemporalValidity"
    case weakKeySize = "WeakKeySize"
    case weakSignature = "WeakSignature"
    case keySize = "KeySize"
    case signatureHashAlgorithms = "SignatureHashAlgorithms"
    case keyUsage = "KeyUsage"
    case extendedKeyUsage = "ExtendedKeyUsage"
    case serverAuthEKU = "ServerAuthEKU"
    case basicConstraints = "BasicConstraints"
    case basicConstraintsCA = "BasicConstraintsCA"
    case basicConstraintsPathLen = "BasicConstraintsPathLen"
    case nonEmptySubject = "NonEmptySubject"
    case idLinkage = "IdLinkage"
    case criticalExtensions = "CriticalExtensions"
    case unparseableExtension = "UnparseableExtension"
    case duplicateExtension = "DuplicateExtension"
    case nameConstraints = "NameConstraints"
    case policyConstraints = "PolicyConstraints"
    case systemTrustValidityPeriod = "SystemTrustValidityPeriod"
    case otherTrustValidityPeriod = "OtherTrustValidityPeriod"
    case anchorTrusted = "AnchorTrusted"
    case missingIntermediate = "MissingIntermediate"
    /// A current CRL of the certificate's issuer lists it.
    case revocation = "Revocation"
    /// The certificate's revocation status is not established: every CRL that applies to it may not be
    /// used (expired, signer without cRLSign, no or critical CRLNumber, ...), or, when revocation is
    /// required (`RevocationPolicy.require`), nothing answers for it.
    case revocationResponseRequired = "RevocationResponseRequired"
    // TrustCheck's own checks.
    /// The path search hit its work budget before finding an acceptable path.
    case searchBudgetExhausted = "SearchBudgetExhausted"
    /// The path is longer than the caller allowed (x509-limbo's max_chain_depth).
    case chainDepth = "ChainDepth"
    /// A rule of the web PKI profile (CA/Browser Forum Baseline Requirements) that RFC 5280 does not make.
    case webPKICompliance = "WebPKICompliance"

    /// Apple's check key.
    public var description: String { rawValue }

    /// Whether Apple's result for this failure is fatal (cannot be overridden by exceptions).
    public var isFatal: Bool { self == .weakKeySize || self == .weakSignature || self == .revocation }

    /// Apple's error subtype for this check, which decides the primary error and its message.
    public var subtype: TrustErrorSubtype {
        switch self {
        case .sslHostname: return .name
        case .temporalValidity: return .expired
        case .weakKeySize, .keySize: return .keySize
        case .weakSignature, .signatureHashAlgorithms: return .weakHash
        case .keyUsage, .extendedKeyUsage, .serverAuthEKU: return .usage
        case .basicConstraints, .basicConstraintsCA, .basicConstraintsPathLen, .nonEmptySubject, .idLinkage,
             .criticalExtensions, .unparseableExtension, .duplicateExtension, .nameConstraints, .policyConstraints,
             .systemTrustValidityPeriod, .otherTrustValidityPeriod, .chainDepth, .webPKICompliance:
            return .compliance
        case .anchorTrusted, .missingIntermediate, .searchBudgetExhausted: return .trust
        case .revocation: return .revoked
        // Apple files a missing required revocation answer under Pinning (SecPolicyChecks.list).
        case .revocationResponseRequired: return .pinning
        }
    }

    /// Apple's OSStatus for this check (SecPolicyChecks.list).
    public var status: Int32 {
        switch self {
        case .sslHostname: return OSStatusCode.errSecHostNameMismatch
        case .temporalValidity: return OSStatusCode.errSecCertificateExpired
        case .weakKeySize, .keySize: return OSStatusCode.errSecUnsupportedKeySize
        case .weakSignature, .signatureHashAlgorithms: return OSStatusCode.errSecInvalidDigestAlgorithm
        case .keyUsage: return OSStatusCode.errSecInvalidKeyUsageForPolicy
        case .extendedKeyUsage, .serverAuthEKU: return OSStatusCode.errSecInvalidExtendedKeyUsage
        case .basicConstraints: return OSStatusCode.errSecNoBasicConstraints
        case .basicConstraintsCA: return OSStatusCode.errSecNoBasicConstraintsCA
        case .basicConstraintsPathLen, .chainDepth: return OSStatusCode.errSecPathLengthConstraintExceeded
        case .nonEmptySubject: return OSStatusCode.errSecInvalidSubjectName
        case .idLinkage: return OSStatusCode.errSecInvalidIDLinkage
        case .criticalExtensions: return OSStatusCode.errSecUnknownCriticalExtensionFlag
        case .unparseableExtension: return OSStatusCode.errSecUnknownCertExtension
        case .duplicateExtension: return OSStatusCode.errSecCertificateDuplicateExtension
        case .nameConstraints: return OSStatusCode.errSecInvalidName
        case .policyConstraints: return OSStatusCode.errSecInvalidPolicyIdentifiers
        case .systemTrustValidityPeriod, .otherTrustValidityPeriod:
            return OSStatusCode.errSecCertificateValidityPeriodTooLong
        case .anchorTrusted: return OSStatusCode.errSecNotTrusted
        case .missingIntermediate, .searchBudgetExhausted: return OSStatusCode.errSecCreateChainFailed
        case .webPKICompliance: return OSStatusCode.errSecVerifyActionFailed
        case .revocation: return OSStatusCode.errSecCertificateRevoked
        case .revocationResponseRequired: return OSStatusCode.errSecIncompleteCertRevocationCheck
        }
    }

    /// Apple's per-check sentence, used in the detailed ("full") message.
    public var sentence: String {
        switch self {
        case .sslHostname: return "SSL hostname does not match name(s) in certificate"
        case .temporalValidity: return "Certificate is not temporally valid"
        case .weakKeySize: return "Certificate is using a broken key size"
        case .weakSignature: return "Certificate is using a broken signature algorithm"
        case .keySize: return "Key size is not permitted for this use"
        case .signatureHashAlgorithms: return "Signature hash algorithm is not permitted for this use"
        case .keyUsage: return "Key usage does not match certificate usage"
        case .extendedKeyUsage, .serverAuthEKU: return "Extended key usage does not match certificate usage"
        case .basicConstraints: return "Basic constraints are required but missing"
        case .basicConstraintsCA: return "Non-CA certificate used as a CA"
        case .basicConstraintsPathLen: return "Chain exceeded constrained path length"
        case .nonEmptySubject: return "Certificate missing a name"
        case .idLinkage: return "SubjectKeyID/AuthorityKeyID mismatch in chain"
        case .criticalExtensions: return "Found unknown critical extensions"
        case .unparseableExtension: return "Unable to parse known extension"
        case .duplicateExtension: return "Multiple extensions with the same extension ID"
        case .nameConstraints: return "Name constraints violated"
        case .policyConstraints: return "Policy constraints violated"
        case .systemTrustValidityPeriod, .otherTrustValidityPeriod:
            return "Certificate exceeds maximum temporal validity period"
        case .anchorTrusted: return "Root is not trusted"
        case .missingIntermediate: return "Unable to build chain to root (possible missing intermediate)"
        case .searchBudgetExhausted: return "Path search stopped at its work budget"
        case .chainDepth: return "Chain is longer than the allowed depth"
        case .webPKICompliance: return "Certificate does not meet web PKI requirements"
        case .revocation: return "Certificate is revoked"
        case .revocationResponseRequired: return "Failed to check revocation"
        }
    }

    /// What a headline calls the failure, in a few of the user's words (`TrustFailure.reason(on:)` adds
    /// which certificate and why). Validity says "expired" or "not yet valid" instead, from its context.
    public var headline: String {
        switch self {
        case .sslHostname: return "host name mismatch"
        case .temporalValidity: return "not valid at the evaluation time"
        case .weakKeySize: return "broken key"
        case .weakSignature: return "broken signature algorithm"
        case .keySize: return "key size not permitted"
        case .signatureHashAlgorithms: return "signature hash not permitted"
        case .keyUsage: return "key usage does not permit this use"
        case .extendedKeyUsage, .serverAuthEKU: return "extended key usage does not permit this use"
        case .basicConstraints: return "basic constraints missing or malformed"
        case .basicConstraintsCA: return "CA flag wrong"
        case .basicConstraintsPathLen: return "path length constraint exceeded"
        case .nonEmptySubject: return "empty subject"
        case .idLinkage: return "key identifier mismatch"
        case .criticalExtensions: return "unknown critical extension"
        case .unparseableExtension: return "unparseable extension"
        case .duplicateExtension: return "duplicate extension"
        case .nameConstraints: return "name constraints violated"
        case .policyConstraints: return "certificate policies not met"
        case .systemTrustValidityPeriod, .otherTrustValidityPeriod: return "validity period too long"
        case .anchorTrusted: return "untrusted root"
        case .missingIntermediate: return "no path to an anchor"
        case .revocation: return "revoked"
        case .revocationResponseRequired: return "revocation status not established"
        case .searchBudgetExhausted: return "path search stopped"
        case .chainDepth: return "chain too long"
        case .webPKICompliance: return "web PKI rule broken"
        }
    }

    /// What TrustCheck means by the check: when it fails, in the user's terms.
    public var meaning: String {
        switch self {
        case .sslHostname: return "the leaf's subjectAltName does not cover the host asked for (the CN is never used)"
        case .temporalValidity: return "the evaluation time is before notBefore or after notAfter of a certificate, anchor included"
        case .weakKeySize: return "a key is broken: RSA < 1024, EC < 160 bits, DSA (under rfc5280: DSA < 1024 bits or without parameters to inherit), or a key no key pair can have (fatal)"
        case .weakSignature: return "a certificate not signed by itself is signed with MD2, MD4 or MD5 (fatal)"
        case .keySize:
            return "a key is below the policy's minimum (SSL server: RSA 2048, EC 256, no other algorithm at any size; webpki: CABF algorithms)"
        case .signatureHashAlgorithms: return "the SSL server policy refuses SHA-1 (or worse) below a self-signed certificate"
        case .keyUsage: return "keyUsage forbids what the certificate is used for (an issuer without keyCertSign, ...)"
        case .extendedKeyUsage: return "extendedKeyUsage does not allow the policy's purpose"
        case .serverAuthEKU: return "Apple's stricter serverAuth EKU rules for TLS servers"
        case .basicConstraints: return "basicConstraints is missing where a CA needs it, or is malformed for the profile"
        case .basicConstraintsCA: return "an issuer is not a CA, or an end entity claims to be one"
        case .basicConstraintsPathLen: return "an intermediate exceeds a pathLenConstraint above it"
        case .nonEmptySubject: return "a certificate has an empty subject without a critical subjectAltName"
        case .idLinkage: return "an authorityKeyIdentifier does not match its issuer's subjectKeyIdentifier"
        case .criticalExtensions: return "a critical extension the profile does not understand"
        case .unparseableExtension: return "a known extension cannot be parsed"
        case .duplicateExtension: return "the same extension appears twice"
        case .nameConstraints: return "a name violates an issuer's nameConstraints, or the constraints are malformed"
        case .policyConstraints:
            return "the certificate policy tree (RFC 5280 §6.1) leaves no policy where one is required, or policyConstraints is not critical"
        case .systemTrustValidityPeriod: return "under a system root, the leaf's lifetime exceeds 825 or 398 days (by issue date)"
        case .otherTrustValidityPeriod: return "the leaf, issued after 2019-07-01, is valid for more than 825 days"
        case .anchorTrusted: return "the path ends in a self-signed certificate that is not an anchor in use"
        case .missingIntermediate: return "no issuer of the top certificate was found among the stores searched"
        case .revocation: return "a usable CRL of the issuer lists the certificate (fatal)"
        case .revocationResponseRequired:
            return "the revocation status is not established: every applicable CRL is unusable, or (require) nothing answers"
        case .searchBudgetExhausted:
            return "TrustCheck's own: the path search stopped at its work budget (paths, signature checks, or the path length limit "
                + "SearchBudget.maximumPathLength, at the certificate where it was hit; Apple has no length limit)"
        case .chainDepth: return "TrustCheck's own: more intermediates than the caller allowed"
        case .webPKICompliance: return "TrustCheck's own: a web PKI rule (the rule names which) is broken"
        }
    }
}
