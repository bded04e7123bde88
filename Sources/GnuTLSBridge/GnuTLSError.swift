import CGnuTLS
import FoundationEssentials

/// A failed GnuTLS call: the library's error code, the function that returned it and GnuTLS's own text.
///
/// Its stable code is GnuTLS's own, as Apple's errors keep their OSStatus: `code` is the negative
/// GNUTLS_E_* number (part of GnuTLS's ABI) and `name` its symbol. TrustCheck's own error types use
/// string codes instead ("certificate.parse.malformedDER", see TrustCertificates).
public struct GnuTLSError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// GnuTLS's negative GNUTLS_E_* code.
    public let code: Int32
    /// The GnuTLS function that returned `code`.
    public let function: String

    /// An error `function` returned with `code`.
    public init(code: Int32, function: String) {
        self.code = code
        self.function = function
    }

    /// GnuTLS's own text for the code (gnutls_strerror).
    public var message: String {
        guard let text = gnutls_strerror(code) else { return "unknown error" }
        return String(cString: text)
    }

    /// GnuTLS's symbol for the code, e.g. "GNUTLS_E_ASN1_DER_ERROR".
    public var name: String {
        guard let text = gnutls_strerror_name(code) else { return "GNUTLS_E_UNKNOWN(\(code))" }
        return String(cString: text)
    }

    /// "function: message (code)".
    public var description: String { "\(function): \(message) (\(code))" }
    /// The same as `description`.
    public var errorDescription: String? { description }

    /// GNUTLS_E_REQUESTED_DATA_NOT_AVAILABLE: "absent" or "index past the end" in the getter family.
    static let notAvailable: Int32 = -56
    static let shortMemoryBuffer: Int32 = -51
}

@inline(__always)
func check(_ rc: Int32, _ function: String) throws(GnuTLSError) {
    if rc < 0 { throw GnuTLSError(code: rc, function: function) }
}
