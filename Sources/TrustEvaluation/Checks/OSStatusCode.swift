/// Apple's OSStatus values used by trust evaluation (SecBase.h).
public enum OSStatusCode {
    /// Apple's `errSecSuccess` (0).
    public static let errSecSuccess: Int32 = 0
    /// Apple's `errSecUnimplemented` (-4).
    public static let errSecUnimplemented: Int32 = -4
    /// Apple's `errSecParam` (-50).
    public static let errSecParam: Int32 = -50
    /// Apple's `errSecAllocate` (-108).
    public static let errSecAllocate: Int32 = -108
    /// Apple's `errSecCreateChainFailed` (-25318).
    public static let errSecCreateChainFailed: Int32 = -25318
    /// Apple's `errSecDecode` (-26275).
    public static let errSecDecode: Int32 = -26275
    /// Apple's `errSecInvalidCertificate` (-26275).
    public static let errSecInvalidCertificate: Int32 = -26275
    /// Apple's `errSecInternal` (-26276).
    public static let errSecInternal: Int32 = -26276
    /// Apple's `errSecHostNameMismatch` (-67602).
    public static let errSecHostNameMismatch: Int32 = -67602
    /// Apple's `errSecUnknownCriticalExtensionFlag` (-67603).
    public static let errSecUnknownCriticalExtensionFlag: Int32 = -67603
    /// Apple's `errSecNoBasicConstraints` (-67604).
    public static let errSecNoBasicConstraints: Int32 = -67604
    /// Apple's `errSecNoBasicConstraintsCA` (-67605).
    public static let errSecNoBasicConstraintsCA: Int32 = -67605
    /// Apple's `errSecInvalidKeyUsageForPolicy` (-67608).
    public static let errSecInvalidKeyUsageForPolicy: Int32 = -67608
    /// Apple's `errSecInvalidExtendedKeyUsage` (-67609).
    public static let errSecInvalidExtendedKeyUsage: Int32 = -67609
    /// Apple's `errSecInvalidIDLinkage` (-67610).
    public static let errSecInvalidIDLinkage: Int32 = -67610
    /// Apple's `errSecPathLengthConstraintExceeded` (-67611).
    public static let errSecPathLengthConstraintExceeded: Int32 = -67611
    /// Apple's `errSecInvalidRoot` (-67612).
    public static let errSecInvalidRoot: Int32 = -67612
    /// Apple's `errSecUnknownCertExtension` (-67618).
    public static let errSecUnknownCertExtension: Int32 = -67618
    /// Apple's `errSecIncompleteCertRevocationCheck` (-67635).
    public static let errSecIncompleteCertRevocationCheck: Int32 = -67635
    /// Apple's `errSecTrustSettingDeny` (-67654).
    public static let errSecTrustSettingDeny: Int32 = -67654
    /// Apple's `errSecInvalidSubjectName` (-67655).
    public static let errSecInvalidSubjectName: Int32 = -67655
    /// Apple's `errSecInternalError` (-67671).
    public static let errSecInternalError: Int32 = -67671
    /// Apple's `errSecInvalidData` (-67673).
    public static let errSecInvalidData: Int32 = -67673
    /// Apple's `errSecInvalidName` (-67689).
    public static let errSecInvalidName: Int32 = -67689
    /// Apple's `errSecUnsupportedKeySize` (-67735).
    public static let errSecUnsupportedKeySize: Int32 = -67735
    /// Apple's `errSecPublicKeyInconsistent` (-67811).
    public static let errSecPublicKeyInconsistent: Int32 = -67811
    /// Apple's `errSecInvalidDigestAlgorithm` (-67815).
    public static let errSecInvalidDigestAlgorithm: Int32 = -67815
    /// Apple's `errSecCertificateExpired` (-67818).
    public static let errSecCertificateExpired: Int32 = -67818
    /// Apple's `errSecCertificateNotValidYet` (-67819).
    public static let errSecCertificateNotValidYet: Int32 = -67819
    /// Apple's `errSecCertificateRevoked` (-67820).
    public static let errSecCertificateRevoked: Int32 = -67820
    /// Apple's `errSecVerifyActionFailed` (-67825).
    public static let errSecVerifyActionFailed: Int32 = -67825
    /// Apple's `errSecInvalidPolicyIdentifiers` (-67835).
    public static let errSecInvalidPolicyIdentifiers: Int32 = -67835
    /// Apple's `errSecNotTrusted` (-67843).
    public static let errSecNotTrusted: Int32 = -67843
    /// Apple's `errSecMissingRequiredExtension` (-67880).
    public static let errSecMissingRequiredExtension: Int32 = -67880
    /// Apple's `errSecCertificatePolicyNotAllowed` (-67899).
    public static let errSecCertificatePolicyNotAllowed: Int32 = -67899
    /// Apple's `errSecCertificateNameNotAllowed` (-67900).
    public static let errSecCertificateNameNotAllowed: Int32 = -67900
    /// Apple's `errSecCertificateValidityPeriodTooLong` (-67901).
    public static let errSecCertificateValidityPeriodTooLong: Int32 = -67901
    /// Apple's `errSecCertificateIsCA` (-67902).
    public static let errSecCertificateIsCA: Int32 = -67902
    /// Apple's `errSecCertificateDuplicateExtension` (-67903).
    public static let errSecCertificateDuplicateExtension: Int32 = -67903
    /// Apple's `errSSLATSCertificateTrustViolation` (-9886).
    public static let errSSLATSCertificateTrustViolation: Int32 = -9886
}
