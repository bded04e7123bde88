/// One thing `ATSLint` found in an ATS configuration: a stable code, the key concerned, and what to do.
public struct ATSFinding: Sendable, Hashable, Encodable {
    /// How much it matters.
    public enum Severity: String, Sendable, Hashable, Encodable {
        /// Weakens the app's transport security.
        case risk
        /// Apple ignores it, or it changes nothing: the plist does not say what it seems to.
        case ineffective
    }

    /// A stable identifier (`arbitrary-loads`, `misspelt-key`, …; `trustcheck help ats` lists them).
    public let code: String
    /// How much it matters.
    public let severity: Severity
    /// The key path concerned, e.g. `NSExceptionDomains["example.com"].NSExceptionMinimumTLSVersion`.
    public let key: String
    /// What is wrong, in words.
    public let message: String
    /// The key meant, for a misspelt or misplaced key; nil otherwise.
    public let suggestion: String?

    /// A finding.
    public init(_ code: String, _ severity: Severity, key: String, _ message: String, suggestion: String? = nil) {
        self.code = code
        self.severity = severity
        self.key = key
        self.message = message
        self.suggestion = suggestion
    }
}
