import FoundationEssentials

/// Which report URIs a report can be delivered to, decided without any networking so that the spool and the
/// reporter (which link no HTTP client) apply the same rule as the transports that send.
public enum ReportDestination {
    /// Why ``isDeliverable(_:)`` refused a URI, as spool and delivery errors say it.
    public static let requirement = "only http and https URLs with a host can receive reports"

    /// Whether a report URI is one reports can be POSTed to: `http` or `https` with a host. TrustKit's
    /// configuration only checks that `NSURL` parses the string, so `file:` or `mailto:` URIs get this far.
    public static func isDeliverable(_ destination: URL) -> Bool {
        guard let scheme = destination.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return !(destination.host ?? "").isEmpty
    }
}
