import TrustEvaluation

/// Apple's OSStatus: 0 is success, negative values are errors (SecBase.h).
public typealias OSStatus = Int32

// Values from SecBase.h, shared with the engine through OSStatusCode.
/// `errSecSuccess` (0): no error. What SecTrustCompat's OSStatus functions return unless they say
/// otherwise; ``SecTrustEvaluate(_:_:)`` returns it for an untrusted chain too.
public let errSecSuccess: OSStatus = OSStatusCode.errSecSuccess
/// `errSecUnimplemented` (-4): the function or operation is not implemented.
/// ``SecKeyCreateWithData(_:_:_:)`` reports it for private RSA and EC keys and for symmetric keys, which
/// SecKey does not hold.
public let errSecUnimplemented: OSStatus = OSStatusCode.errSecUnimplemented
/// `errSecParam` (-50): a parameter is not valid. SecTrustCreateWithCertificates, SecTrustSetPolicies,
/// SecTrustSetAnchorCertificates and SecTrustSetOCSPResponse return it for a value of the wrong type or
/// an empty array; SecKeyCreateWithData reports it for a missing or unknown key type or class and for key
/// bytes that do not parse.
public let errSecParam: OSStatus = OSStatusCode.errSecParam
/// `errSecAllocate` (-108): memory could not be allocated. Never returned by SecTrustCompat.
public let errSecAllocate: OSStatus = OSStatusCode.errSecAllocate
/// `errSecCreateChainFailed` (-25318): a certificate needed to validate this one cannot be found.
/// MissingIntermediate: no issuer of the top certificate among the certificates and stores searched
/// (TrustCheck never fetches AIA issuers); also TrustCheck's SearchBudgetExhausted.
public let errSecCreateChainFailed: OSStatus = OSStatusCode.errSecCreateChainFailed
/// `errSecDecode` (-26275): the data could not be decoded; the same value as
/// ``errSecInvalidCertificate``. Not returned by SecTrustCompat: SecCertificateCreateWithData gives nil.
public let errSecDecode: OSStatus = OSStatusCode.errSecDecode
/// `errSecInvalidCertificate` (-26275): the certificate could not be decoded; the same value as
/// ``errSecDecode``. Apple's SecCertificateCopySerialNumberData reports it for a NULL certificate,
/// which Swift cannot pass here, so SecTrustCompat never returns it.
public let errSecInvalidCertificate: OSStatus = OSStatusCode.errSecInvalidCertificate
/// `errSecInternal` (-26276, SecBasePriv.h): an internal error in the Security framework.
/// ``SecCertificateCopyCommonName(_:_:)`` returns it when the subject has no common name, as Apple's does.
public let errSecInternal: OSStatus = OSStatusCode.errSecInternal
/// `errSecHostNameMismatch` (-67602): a host name mismatch. SSLHostname: the leaf's
/// subjectAltName does not cover the hostname given to SecPolicyCreateSSL.
public let errSecHostNameMismatch: OSStatus = OSStatusCode.errSecHostNameMismatch
/// `errSecUnknownCriticalExtensionFlag` (-67603): an unknown critical extension. CriticalExtensions:
/// a certificate has a critical extension the profile does not understand.
public let errSecUnknownCriticalExtensionFlag: OSStatus = OSStatusCode.errSecUnknownCriticalExtensionFlag
/// `errSecNoBasicConstraints` (-67604): no basic constraints were found. BasicConstraints: an issuer
/// lacks the extension, or it is malformed for the profile.
public let errSecNoBasicConstraints: OSStatus = OSStatusCode.errSecNoBasicConstraints
/// `errSecNoBasicConstraintsCA` (-67605): no basic CA constraints were found. BasicConstraintsCA:
/// an issuer is not a CA, or an end entity claims to be one.
public let errSecNoBasicConstraintsCA: OSStatus = OSStatusCode.errSecNoBasicConstraintsCA
/// `errSecInvalidKeyUsageForPolicy` (-67608): the key usage is not valid for the policy. KeyUsage:
/// e.g. an issuer without keyCertSign.
public let errSecInvalidKeyUsageForPolicy: OSStatus = OSStatusCode.errSecInvalidKeyUsageForPolicy
/// `errSecInvalidExtendedKeyUsage` (-67609): the extended key usage is not valid. ExtendedKeyUsage
/// and ServerAuthEKU: the chain does not allow the policy's purpose (serverAuth, clientAuth).
public let errSecInvalidExtendedKeyUsage: OSStatus = OSStatusCode.errSecInvalidExtendedKeyUsage
/// `errSecInvalidIDLinkage` (-67610): the ID linkage is not valid. IdLinkage: an
/// authorityKeyIdentifier does not match its issuer's subjectKeyIdentifier.
public let errSecInvalidIDLinkage: OSStatus = OSStatusCode.errSecInvalidIDLinkage
/// `errSecPathLengthConstraintExceeded` (-67611): the path length constraint was exceeded.
/// BasicConstraintsPathLen; also TrustCheck's ChainDepth, for a ``SecPolicy/init(policy:)`` policy
/// with `maximumIntermediates`.
public let errSecPathLengthConstraintExceeded: OSStatus = OSStatusCode.errSecPathLengthConstraintExceeded
/// `errSecInvalidRoot` (-67612): the root or anchor is not valid; Apple's AnchorSHA256 and
/// PinningRequired checks. Not returned by SecTrustCompat: it has no pinning database.
public let errSecInvalidRoot: OSStatus = OSStatusCode.errSecInvalidRoot
/// `errSecUnknownCertExtension` (-67618): an unknown certificate extension. UnparseableExtension:
/// a known extension cannot be parsed.
public let errSecUnknownCertExtension: OSStatus = OSStatusCode.errSecUnknownCertExtension
/// `errSecIncompleteCertRevocationCheck` (-67635): the revocation check is incomplete.
/// RevocationResponseRequired: a SecPolicyCreateRevocation policy with
/// ``kSecRevocationRequirePositiveResponse`` fails every certificate below the top of the chain that
/// neither a usable stapled OCSP response nor CRLs covering every reason (``SecTrustSetCRLs``) answer,
/// since TrustCheck fetches no OCSP or CRL answer.
public let errSecIncompleteCertRevocationCheck: OSStatus = OSStatusCode.errSecIncompleteCertRevocationCheck
/// `errSecTrustSettingDeny` (-67654): a trust setting for this policy says Deny. Never returned:
/// Linux has no user or admin trust settings.
public let errSecTrustSettingDeny: OSStatus = OSStatusCode.errSecTrustSettingDeny
/// `errSecInvalidSubjectName` (-67655): an invalid certificate subject name. NonEmptySubject: an
/// empty subject without a critical subjectAltName.
public let errSecInvalidSubjectName: OSStatus = OSStatusCode.errSecInvalidSubjectName
/// `errSecInternalError` (-67671): an internal error. A trust error has this code, with Apple's
/// `Unknown trust error for “…” certificate` message, when an untrusted result has no failure to blame.
public let errSecInternalError: OSStatus = OSStatusCode.errSecInternalError
/// `errSecInvalidData` (-67673): invalid data. Never returned by SecTrustCompat.
public let errSecInvalidData: OSStatus = OSStatusCode.errSecInvalidData
/// `errSecInvalidName` (-67689): an invalid name. NameConstraints: a name violates an issuer's
/// nameConstraints, or the constraints are malformed.
public let errSecInvalidName: OSStatus = OSStatusCode.errSecInvalidName
/// `errSecUnsupportedKeySize` (-67735): the key size is not supported. WeakKeySize (fatal: a broken
/// key such as RSA below 1024 bits) and KeySize (below the SSL server minimum: RSA 2048, EC 256).
public let errSecUnsupportedKeySize: OSStatus = OSStatusCode.errSecUnsupportedKeySize
/// `errSecPublicKeyInconsistent` (-67811): the public key is inconsistent; Apple's
/// IntermediateSPKISHA256 pin check. Not returned by SecTrustCompat: it has no pinning database.
public let errSecPublicKeyInconsistent: OSStatus = OSStatusCode.errSecPublicKeyInconsistent
/// `errSecInvalidDigestAlgorithm` (-67815): an invalid digest algorithm. WeakSignature (fatal: MD2,
/// MD4 or MD5) and SignatureHashAlgorithms (SHA-1 or worse below a self-signed certificate, which the
/// SSL server policy refuses).
public let errSecInvalidDigestAlgorithm: OSStatus = OSStatusCode.errSecInvalidDigestAlgorithm
/// `errSecCertificateExpired` (-67818): an expired certificate. TemporalValidity, for a certificate
/// that is expired *or not yet valid* (anchor included), as on Apple platforms.
public let errSecCertificateExpired: OSStatus = OSStatusCode.errSecCertificateExpired
/// `errSecCertificateNotValidYet` (-67819): the certificate is not yet valid; Apple uses it only for
/// the NotValidBefore pinning check. Never returned: a not-yet-valid certificate fails
/// TemporalValidity with ``errSecCertificateExpired``.
public let errSecCertificateNotValidYet: OSStatus = OSStatusCode.errSecCertificateNotValidYet
/// `errSecCertificateRevoked` (-67820): the certificate was revoked (Revocation, fatal; Apple's
/// blocklists too). The engine reports it for a certificate a usable CRL lists; a SecTrust reports
/// it for a certificate a usable stapled OCSP response (SecTrustSetOCSPResponse) says is revoked.
public let errSecCertificateRevoked: OSStatus = OSStatusCode.errSecCertificateRevoked
/// `errSecVerifyActionFailed` (-67825): a verify action failed; Apple's SystemTrustedCTRequired
/// (no CT here). TrustCheck's WebPKICompliance reports it, for a ``SecPolicy/init(policy:)`` policy
/// with the webpki or rfc5280 profile.
public let errSecVerifyActionFailed: OSStatus = OSStatusCode.errSecVerifyActionFailed
/// `errSecInvalidPolicyIdentifiers` (-67835): the policy identifiers are not valid.
/// PolicyConstraints: the RFC 5280 policy tree rejects the path (as Apple's trustd), or, under rfc5280, a
/// policyConstraints extension is not critical.
public let errSecInvalidPolicyIdentifiers: OSStatus = OSStatusCode.errSecInvalidPolicyIdentifiers
/// `errSecNotTrusted` (-67843): the chain does not end at a trusted anchor. AnchorTrusted: the path
/// ends in a self-signed certificate that is not an anchor in use.
public let errSecNotTrusted: OSStatus = OSStatusCode.errSecNotTrusted
/// `errSecMissingRequiredExtension` (-67880): a required certificate extension is missing. Never returned by
/// SecTrustCompat.
public let errSecMissingRequiredExtension: OSStatus = OSStatusCode.errSecMissingRequiredExtension
/// `errSecCertificatePolicyNotAllowed` (-67899): the policy is not allowed for this certificate;
/// Apple's IssuerPolicyConstraints (fatal). Never returned by SecTrustCompat.
public let errSecCertificatePolicyNotAllowed: OSStatus = OSStatusCode.errSecCertificatePolicyNotAllowed
/// `errSecCertificateNameNotAllowed` (-67900): the name is not allowed for this certificate;
/// Apple's IssuerNameConstraints (fatal). Never returned by SecTrustCompat.
public let errSecCertificateNameNotAllowed: OSStatus = OSStatusCode.errSecCertificateNameNotAllowed
/// `errSecCertificateValidityPeriodTooLong` (-67901): the validity period exceeds the maximum.
/// SystemTrustValidityPeriod and OtherTrustValidityPeriod: the SSL server policy's limits on
/// a leaf's lifetime (398 or 825 days, by issue date).
public let errSecCertificateValidityPeriodTooLong: OSStatus = OSStatusCode.errSecCertificateValidityPeriodTooLong
/// `errSecCertificateIsCA` (-67902): the verified certificate is a CA, not an end entity;
/// Apple's NotCA check, which neither SSL nor BasicX509 runs. Never returned by SecTrustCompat.
public let errSecCertificateIsCA: OSStatus = OSStatusCode.errSecCertificateIsCA
/// `errSecCertificateDuplicateExtension` (-67903): the certificate has two extensions with the
/// same ID. DuplicateExtension.
public let errSecCertificateDuplicateExtension: OSStatus = OSStatusCode.errSecCertificateDuplicateExtension

