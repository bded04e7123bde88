/// Limits on the path search, so that a hostile bundle cannot make an evaluation run for long.
public struct SearchBudget: Sendable, Hashable {
    /// Complete candidate paths evaluated against the policies (Apple stops at 100).
    public var maximumPaths: Int
    /// Signature verifications (each issuer/subject pair is verified at most once).
    public var maximumSignatureChecks: Int
    /// Certificates in one path.
    public var maximumPathLength: Int

    /// A budget with these limits; the defaults are Apple's path limit and TrustCheck's own.
    public init(maximumPaths: Int = 100, maximumSignatureChecks: Int = 1_000, maximumPathLength: Int = 16) {
        self.maximumPaths = maximumPaths
        self.maximumSignatureChecks = maximumSignatureChecks
        self.maximumPathLength = maximumPathLength
    }

    /// The default budget.
    public static let `default` = SearchBudget()
}
