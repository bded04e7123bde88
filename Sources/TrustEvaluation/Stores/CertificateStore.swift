import FoundationEssentials
import TrustCertificates

/// An immutable set of certificates indexed for path building: by normalised subject (issuer lookup
/// costs the same whatever the store's size) and by DER (anchor membership is byte equality, as Apple's).
public struct CertificateStore: Sendable {
    /// The certificates, in the order given.
    public var certificates: [Certificate] { storage.certificates }
    /// One reference: stores are copied into every evaluator, path builder and check context.
    private let storage: Storage

    private final class Storage: Sendable {
        let certificates: [Certificate]
        /// nil for a handful of certificates (the intermediates of one evaluation, built for each):
        /// comparing with each costs less than hashing them into indexes.
        let bySubject: [ByteKey: [Certificate]]?
        let byFingerprint: Set<ByteKey>?

        init(certificates: [Certificate], bySubject: [ByteKey: [Certificate]]?, byFingerprint: Set<ByteKey>?) {
            self.certificates = certificates
            self.bySubject = bySubject
            self.byFingerprint = byFingerprint
        }
    }

    /// Up to this many certificates are searched one by one rather than indexed.
    private static let linearSearchLimit = 8

    /// A store of `certificates`, indexed by subject.
    public init(_ certificates: [Certificate]) { self.init(certificates[...]) }

    /// The same from a slice (an evaluation's intermediates: its presented certificates after the leaf).
    init(_ certificates: ArraySlice<Certificate>) {
        if certificates.count <= Self.linearSearchLimit {
            var unique: [Certificate] = []
            // One allocation: appending one by one reallocated for the second certificate.
            unique.reserveCapacity(certificates.count)
            for certificate in certificates where !unique.contains(where: { Self.isSame($0, certificate) }) {
                unique.append(certificate)
            }
            storage = Storage(certificates: unique, bySubject: nil, byFingerprint: nil)
            return
        }
        var unique: [Certificate] = []
        var fingerprints = Set<ByteKey>()
        var bySubject: [ByteKey: [Certificate]] = [:]
        for certificate in certificates where fingerprints.insert(ByteKey(certificate.sha256)).inserted {
            unique.append(certificate)
            bySubject[ByteKey(certificate.subject.normalized), default: []].append(certificate)
        }
        storage = Storage(certificates: unique, bySubject: bySubject, byFingerprint: fingerprints)
    }

    /// A store with no certificates.
    public static let empty = CertificateStore([])

    /// Whether the store has no certificates.
    public var isEmpty: Bool { certificates.isEmpty }
    /// How many certificates the store has.
    public var count: Int { certificates.count }

    /// Whether the store holds `certificate` (the same DER).
    public func contains(_ certificate: Certificate) -> Bool {
        guard let index = storage.byFingerprint else {
            return storage.certificates.contains { Self.isSame($0, certificate) }
        }
        return index.contains(ByteKey(certificate.sha256))
    }

    /// Certificates whose subject is the issuer of `certificate`.
    public func issuers(of certificate: Certificate) -> [Certificate] {
        certificates(normalizedName: certificate.issuer.normalized)
    }

    /// Certificates whose subject is `name` (RFC 5280 §7.1 comparison), such as a CRL's possible signers.
    public func certificates(named name: DistinguishedName) -> [Certificate] {
        certificates(normalizedName: name.normalized)
    }

    /// The same DER (the object itself, usually, which spares comparing digests).
    private static func isSame(_ lhs: Certificate, _ rhs: Certificate) -> Bool { lhs === rhs || lhs.sha256 == rhs.sha256 }

    private func certificates(normalizedName name: [UInt8]) -> [Certificate] {
        guard let index = storage.bySubject else { return storage.certificates.filter { $0.subject.normalized == name } }
        return index[ByteKey(name)] ?? []
    }

    /// Debian's bundle of the system's trusted roots.
    public static let defaultSystemBundlePath = "/etc/ssl/certs/ca-certificates.crt"

    /// Loads the system trust store from a PEM bundle or directory.
    public static func system(path: String = defaultSystemBundlePath) throws(CertificateLoadError) -> CertificateStore {
        CertificateStore(try CertificateLoader.load(path: path))
    }
}
