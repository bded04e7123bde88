/// A bounded, thread-safe record of certificate signature checks, to share between evaluators (give
/// the same instance to each `TrustEvaluator`) so a chain seen before costs no public-key operation.
///
/// An entry is keyed by the SHA-256 of the certificate's whole DER — which fixes its TBSCertificate,
/// signature algorithm and signature value, everything the check reads of it — and the SHA-256 of the
/// issuer's SubjectPublicKeyInfo, the key it was checked under. The only way in is `isSigned(_:by:)`,
/// which stores what a real check over exactly those bytes returned; nothing else writes, so an answer
/// can only be wrong through a SHA-256 collision.
public final class SignatureCache: Sendable {
    /// 32,768 entries (every edge of 16,384 two-edge chains) in at most 6 MiB: small enough that a
    /// process streaming 100,000 distinct chains through one cache grows by less than the 10 MB the
    /// benchmark allows, and large enough for a busy client's working set of servers.
    public static let defaultLimits = CacheLimits(entries: 32_768, bytes: 6 << 20)
    /// Bytes accounted per entry: the two 32-byte digests with their array headers (2 × 64), the
    /// verdict and the dictionary's and eviction queue's share of the key (~64).
    static let entryBytes = 192

    private let store: BoundedStore<Key, Bool>

    /// An empty cache within `limits`.
    public init(limits: CacheLimits = SignatureCache.defaultLimits) {
        store = BoundedStore(limits: limits)
    }

    /// Whether `issuer`'s key made `certificate`'s signature (`Certificate.isSigned(by:)`): answered from
    /// an earlier check of the same certificate bytes under the same key, or checked now and recorded.
    public func isSigned(_ certificate: Certificate, by issuer: Certificate) -> Bool {
        cachedVerdict(certificate, by: issuer) ?? checkAndRecord(certificate, by: issuer)
    }

    /// The recorded verdict, if these bytes were checked under this key before; nil otherwise.
    public func cachedVerdict(_ certificate: Certificate, by issuer: Certificate) -> Bool? {
        store.value(for: Key(certificate, issuer))
    }

    /// Checks now (`Certificate.isSigned(by:)`) and records the verdict.
    public func checkAndRecord(_ certificate: Certificate, by issuer: Certificate) -> Bool {
        let verdict = certificate.isSigned(by: issuer)
        store.store(verdict, for: Key(certificate, issuer), size: Self.entryBytes)
        return verdict
    }

    /// Entries, bytes, hits and misses now.
    public var statistics: CacheStatistics { store.statistics }

    struct Key: Hashable, Sendable {
        /// SHA-256 of the certificate's DER.
        let certificate: [UInt8]
        /// SHA-256 of the issuer's SubjectPublicKeyInfo.
        let issuerKey: [UInt8]

        init(_ certificate: Certificate, _ issuer: Certificate) {
            self.certificate = certificate.sha256
            self.issuerKey = issuer.publicKey.spkiSHA256
        }

        func hash(into hasher: inout Hasher) {
            ByteKey.hash(certificate, into: &hasher)
            ByteKey.hash(issuerKey, into: &hasher)
        }
    }
}
