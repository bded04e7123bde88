import TrustCertificates

/// Which certificates are trusted, with Apple's semantics:
///
/// * `TrustAnchors()` trusts the system store (`SystemTrustStore.default`, Debian's
///   `/etc/ssl/certs/ca-certificates.crt`, read once on first use), as a SecTrust without
///   SecTrustSetAnchorCertificates does.
/// * `TrustAnchors(custom: store)` trusts only `store` (SecTrustSetAnchorCertificates); system roots
///   still help build paths as untrusted parents. `anchorsOnly: false` trusts the system store
///   again as well (SecTrustSetAnchorCertificatesOnly(false)).
/// * `TrustAnchors.only(store)` trusts `store` and knows no system store at all;
///   `TrustAnchors.empty` trusts nothing.
///
/// Pass `system:` to use another store as the system one (the CLI's `--system-store`).
public struct TrustAnchors: Sendable {
    /// nil: no custom anchors were set (SecTrustSetAnchorCertificates never called, or called with NULL).
    /// An empty store trusts nothing.
    public var custom: CertificateStore?
    /// true: only `custom` anchors are trusted; the system store is only a source of untrusted parents.
    public var anchorsOnly: Bool
    /// The system store: anchors unless `anchorsOnly`, untrusted parents otherwise.
    public var system: CertificateStore

    /// Trust `custom` (nil: not set) and, unless `anchorsOnly` (default: whether custom is set), `system`.
    public init(custom: CertificateStore? = nil, anchorsOnly: Bool? = nil,
                system: CertificateStore = SystemTrustStore.default.store)
    {
        self.custom = custom
        self.anchorsOnly = anchorsOnly ?? (custom != nil)
        self.system = system
    }

    /// Exactly `anchors`: no system store, neither trusted nor as a source of parents.
    public static func only(_ anchors: CertificateStore) -> TrustAnchors {
        TrustAnchors(custom: anchors, anchorsOnly: true, system: .empty)
    }

    /// Trusts nothing (and reads no system store).
    public static let empty = only(.empty)

    /// Whether system roots are anchors for this evaluation.
    public var usesSystemAnchors: Bool { !anchorsOnly }

    /// The stores whose certificates are anchors for this evaluation.
    var anchorStores: [CertificateSource] {
        (custom != nil ? [.anchor] : []) + (usesSystemAnchors && !system.isEmpty ? [.system] : [])
    }

    /// The stores searched for issuers: the presented certificates, the custom anchors when set, and
    /// the system store when it has certificates, as anchors or as untrusted parents.
    var issuerStores: [CertificateSource] {
        [.presented] + (custom != nil ? [.anchor] : []) + (system.isEmpty ? [] : [.system])
    }

    func source(of certificate: Certificate) -> CertificateSource? {
        if let custom, custom.contains(certificate) { return .anchor }
        if usesSystemAnchors, system.contains(certificate) { return .system }
        return nil
    }

    /// Anchors that may have issued `certificate`, custom ones first.
    func anchorIssuers(of certificate: Certificate) -> [(Certificate, CertificateSource)] {
        var result = (custom?.issuers(of: certificate) ?? []).map { ($0, CertificateSource.anchor) }
        if usesSystemAnchors { result += system.issuers(of: certificate).map { ($0, CertificateSource.system) } }
        return result
    }

    /// With anchors-only on, system roots still help build paths, as untrusted parents (Apple's parent sources).
    func untrustedSystemIssuers(of certificate: Certificate) -> [Certificate] {
        usesSystemAnchors ? [] : system.issuers(of: certificate)
    }
}
