/// Why TrustKit treats a hostname as not pinned, and so neither validates nor reports.
public enum TrustKitNotPinnedReason: String, Sendable, Hashable {
    /// No exact entry and no includeSubdomains parent.
    case noPolicy = "no-policy"
    /// The matching entry is an excluded subdomain (kSKExcludeSubdomainFromParentPolicy).
    case excluded
    /// The matching entry's TSKExpirationDate has passed.
    case expired
    /// No entry matches the host as spelt, but one would with the host in lower case and without a trailing
    /// dot: TrustKit looks domains up as spelt, so `WWW.EXAMPLE.COM` or `www.example.com.` is not pinned by an
    /// `example.com` entry. Reported apart from ``noPolicy`` because the user most likely meant it to be.
    case hostSpelling = "host-spelling"
}
