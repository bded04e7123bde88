import TrustEvaluation

/// Apple's OSStatus: 0 is success, negative values are errors (SecBase.h).
public typealias OSStatus = Int32

// Values from SecBase.h, shared with the engine through OSStatusCode.
public let errSecSuccess: OSStatus = OSStatusCode.errSecSuccess
public let errSecUnimplemented: OSStatus = OSStatusCode.errSecUnimplemented
public let errSecParam: OSStatus = OSStatusCode.errSecParam
public let errSecAllocate: OSStatus = OSStatusCode.errSecAllocate
public let errSecCreateChainFailed: OSStatus = OSStatusCode.errSecCreateChainFailed
public let errSecDecode: OSStatus = OSStatusCode.errSecDecode
public let errSecInvalidCertificate: OSStatus = OSStatusCode.errSecInvalidCertificate
public let errSecInternal: OSStatus = OSStatusCode.errSecInternal
public let errSecHostNameMismatch: OSStatus = OSStatusCode.errSecHostNameMismatch
public let errSecUnknownCriticalExtensionFlag: OSStatus = OSStatusCode.errSecUnknownCriticalExtensionFlag
public let errSecNoBasicConstraints: OSStatus = OSStatusCode.errSecNoBasicConstraints
public let errSecNoBasicConstraintsCA: OSStatus = OSStatusCode.errSecNoBasicConstraintsCA
public let errSecInvalidKeyUsageForPolicy: OSStatus = OSStatusCode.errSecInvalidKeyUsageForPolicy
public let errSecInvalidExtendedKeyUsage: OSStatus = OSStatusCode.errSecInvalidExtendedKeyUsage
public let errSecInvalidIDLinkage: OSStatus = OSStatusCode.errSecInvalidIDLinkage
public let errSecPathLengthConstraintExceeded: OSStatus = OSStatusCode.errSecPathLengthConstraintExceeded
public let errSecInvalidRoot: OSStatus = OSStatusCode.errSecInvalidRoot
public let errSecUnknownCertExtension: OSStatus = OSStatusCode.errSecUnknownCertExtension
public let errSecIncompleteCertRevocationCheck: OSStatus = OSStatusCode.errSecIncompleteCertRevocationCheck
public let errSecTrustSettingDeny: OSStatus = OSStatusCode.errSecTrustSettingDeny
public let errSecInvalidSubjectName: OSStatus = OSStatusCode.errSecInvalidSubjectName
public let errSecInternalError: OSStatus = OSStatusCode.errSecInternalError
public let errSecInvalidData: OSStatus = OSStatusCode.errSecInvalidData
public let errSecInvalidName: OSStatus = OSStatusCode.errSecInvalidName
public let errSecUnsupportedKeySize: OSStatus = OSStatusCode.errSecUnsupportedKeySize
public let errSecPublicKeyInconsistent: OSStatus = OSStatusCode.errSecPublicKeyInconsistent
public let errSecInvalidDigestAlgorithm: OSStatus = OSStatusCode.errSecInvalidDigestAlgorithm
public let errSecCertificateExpired: OSStatus = OSStatusCode.errSecCertificateExpired
public let errSecCertificateNotValidYet: OSStatus = OSStatusCode.errSecCertificateNotValidYet
public let errSecCertificateRevoked: OSStatus = OSStatusCode.errSecCertificateRevoked
public let errSecVerifyActionFailed: OSStatus = OSStatusCode.errSecVerifyActionFailed
public let errSecInvalidPolicyIdentifiers: OSStatus = OSStatusCode.errSecInvalidPolicyIdentifiers
public let errSecNotTrusted: OSStatus = OSStatusCode.errSecNotTrusted
public let errSecMissingRequiredExtension: OSStatus = OSStatusCode.errSecMissingRequiredExtension
public let errSecCertificatePolicyNotAllowed: OSStatus = OSStatusCode.errSecCertificatePolicyNotAllowed
public let errSecCertificateNameNotAllowed: OSStatus = OSStatusCode.errSecCertificateNameNotAllowed
public let errSecCertificateValidityPeriodTooLong: OSStatus = OSStatusCode.errSecCertificateValidityPeriodTooLong
public let errSecCertificateIsCA: OSStatus = OSStatusCode.errSecCertificateIsCA
public let errSecCertificateDuplicateExtension: OSStatus = OSStatusCode.errSecCertificateDuplicateExtension

// SecureTransport codes (SecureTransport.h), which TLS stacks report for trust failures.
public let errSSLFatalAlert: OSStatus = -9802
public let errSSLXCertChainInvalid: OSStatus = -9807
public let errSSLBadCert: OSStatus = -9808
public let errSSLUnknownRootCert: OSStatus = -9812
public let errSSLNoRootCert: OSStatus = -9813
public let errSSLCertExpired: OSStatus = -9814
public let errSSLCertNotYetValid: OSStatus = -9815
public let errSSLClosedNoNotify: OSStatus = -9816
public let errSSLPeerDecryptError: OSStatus = -9834
public let errSSLHostNameMismatch: OSStatus = -9843
public let errSSLATSViolation: OSStatus = -9880
public let errSSLATSMinimumVersionViolation: OSStatus = -9881
public let errSSLATSCiphersuiteViolation: OSStatus = -9882
public let errSSLATSMinimumKeySizeViolation: OSStatus = -9883
public let errSSLATSLeafCertificateHashAlgorithmViolation: OSStatus = -9884
public let errSSLATSCertificateHashAlgorithmViolation: OSStatus = -9885
public let errSSLATSCertificateTrustViolation: OSStatus = OSStatusCode.errSSLATSCertificateTrustViolation
