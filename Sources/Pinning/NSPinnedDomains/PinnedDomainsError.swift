import FoundationEssentials

/// Why an Info.plist could not be read for its `NSPinnedDomains`: a stable code, the file, and the problem.
public struct PinnedDomainsError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// Stable identifiers.
    public enum Code: String, Sendable, Hashable {
        /// The file could not be read, or is larger than `PinnedDomains.maximumFileSize`.
        case unreadable = "pinned-domains-unreadable"
        /// The bytes are not a property list (XML or binary) whose top level is a dictionary.
        case notAPropertyList = "pinned-domains-not-a-property-list"
        /// A key occurs twice in one dictionary (Apple's reader keeps the last silently); the problem names
        /// its dotted path.
        case duplicateKey = "pinned-domains-duplicate-key"
    }

    /// Which problem it is.
    public let code: Code
    /// The file, when the property list came from one.
    public let path: String?
    /// What is wrong, in words.
    public let problem: String

    init(_ code: Code, path: String? = nil, problem: String) {
        self.code = code
        self.path = path
        self.problem = problem
    }

    /// `<path>: <problem>`.
    public var description: String { (path.map { "\($0): " } ?? "") + problem }
    /// The same as `description`.
    public var errorDescription: String? { description }
}
