import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why ``OutputFile`` could not write a path. `path` is the path as the user gave it.
public struct OutputFileError: Error, LocalizedError, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The path names a directory.
        case isADirectory
        /// The system refused to open, write, flush or rename (permissions, a full disk, a missing folder…).
        case unwritable
        /// ``OutputFile/createNew(_:at:)`` found something already at the path.
        case alreadyExists
    }

    public let path: String
    public let kind: Kind
    public let problem: String

    public init(path: String, kind: Kind, problem: String) {
        self.path = path
        self.kind = kind
        self.problem = problem
    }

    init(path: String, errno code: Int32) {
        self.init(path: path, kind: code == EISDIR ? .isADirectory : .unwritable, problem: String(cString: strerror(code)))
    }

    /// A stable identifier of the kind of failure, for programs: `output.isADirectory`, `output.unwritable`,
    /// `output.alreadyExists`.
    public var code: String { "output.\(kind.rawValue)" }

    public var description: String { "\(path): cannot write: \(problem)" }
    public var errorDescription: String? { description }
}
