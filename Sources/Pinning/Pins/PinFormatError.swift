import FoundationEssentials

/// Why a pin's text could not be read, naming the text.
public struct PinFormatError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// Stable identifiers of each problem.
    public enum Code: String, Sendable, Hashable {
        /// Nothing but whitespace.
        case empty = "pin-empty"
        /// The digest is not strict base64 (the alphabet with `=` padding, as TrustKit's NSData decoder wants).
        case notBase64 = "pin-not-base64"
        /// The digest does not decode to the 32 bytes of a SHA-256.
        case wrongLength = "pin-wrong-length"
        /// A prefix naming another hash (`sha1/`, `pin-sha1=`): only SHA-256 pins exist here.
        case unsupportedHash = "pin-unsupported-hash"
        /// An SPKI form (`sha256/`, `pin-sha256=`) given for an external-representation pin.
        case formNotForAlgorithm = "pin-form-not-for-algorithm"
    }

    /// Which problem it is.
    public let code: Code
    /// The text as given.
    public let text: String
    /// What is wrong, in words.
    public let problem: String

    init(_ code: Code, text: String, problem: String) {
        self.code = code
        self.text = text
        self.problem = problem
    }

    /// `invalid pin "…": <problem>`.
    public var description: String { "invalid pin \"\(text)\": \(problem)" }
    /// The same as `description`.
    public var errorDescription: String? { description }
}
