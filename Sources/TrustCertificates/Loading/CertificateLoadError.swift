import Foundation

/// Why a file or directory of certificates, or a file of CRLs, could not be loaded. `path` names the
/// file; `problem` says what is wrong in words a person can act on; `code` is the stable identifier
/// "certificate.load.<kind>" (see `CertificateParseError`).
public struct CertificateLoadError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    public enum Kind: String, Sendable, CaseIterable {
        case unreadable, empty, tooLarge, tooManyCertificates, notACertificate, truncated, badPEM, badCertificate,
            noCertificatesInDirectory,
            // A CRL file (CRLLoader): no CRL in it, or one that does not parse.
            notACRL, badCRL
    }

    public let path: String
    public let kind: Kind
    public let problem: String

    public init(path: String, kind: Kind, problem: String) {
        self.path = path
        self.kind = kind
        self.problem = problem
    }

    public var code: String { "certificate.load." + kind.rawValue }
    /// "<path>: <problem>".
    public var description: String { "\(path): \(problem)" }
    public var errorDescription: String? { description }
}
