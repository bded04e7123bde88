import TrustCertificates

/// Which certificates are trusted, with Apple's semantics: custom anchors turn the system store off
/// unless `anchorsOnly` is set back to false; with no custom anchors the system store is used, unless
/// `anchorsOnly` is on, which then trusts nothing.
public struct TrustAnchors: Sendable {
    /// nil: no custom anchors were set (SecTrustSetAnchorCertificates never called, or called with NULL).
    /// An empty store trusts nothing.
    public var custom: CertificateStore?
    public var anchorsOnly: Bool
    public var system: CertificateStore

    public init(custom: CertificateStore? = nil, anchorsOnly: Bool? = nil, system: CertificateStore = .empty) {
        self.custom = custom
        self.anchorsOnly = anchorsOnly ?? (custom != nil)
        self.system = system
    }

    /// Whether system roots are anchors for this evaluation.
    public var usesSystemAnchors: Bool { !anchorsOnly }

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
