import Foundation
import TrustCertificates

/// Certificates already parsed, by their PEM text: a fleet reports the same few chains over and over, and
/// parsing (GnuTLS, names, digests) is the larger part of a report's cost. Parsing is a pure function of the
/// bytes, so a hit is exactly what a parse would give. Bounded: when `capacity` entries are held, the cache
/// starts over (no per-entry bookkeeping on the hot path).
///
/// `@unchecked Sendable`: `entries` is only touched with `lock` held.
final class ParsedCertificateCache: @unchecked Sendable {
    /// 1,024 certificates × ~3 KB parsed ≈ 3 MB: far more distinct chains than one app's pinned hosts produce.
    static let defaultCapacity = 1_024

    let capacity: Int
    private let lock = NSLock()
    private var entries: [String: Certificate] = [:]

    init(capacity: Int = ParsedCertificateCache.defaultCapacity) { self.capacity = capacity }

    /// The one certificate in `pem`, parsed now or earlier; the loader's error otherwise (never cached).
    func certificates(in pem: String, name: String) throws(CertificateLoadError) -> [Certificate] {
        if let hit = lock.withLock({ entries[pem] }) { return [hit] }
        let parsed = try CertificateLoader.certificates(in: Array(pem.utf8), from: name)
        guard parsed.count == 1 else { return parsed }
        lock.withLock {
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[pem] = parsed[0]
        }
        return parsed
    }
}
