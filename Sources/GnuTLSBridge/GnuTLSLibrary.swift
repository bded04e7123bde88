import CGnuTLS

/// The GnuTLS library this process runs with (which may be newer than the headers it was built with).
public enum GnuTLSLibrary {
    /// e.g. "3.7.9", from gnutls_check_version(NULL).
    public static var version: String {
        guard let text = gnutls_check_version(nil) else { return "unknown" }
        return String(cString: text)
    }
}
