/// Limits on the path search, so that a hostile bundle cannot make an evaluation run for long.
public struct SearchBudget: Sendable, Hashable {
    /// Complete candidate paths evaluated against the policies (Apple stops at 100).
    public var maximumPaths: Int
    /// Signature verifications (each issuer/subject pair is verified at most once).
    public var maximumSignatureChecks: Int
    /// Certificates in one path, anchor included. A path that reaches it is cut there and fails
    /// `SearchBudgetExhausted` at its top certificate (not MissingIntermediate: the issuer was not looked for).
    public var maximumPathLength: Int
    /// CRL signers validated inside one another (RFC 5280 §6.3.3 (f): a CRL signer's path has its own
    /// revocation check, whose CRL may have another signer). Each level is a nested path search with
    /// this budget; CRL signature checks count against `maximumSignatureChecks`.
    public var maximumCRLSignerDepth: Int

    /// A budget with these limits; the defaults are Apple's path limit (trustd's MAX_NUM_CHAINS, 100, in
    /// SecTrustServer.c) and TrustCheck's own: 1,000 signature checks and 16 certificates are far beyond
    /// any real PKI's paths (trustd defines MAX_CHAIN_LENGTH 15 beside MAX_NUM_CHAINS but never uses it:
    /// Apple has no length limit), and 3 levels of CRL signers cover a CA's CRL-signing certificate whose
    /// own CRL another signer made.
    public init(maximumPaths: Int = 100, maximumSignatureChecks: Int = 1_000, maximumPathLength: Int = 16,
                maximumCRLSignerDepth: Int = 3)
    {
        self.maximumPaths = maximumPaths
        self.maximumSignatureChecks = maximumSignatureChecks
        self.maximumPathLength = maximumPathLength
        self.maximumCRLSignerDepth = maximumCRLSignerDepth
    }

    /// The default budget.
    public static let `default` = SearchBudget()
}
