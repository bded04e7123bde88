/// The X.509 v3 extensions TrustCheck reads, as plain values.

public struct BasicConstraints: Sendable, Hashable {
    public let isCA: Bool
    /// nil when no pathLenConstraint is present.
    public let pathLength: Int?
    public let critical: Bool
}

public struct KeyUsage: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    // GnuTLS's GNUTLS_KEY_* bit values.
    public static let digitalSignature = KeyUsage(rawValue: 128)
    public static let nonRepudiation = KeyUsage(rawValue: 64)
    public static let keyEncipherment = KeyUsage(rawValue: 32)
    public static let dataEncipherment = KeyUsage(rawValue: 16)
    public static let keyAgreement = KeyUsage(rawValue: 8)
    public static let keyCertSign = KeyUsage(rawValue: 4)
    public static let cRLSign = KeyUsage(rawValue: 2)
    public static let encipherOnly = KeyUsage(rawValue: 1)
    public static let decipherOnly = KeyUsage(rawValue: 32768)

    static let names: [(KeyUsage, String)] = [
        (.digitalSignature, "digitalSignature"), (.nonRepudiation, "nonRepudiation"),
        (.keyEncipherment, "keyEncipherment"), (.dataEncipherment, "dataEncipherment"),
        (.keyAgreement, "keyAgreement"), (.keyCertSign, "keyCertSign"), (.cRLSign, "cRLSign"),
        (.encipherOnly, "encipherOnly"), (.decipherOnly, "decipherOnly"),
    ]

    public var names: [String] { Self.names.filter { contains($0.0) }.map(\.1) }
    public var description: String { names.joined(separator: ", ") }

    public init?(name: String) {
        guard let match = Self.names.first(where: { $0.1 == name }) else { return nil }
        self = match.0
    }
}

public enum ExtendedKeyUsageOID {
    public static let any = "2.5.29.37.0"
    public static let serverAuth = "1.3.6.1.5.5.7.3.1"
    public static let clientAuth = "1.3.6.1.5.5.7.3.2"
    public static let codeSigning = "1.3.6.1.5.5.7.3.3"
    public static let emailProtection = "1.3.6.1.5.5.7.3.4"
    public static let timeStamping = "1.3.6.1.5.5.7.3.8"
    public static let ocspSigning = "1.3.6.1.5.5.7.3.9"
    public static let microsoftSGC = "1.3.6.1.4.1.311.10.3.3"
    public static let netscapeSGC = "2.16.840.1.113730.4.1"

    static let names: [String: String] = [
        any: "anyExtendedKeyUsage", serverAuth: "serverAuth", clientAuth: "clientAuth", codeSigning: "codeSigning",
        emailProtection: "emailProtection", timeStamping: "timeStamping", ocspSigning: "OCSPSigning",
        microsoftSGC: "msSGC", netscapeSGC: "nsSGC",
    ]

    public static func name(_ oid: String) -> String { names[oid] ?? oid }
    public static func oid(named name: String) -> String? { names.first { $0.value == name }?.key }
}

public struct NameConstraints: Sendable, Hashable {
    public let permitted: [GeneralName]
    public let excluded: [GeneralName]
    public let critical: Bool
}

public struct CertificatePolicy: Sendable, Hashable {
    public let oid: String
    public let cpsURIs: [String]
    public let userNotices: [String]
}

public struct CertificateExtension: Sendable, Hashable {
    public let oid: String
    public let critical: Bool
    public let value: [UInt8]
}

public enum ExtensionOID {
    public static let subjectKeyIdentifier = "2.5.29.14"
    public static let keyUsage = "2.5.29.15"
    public static let subjectAltName = "2.5.29.17"
    public static let issuerAltName = "2.5.29.18"
    public static let basicConstraints = "2.5.29.19"
    public static let nameConstraints = "2.5.29.30"
    public static let crlDistributionPoints = "2.5.29.31"
    public static let certificatePolicies = "2.5.29.32"
    public static let policyMappings = "2.5.29.33"
    public static let authorityKeyIdentifier = "2.5.29.35"
    public static let policyConstraints = "2.5.29.36"
    public static let extendedKeyUsage = "2.5.29.37"
    public static let inhibitAnyPolicy = "2.5.29.54"
    public static let authorityInfoAccess = "1.3.6.1.5.5.7.1.1"
    public static let subjectInfoAccess = "1.3.6.1.5.5.7.1.11"
    public static let privateKeyUsagePeriod = "2.5.29.16"
    public static let qcStatements = "1.3.6.1.5.5.7.1.3"
    /// id-pkix-ocsp-nocheck (RFC 6960 §4.2.2.2.1): an OCSP responder's certificate need not be checked.
    public static let ocspNoCheck = "1.3.6.1.5.5.7.48.1.5"
    public static let netscapeCertType = "2.16.840.1.113730.1.1"
    public static let entrustVersionInfo = "1.2.840.113533.7.65.0"

    /// Extensions whose meaning TrustCheck knows and either enforces or may safely ignore when critical.
    /// Policy mappings, policy constraints and inhibitAnyPolicy are absent on purpose: TrustCheck does
    /// not run the RFC 5280 policy tree, so marking them critical must fail closed.
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
    /// Apple's table also has policyMappings, policyConstraints and inhibitAnyPolicy, but Apple knows them
    /// because it runs the policy tree that enforces them; TrustCheck does not, so they stay unknown here and a
    /// critical one still fails closed. Apple's newest `isOtherKnownExtensionOID` list is not included: its
    /// contents were not available to check.
    public static let knownToApple: Set<String> = understood.union([
        privateKeyUsagePeriod, netscapeCertType, entrustVersionInfo, ocspNoCheck, qcStatements,
    ])

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
