import Pinning
import TrustCertificates

/// An input that could not be used, as `CommandIO.inputErrors` reports it: a stable code, the path, and
/// the problem; `line` is what goes after `trustcheck: ` on stderr.
package struct InputFailure: Error {
    let code: String
    let path: String?
    let message: String
    let line: String

    package init(code: String, path: String?, message: String, line: String) {
        self.code = code
        self.path = path
        self.message = message
        self.line = line
    }

    init(_ error: CertificateLoadError) {
        code = error.code
        path = error.path
        message = error.problem
        line = error.description
    }

    /// A pin configuration TrustKit would refuse (or that cannot be read), naming the file and the key.
    init(_ error: TrustKitConfigurationError) {
        code = "pinning.config." + error.code.rawValue
        path = error.path
        message = error.description
        line = error.description
    }

    /// A `--pin` value that is not a pin.
    package init(_ error: PinFormatError) {
        code = "pinning." + error.code.rawValue
        path = nil
        message = error.description
        line = "--pin: " + error.description
    }
}