// SecureTransport codes (SecureTransport.h), which TLS stacks report for trust failures.
/// SecureTransport's `errSSLFatalAlert` (-9802): a fatal TLS alert. Never returned by SecTrustCompat.
public let errSSLFatalAlert: OSStatus = -9802
/// SecureTransport's `errSSLXCertChainInvalid` (-9807): the certificate chain is invalid. Never returned by
/// SecTrustCompat.
public let errSSLXCertChainInvalid: OSStatus = -9807
/// SecureTransport's `errSSLBadCert` (-9808): a badly formatted certificate. Never returned by SecTrustCompat.
public let errSSLBadCert: OSStatus = -9808
/// SecureTransport's `errSSLUnknownRootCert` (-9812): a valid chain to an untrusted root. Never returned by
/// SecTrustCompat.
public let errSSLUnknownRootCert: OSStatus = -9812
/// SecureTransport's `errSSLNoRootCert` (-9813): the chain is not verified by a root. Never returned by
/// SecTrustCompat.
public let errSSLNoRootCert: OSStatus = -9813
/// SecureTransport's `errSSLCertExpired` (-9814): the chain has an expired certificate. Never returned by
/// SecTrustCompat.
public let errSSLCertExpired: OSStatus = -9814
/// SecureTransport's `errSSLCertNotYetValid` (-9815): the chain has a certificate not yet valid. Never returned by
/// SecTrustCompat.
public let errSSLCertNotYetValid: OSStatus = -9815
/// SecureTransport's `errSSLClosedNoNotify` (-9816): the peer closed the connection without
/// close_notify. Never returned by SecTrustCompat.
public let errSSLClosedNoNotify: OSStatus = -9816
/// SecureTransport's `errSSLPeerDecryptError` (-9834): the peer could not decrypt (decrypt_error
/// alert). Never returned by SecTrustCompat.
public let errSSLPeerDecryptError: OSStatus = -9834
/// SecureTransport's `errSSLHostNameMismatch` (-9843): the peer's host name does not match. Never returned by
/// SecTrustCompat.
public let errSSLHostNameMismatch: OSStatus = -9843
/// SecureTransport's `errSSLATSViolation` (-9880): an App Transport Security violation. Never returned by
/// SecTrustCompat.
public let errSSLATSViolation: OSStatus = -9880
/// SecureTransport's `errSSLATSMinimumVersionViolation` (-9881): the TLS version is below ATS's
/// minimum. Never returned by SecTrustCompat.
public let errSSLATSMinimumVersionViolation: OSStatus = -9881
/// SecureTransport's `errSSLATSCiphersuiteViolation` (-9882): the cipher suite is not ATS compliant. Never returned
/// by SecTrustCompat.
public let errSSLATSCiphersuiteViolation: OSStatus = -9882
/// SecureTransport's `errSSLATSMinimumKeySizeViolation` (-9883): the peer's key size is not ATS
/// compliant. Never returned by SecTrustCompat.
public let errSSLATSMinimumKeySizeViolation: OSStatus = -9883
/// SecureTransport's `errSSLATSLeafCertificateHashAlgorithmViolation` (-9884): the leaf's
/// signature hash algorithm is not ATS compliant. Never returned by SecTrustCompat.
public let errSSLATSLeafCertificateHashAlgorithmViolation: OSStatus = -9884
/// SecureTransport's `errSSLATSCertificateHashAlgorithmViolation` (-9885): a certificate's
/// signature hash algorithm is not ATS compliant. Never returned by SecTrustCompat.
public let errSSLATSCertificateHashAlgorithmViolation: OSStatus = -9885
/// SecureTransport's `errSSLATSCertificateTrustViolation` (-9886): the peer's certificate is not
/// trusted under ATS; what Apple reports when a chain misses its NSPinnedDomains pins. TrustCheck's
/// Pinning module reports it for a pin mismatch; SecTrustCompat itself never does (no NSPinnedDomains).
public let errSSLATSCertificateTrustViolation: OSStatus = OSStatusCode.errSSLATSCertificateTrustViolation
