/// The bounds a certificate revocation list must fit before it is parsed, checked by TrustCheck's own
/// DER reader before GnuTLS sees any byte, so that an oversized or entry-flooded CRL is refused in
/// time linear in its size, with an error naming the limit, instead of holding up an evaluation.
///
/// Raise them (`CRLLoader.file(in:from:limits:)`, `CertificateRevocationList(der:limits:)`) for a CA
/// whose complete CRL is larger: parsing stays linear, at a few tens of bytes per entry beside the DER.
public struct CRLLimits: Sendable, Hashable {
    /// The largest DER CRL accepted, in bytes. The default, 32 MiB, is `CertificateLoader.maximumFileSize`,
    /// the largest file TrustCheck reads: every DER CRL a file can hold is accepted, and the API accepts
    /// no more than a file could bring. Web PKI CAs partition their CRLs into shards of a few megabytes;
    /// the unpartitioned CRLs of a few large CAs that went beyond this need the limit raised.
    public var maximumBytes: Int
    /// The most revokedCertificates entries accepted. The default, 2,000,000, is more than 32 MiB can
    /// hold at the smallest entry (a 3-byte serial and a UTCTime: 20 bytes, so 1.67 million), so it never
    /// refuses what `maximumBytes` admits; it bounds the entry index (a few tens of bytes an entry)
    /// and the parse time (linear: measured at about 8 µs an entry in a debug build, 1.3 million
    /// entries in 11 s) when `maximumBytes` is raised.
    public var maximumEntries: Int

    /// Limits of these values.
    public init(maximumBytes: Int = Self.default.maximumBytes, maximumEntries: Int = Self.default.maximumEntries) {
        self.maximumBytes = maximumBytes
        self.maximumEntries = maximumEntries
    }

    /// 32 MiB and 2,000,000 entries (see the properties for where the values come from).
    public static let `default` = CRLLimits(bytes: 32 * 1024 * 1024, entries: 2_000_000)

    private init(bytes: Int, entries: Int) {
        maximumBytes = bytes
        maximumEntries = entries
    }
}
