import FoundationEssentials

/// Why a file or directory of certificates, or a file of CRLs, could not be loaded. `path` names the
/// file; `problem` says what is wrong in words a person can act on; `code` is the stable identifier
/// "certificate.load.<kind>" (see `CertificateParseError`).
public struct CertificateLoadError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// What went wrong; its raw value is the last part of `code`.
    public enum Kind: String, Sendable, CaseIterable {
        case unreadable, empty, tooLarge, tooManyCertificates, notACertificate, truncated, badPEM, badCertificate,
            noCertificatesInDirectory,
            // A CRL file (CRLLoader): no CRL in it, or one that does not parse.
            notACRL, badCRL
    }

    /// The file that could not be loaded.
    public let path: String
    /// What went wrong.
    public let kind: Kind
    /// What exactly is wrong, for people.
    public let problem: String

    /// An error of `kind` for the file at `path`.
    public init(path: String, kind: Kind, problem: String) {
        self.path = path
        self.kind = kind
        self.problem = problem
    }

    /// The stable code, "certificate.load.<kind>".
    public var code: String { "certificate.load." + kind.rawValue }
    /// "<path>: <problem>".
    public var description: String { "\(path): \(problem)" }
    /// The same as `description`.
    public var errorDescription: String? { description }
}
