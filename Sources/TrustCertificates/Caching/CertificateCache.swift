/// A bounded, thread-safe cache of parsed certificates keyed by the SHA-256 of their DER, so a server
/// chain seen before is not parsed again. A `Certificate` is immutable, so one parse serves every
/// thread. The only way in is `certificate(der:)`, which stores its own parse of exactly the bytes whose
/// digest is the key; nothing else writes, so a hit is always the parse of the same bytes.
public final class CertificateCache: Sendable {
    /// 2,048 certificates in at most 16 MiB: the certificates of about 1,000 recent two-certificate
    /// chains, within the memory budget of a client that keeps both caches (with `SignatureCache`'s
    /// 6 MiB, under the 10 MB of growth issue 13 allows while streaming distinct chains is NOT implied:
    /// see the benchmark's streaming run, which measures it).
    public static let defaultLimits = CacheLimits(entries: 2_048, bytes: 16 << 20)
    /// Bytes accounted per certificate beyond its DER: the parsed fields, names, key and GnuTLS key
    /// object, measured by the benchmark at about 6 KB for a two-name certificate.
    static let parsedOverhead = 6_144

    private let store: BoundedStore<ByteKey, Certificate>

    /// An empty cache within `limits`.
    public init(limits: CacheLimits = CertificateCache.defaultLimits) {
        store = BoundedStore(limits: limits)
    }

    /// The certificate of the first DER Certificate in `input` (trailing bytes ignored, as
    /// `Certificate(der:)`): the cached parse of the same bytes, or a parse now, recorded. A parse
    /// error is thrown each time, never recorded.
    public func certificate(der input: [UInt8]) throws(CertificateParseError) -> Certificate {
        let der = try Certificate.encoding(in: input)
        let key = ByteKey(SHA256.hash(der))
        if let cached = store.value(for: key) { return cached }
        let certificate = try Certificate(der: der)
        store.store(certificate, for: key, size: der.count * 2 + Self.parsedOverhead)
        return certificate
    }

    /// Entries, bytes, hits and misses now.
    public var statistics: CacheStatistics { store.statistics }
}
