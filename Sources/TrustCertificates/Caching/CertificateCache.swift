/// A bounded, thread-safe cache of parsed certificates keyed by the SHA-256 of their DER, so a server
/// chain seen before is not parsed again. A `Certificate` is immutable, so one parse serves every
/// thread. The only way in is `certificate(der:)`, which stores its own parse of exactly the bytes whose
/// digest is the key; nothing else writes, so a hit is always the parse of the same bytes.
public final class CertificateCache: Sendable {
    /// 1,024 certificates in at most 4 MiB: the certificates of about 500 recent two-certificate chains.
    /// With `SignatureCache`'s 6 MiB that keeps a client holding both under the 10 MB of growth the benchmark
    /// allows a process streaming distinct chains (the benchmark's streaming run measures it).
    public static let defaultLimits = CacheLimits(entries: 1_024, bytes: 4 << 20)
    /// Bytes accounted per certificate beyond its DER: the parsed fields, names, key and GnuTLS key
    /// object. The benchmark measured 3.6 KB of RSS per parsed certificate (a store of 20,000); 4 KiB
    /// keeps the accounting on the safe side.
    static let parsedOverhead = 4_096

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
        let digest = SHA256.hash(der)
        let key = ByteKey(digest)
        if let cached = store.value(for: key) { return cached }
        let certificate = try Certificate(der: der, sha256: digest)
        store.store(certificate, for: key, size: der.count * 2 + Self.parsedOverhead)
        return certificate
    }

    /// Entries, bytes, hits and misses now.
    public var statistics: CacheStatistics { store.statistics }
}
