import FoundationEssentials
import TrustCertificates

/// An immutable set of certificates indexed for path building: by normalised subject (issuer lookup
/// costs the same whatever the store's size) and by DER (anchor membership is byte equality, as Apple's).
public struct CertificateStore: Sendable {
    /// The certificates, in the order given.
    public let certificates: [Certificate]
    private let bySubject: [ByteKey: [Certificate]]
    private let byFingerprint: Set<ByteKey>

    /// A store of `certificates`, indexed by subject.
    public init(_ certificates: [Certificate]) {
        var unique: [Certificate] = []
        var fingerprints = Set<ByteKey>()
        var bySubject: [ByteKey: [Certificate]] = [:]
        for certificate in certificates where fingerprints.insert(ByteKey(certificate.sha256)).inserted {
            unique.append(certificate)
            bySubject[ByteKey(certificate.subject.normalized), default: []].append(certificate)
        }
        self.certificates = unique
        self.bySubject = bySubject
        self.byFingerprint = fingerprints
    }

    /// A store with no certificates.
    public static let empty = CertificateStore([])

    /// Whether the store has no certificates.
    public var isEmpty: Bool { certificates.isEmpty }
    /// How many certificates the store has.
    public var count: Int { certificates.count }

    /// Whether the store holds `certificate` (the same DER).
    public func contains(_ certificate: Certificate) -> Bool { byFingerprint.contains(ByteKey(certificate.sha256)) }

    /// Certificates whose subject is the issuer of `certificate`.
    public func issuers(of certificate: Certificate) -> [Certificate] {
        bySubject[ByteKey(certificate.issuer.normalized)] ?? []
    }

    /// Certificates whose subject is `name` (RFC 5280 §7.1 comparison), such as a CRL's possible signers.
    public func certificates(named name: DistinguishedName) -> [Certificate] {
        bySubject[ByteKey(name.normalized)] ?? []
    }

    /// Debian's bundle of the system's trusted roots.
    public static let defaultSystemBundlePath = "/etc/ssl/certs/ca-certificates.crt"

    /// Loads the system trust store from a PEM bundle or directory.
    public static func system(path: String = defaultSystemBundlePath) throws(CertificateLoadError) -> CertificateStore {
        CertificateStore(try CertificateLoader.load(path: path))
    }
}
