import CGnuTLS

/// A failed GnuTLS call: the library's error code, the function that returned it and GnuTLS's own text.
public struct GnuTLSError: Error, Sendable, Equatable, CustomStringConvertible {
    public let code: Int32
    public let function: String

    public init(code: Int32, function: String) {
        self.code = code
        self.function = function
    }

    public var message: String {
        guard let text = gnutls_strerror(code) else { return "unknown error" }
        return String(cString: text)
    }

    public var description: String { "\(function): \(message) (\(code))" }

    /// GNUTLS_E_REQUESTED_DATA_NOT_AVAILABLE: "absent" or "index past the end" in the getter family.
    static let notAvailable: Int32 = -56
    static let shortMemoryBuffer: Int32 = -51
}

@inline(__always)
func check(_ rc: Int32, _ function: String) throws {
    if rc < 0 { throw GnuTLSError(code: rc, function: function) }
}
