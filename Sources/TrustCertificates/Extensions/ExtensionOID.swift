/// Certificate extension OIDs, and which of them TrustCheck and Apple understand.
public enum ExtensionOID {
    /// id-ce-subjectKeyIdentifier (RFC 5280 §4.2.1.2).
    public static let subjectKeyIdentifier = "2.5.29.14"
    /// id-ce-keyUsage (§4.2.1.3).
    public static let keyUsage = "2.5.29.15"
    /// id-ce-subjectAltName (§4.2.1.6).
    public static let subjectAltName = "2.5.29.17"
    /// id-ce-issuerAltName (§4.2.1.7).
    public static let issuerAltName = "2.5.29.18"
    /// id-ce-basicConstraints (§4.2.1.9).
    public static let basicConstraints = "2.5.29.19"
    /// id-ce-nameConstraints (§4.2.1.10).
    public static let nameConstraints = "2.5.29.30"
    /// id-ce-cRLDistributionPoints (§4.2.1.13).
    public static let crlDistributionPoints = "2.5.29.31"
    /// id-ce-certificatePolicies (§4.2.1.4).
    public static let certificatePolicies = "2.5.29.32"
    /// id-ce-policyMappings (§4.2.1.5).
    public static let policyMappings = "2.5.29.33"
    /// id-ce-authorityKeyIdentifier (§4.2.1.1).
    public static let authorityKeyIdentifier = "2.5.29.35"
    /// id-ce-policyConstraints (§4.2.1.11).
    public static let policyConstraints = "2.5.29.36"
    /// id-ce-extKeyUsage (§4.2.1.12).
    public static let extendedKeyUsage = "2.5.29.37"
    /// id-ce-inhibitAnyPolicy (§4.2.1.14).
    public static let inhibitAnyPolicy = "2.5.29.54"
    /// id-pe-authorityInfoAccess (§4.2.2.1).
    public static let authorityInfoAccess = "1.3.6.1.5.5.7.1.1"
    /// id-pe-subjectInfoAccess (§4.2.2.2).
    public static let subjectInfoAccess = "1.3.6.1.5.5.7.1.11"
    /// id-ce-privateKeyUsagePeriod (RFC 3280; dropped by RFC 5280).
    public static let privateKeyUsagePeriod = "2.5.29.16"
    /// id-pe-qcStatements (RFC 3739).
    public static let qcStatements = "1.3.6.1.5.5.7.1.3"
    /// id-pkix-ocsp-nocheck (RFC 6960 §4.2.2.2.1): an OCSP responder's certificate need not be checked.
    public static let ocspNoCheck = "1.3.6.1.5.5.7.48.1.5"
    /// Netscape certificate type (legacy).
    public static let netscapeCertType = "2.16.840.1.113730.1.1"
    /// Entrust version information (legacy).
    public static let entrustVersionInfo = "1.2.840.113533.7.65.0"

    /// Extensions whose meaning TrustCheck knows and either enforces or may safely ignore when critical,
    /// under every profile. Policy mappings, policy constraints and inhibitAnyPolicy are absent on
    /// purpose: only the profiles that run the RFC 5280 policy tree enforce them (`policyProcessing`),
    /// so under the others marking them critical must fail closed.
    public static let understood: Set<String> = [
        subjectKeyIdentifier, keyUsage, subjectAltName, issuerAltName, basicConstraints, nameConstraints,
        crlDistributionPoints, certificatePolicies, authorityKeyIdentifier, extendedKeyUsage,
        authorityInfoAccess, subjectInfoAccess,
    ]

    /// The extensions Apple's certificate parser knows, which Apple therefore never counts as unknown when
    /// critical (apple-sectrust.md §4.6): the OIDs of SecCertificate.c's extension parser table (SKI, KU,
    /// privateKeyUsagePeriod, SAN, IAN, BC, NC, CRLDP, CP, AKI, EKU, AIA, SIA, Netscape cert type, Entrust
    /// version info, OCSP no-check; its Apple escrow marker lies under an Apple arc), QCStatements, and every
    /// OID under `appleArcs` or in `carConnectivity` (Apple's isAppleExtensionOID / isCCCExtensionOID).
    ///
    /// Apple's table also has policyMappings, policyConstraints and inhibitAnyPolicy (`policyProcessing`),
    /// which Apple knows because it runs the policy tree that enforces them; the apple profile runs that
    /// tree too. Apple's newest `isOtherKnownExtensionOID` list is not included: its contents were not
    /// available to check.
    public static let knownToApple: Set<String> = understood.union(policyProcessing).union([
        privateKeyUsagePeriod, netscapeCertType, entrustVersionInfo, ocspNoCheck, qcStatements,
    ])

    /// The extensions only the RFC 5280 policy tree (§6.1.3 d-f, §6.1.4 a-b, h-j) enforces: known to the
    /// profiles that run it (apple, rfc5280), unknown when critical to the one that does not (webpki).
    public static let policyProcessing: Set<String> = [policyMappings, policyConstraints, inhibitAnyPolicy]

    /// Arcs under which Apple treats every extension as known: 1.2.840.113635.100.{6, 11, 12, 13, 15}.
    public static let appleArcs = ["6", "11", "12", "13", "15"].map { "1.2.840.113635.100.\($0)." }

    /// The Car Connectivity Consortium's vehicle and CA extensions Apple knows.
    public static let carConnectivity: Set<String> = [
        "1.3.6.1.4.1.41577.5.1", "1.3.6.1.4.1.41577.5.8", "1.3.6.1.4.1.41577.5.9",
    ]

    /// Whether Apple's certificate parser knows `oid` (see `knownToApple`).
    public static func isKnownToApple(_ oid: String) -> Bool {
        knownToApple.contains(oid) || carConnectivity.contains(oid) || appleArcs.contains { oid.hasPrefix($0) }
    }
}
