import FoundationEssentials

/// Why an ATS configuration or a URL could not be read: a stable code, the file and key concerned, and the
/// problem in words.
public struct ATSError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// Stable identifiers.
    public enum Code: String, Sendable, Hashable, Codable {
        /// The file could not be read, or is larger than the limit.
        case unreadable = "ats-unreadable"
        /// The bytes are not a property list (XML or binary).
        case notAPropertyList = "ats-not-a-property-list"
        /// The top level, or `NSAppTransportSecurity`, is not a dictionary.
        case notADictionary = "ats-not-a-dictionary"
        /// A key occurs twice in one dictionary of the property list (Apple's reader keeps the last one
        /// silently, so the file does not say which setting it means); `key` is its dotted path.
        case duplicateKey = "ats-duplicate-key"
        /// The URL has no scheme, no host, or a scheme ATS does not govern.
        case badURL = "ats-bad-url"
    }

    /// Which problem it is.
    public let code: Code
    /// The file, when the configuration came from one.
    public let path: String?
    /// The key path concerned (`NSAppTransportSecurity`, `NSExceptionDomains`), when there is one.
    public let key: String?
    /// What is wrong, in words.
    public let problem: String

    /// An error with these parts.
    public init(_ code: Code, path: String? = nil, key: String? = nil, problem: String) {
        self.code = code
        self.path = path
        self.key = key
        self.problem = problem
    }

    /// `<path>: <key>: <problem>`, leaving out what is not known.
    public var description: String { (path.map { "\($0): " } ?? "") + (key.map { "\($0): " } ?? "") + problem }
    /// The same as `description`.
    public var errorDescription: String? { description }
}
