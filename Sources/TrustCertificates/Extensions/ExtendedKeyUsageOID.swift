/// extendedKeyUsage purpose OIDs (RFC 5280 §4.2.1.12 and the legacy SGC ones Apple knows).
public enum ExtendedKeyUsageOID {
    /// anyExtendedKeyUsage.
    public static let any = "2.5.29.37.0"
    /// id-kp-serverAuth: TLS server.
    public static let serverAuth = "1.3.6.1.5.5.7.3.1"
    /// id-kp-clientAuth: TLS client.
    public static let clientAuth = "1.3.6.1.5.5.7.3.2"
    /// id-kp-codeSigning.
    public static let codeSigning = "1.3.6.1.5.5.7.3.3"
    /// id-kp-emailProtection: S/MIME.
    public static let emailProtection = "1.3.6.1.5.5.7.3.4"
    /// id-kp-timeStamping.
    public static let timeStamping = "1.3.6.1.5.5.7.3.8"
    /// id-kp-OCSPSigning.
    public static let ocspSigning = "1.3.6.1.5.5.7.3.9"
    /// Microsoft Server Gated Crypto (legacy).
    public static let microsoftSGC = "1.3.6.1.4.1.311.10.3.3"
    /// Netscape Server Gated Crypto (legacy).
    public static let netscapeSGC = "2.16.840.1.113730.4.1"

    static let names: [String: String] = [
        any: "anyExtendedKeyUsage", serverAuth: "serverAuth", clientAuth: "clientAuth", codeSigning: "codeSigning",
        emailProtection: "emailProtection", timeStamping: "timeStamping", ocspSigning: "OCSPSigning",
        microsoftSGC: "msSGC", netscapeSGC: "nsSGC",
    ]

    /// The purpose's name, e.g. "serverAuth"; the OID itself when TrustCheck has no name for it.
    public static func name(_ oid: String) -> String { names[oid] ?? oid }
    /// The OID of the purpose called `name`; nil for names TrustCheck does not know.
    public static func oid(named name: String) -> String? { names.first { $0.value == name }?.key }
}
