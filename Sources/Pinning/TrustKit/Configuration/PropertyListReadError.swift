import FoundationEssentials

/// Why `PropertyListValue`'s readers (XML and binary property lists, JSON) refused a document: a stable
/// code, the problem in words, and the key path of a duplicated key. The configuration readers wrap it in
/// their own errors (`TrustKitConfigurationError`, `ATSError`, `PinnedDomainsError`), which name the file.
package struct PropertyListReadError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// Stable identifiers.
    package enum Code: String, Sendable, Hashable {
        /// The bytes break the format's grammar (XML plist, bplist00 or JSON).
        case malformed = "malformed"
        /// Well-formed, but something this reader refuses on purpose (UTF-16 XML, a binary UID or set, a DTD
        /// internal subset).
        case unsupported = "unsupported"
        /// Containers nested deeper than `PropertyListLimits.maximumDepth`.
        case tooDeep = "too-deep"
        /// More values than `PropertyListLimits.maximumObjects` (binary shared references included).
        case tooManyObjects = "too-many-objects"
        /// An integer that does not fit in 64 bits (signed).
        case integerOutOfRange = "integer-out-of-range"
        /// A binary plist whose object reference, offset or length points outside the file, or a
        /// container that contains itself.
        case invalidReference = "invalid-reference"
        /// The same key twice in one dictionary or JSON object.
        case duplicateKey = "duplicate-key"
    }

    /// Which problem it is.
    package let code: Code
    /// What is wrong, in words (with the line, or the binary object, where it is).
    package let problem: String
    /// For `.duplicateKey`: the dotted key path, from the root, of the key that occurs twice
    /// (`TSKConfiguration.TSKPinnedDomains.example.com.TSKEnforcePinning`; array elements as `[n]`).
    package let keyPath: String?

    package init(_ code: Code, _ problem: String, keyPath: String? = nil) {
        self.code = code
        self.problem = problem
        self.keyPath = keyPath
    }

    package var description: String { problem }
    package var errorDescription: String? { problem }
}
