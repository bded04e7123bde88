/// The CRL and CRL entry extensions of RFC 5280 §5.2 and §5.3.
public enum CRLExtensionOID {
    public static let authorityKeyIdentifier = ExtensionOID.authorityKeyIdentifier
    public static let issuerAltName = ExtensionOID.issuerAltName
    public static let crlNumber = "2.5.29.20"
    public static let deltaCRLIndicator = "2.5.29.27"
    public static let issuingDistributionPoint = "2.5.29.28"
    public static let freshestCRL = "2.5.29.46"
    public static let authorityInfoAccess = ExtensionOID.authorityInfoAccess

    public static let reasonCode = "2.5.29.21"
    public static let holdInstructionCode = "2.5.29.23"
    public static let invalidityDate = "2.5.29.24"
    public static let certificateIssuer = "2.5.29.29"

    /// CRL extensions that do not change what the CRL covers, so a CRL carrying them — critical or
    /// not — is still a complete CRL for every certificate of its issuer. deltaCRLIndicator and
    /// issuingDistributionPoint are absent on purpose: TrustCheck neither merges delta CRLs nor
    /// evaluates a distribution point's scope, so such a CRL (those extensions are always critical)
    /// must not be used.
    public static let understood: Set<String> = [
        authorityKeyIdentifier, issuerAltName, crlNumber, freshestCRL, authorityInfoAccess,
    ]

    /// Entry extensions that only inform. certificateIssuer is absent on purpose: it makes the CRL
    /// indirect (entries for another CA's certificates), which TrustCheck does not support.
    public static let understoodInEntries: Set<String> = [reasonCode, holdInstructionCode, invalidityDate]
}
