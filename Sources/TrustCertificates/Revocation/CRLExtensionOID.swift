/// The CRL and CRL entry extensions of RFC 5280 §5.2 and §5.3.
public enum CRLExtensionOID {
    /// authorityKeyIdentifier (RFC 5280 §5.2.1).
    public static let authorityKeyIdentifier = ExtensionOID.authorityKeyIdentifier
    /// issuerAltName (§5.2.2).
    public static let issuerAltName = ExtensionOID.issuerAltName
    /// cRLNumber (§5.2.3).
    public static let crlNumber = "2.5.29.20"
    /// deltaCRLIndicator (§5.2.4).
    public static let deltaCRLIndicator = "2.5.29.27"
    /// issuingDistributionPoint (§5.2.5).
    public static let issuingDistributionPoint = "2.5.29.28"
    /// freshestCRL (§5.2.6).
    public static let freshestCRL = "2.5.29.46"
    /// authorityInfoAccess (§5.2.7).
    public static let authorityInfoAccess = ExtensionOID.authorityInfoAccess

    /// Entry extension reasonCode (§5.3.1).
    public static let reasonCode = "2.5.29.21"
    /// Entry extension holdInstructionCode (RFC 3280 §5.3.2, dropped by RFC 5280).
    public static let holdInstructionCode = "2.5.29.23"
    /// Entry extension invalidityDate (§5.3.2).
    public static let invalidityDate = "2.5.29.24"
    /// Entry extension certificateIssuer (§5.3.3), used by indirect CRLs.
    public static let certificateIssuer = "2.5.29.29"

    /// CRL extensions TrustCheck processes (RFC 5280 §6.3.3) or that do not change what the CRL
    /// covers; a critical one of any other kind makes the CRL unusable (§5.2).
    public static let understood: Set<String> = [
        authorityKeyIdentifier, issuerAltName, crlNumber, deltaCRLIndicator, issuingDistributionPoint, freshestCRL,
        authorityInfoAccess,
    ]

    /// Entry extensions TrustCheck processes: the reason, the dates that only inform, and the
    /// certificateIssuer of indirect CRLs (§5.3.3).
    public static let understoodInEntries: Set<String> = [reasonCode, holdInstructionCode, invalidityDate, certificateIssuer]
}
