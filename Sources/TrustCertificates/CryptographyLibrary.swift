internal import GnuTLSBridge

/// The library that imports keys and checks signatures for TrustCheck, for version reports.
public enum CryptographyLibrary {
    /// e.g. "GnuTLS 3.7.9": the library loaded at run time.
    public static var description: String { "GnuTLS \(GnuTLSLibrary.version)" }
}
