import TrustCertificates

/// The operating system's trusted roots: Debian's bundle `/etc/ssl/certs/ca-certificates.crt`
/// (`CertificateStore.defaultSystemBundlePath`), what `TrustAnchors()` trusts by default.
///
/// `SystemTrustStore.default` is read once, the first time it is used (a `TrustAnchors()` or
/// `TrustEvaluator()` built with the defaults), and then shared, immutable, by the whole process: a
/// lazily-initialised static, so there is no lock and no state to reset. If the bundle cannot be
/// read the store is empty, so nothing is trusted through it, and `loadError` says why.
public struct SystemTrustStore: Sendable {
    /// Where the store was read from: a PEM/DER bundle or a directory of certificates.
    public let path: String
    /// The certificates, read on first use.
    public let store: CertificateStore
    /// Why `store` is empty, when `path` could not be read; nil when it was read.
    public let loadError: CertificateLoadError?

    /// Reads `path` now.
    public init(path: String) {
        self.path = path
        do {
            store = try CertificateStore.system(path: path)
            loadError = nil
        } catch {
            store = .empty
            loadError = error
        }
    }

    /// The system store at `CertificateStore.defaultSystemBundlePath`, read on first use.
    public static let `default` = SystemTrustStore(path: CertificateStore.defaultSystemBundlePath)
}
