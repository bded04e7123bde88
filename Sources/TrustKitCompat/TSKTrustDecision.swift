// TrustKit's TSKTrustDecision.h: the two enums, with TrustKit's Swift names and integer values.

/// The result of checking a server's evaluated chain against a domain's pins (`TSKTrustEvaluationResult`).
public enum TSKTrustEvaluationResult: Int, Sendable, Hashable {
    /// The chain is trusted and carries at least one of the pins.
    case success = 0
    /// The chain is trusted but carries none of the pins.
    case failedNoMatchingPin = 1
    /// The chain is not trusted (untrusted root, expired, wrong host, …).
    case failedInvalidCertificateChain = 2
    /// The trust could not be evaluated.
    case errorInvalidParameters = 3
    /// No pin, and the chain ends at a user-defined trust anchor (macOS only in TrustKit; never on Linux).
    case failedUserDefinedTrustAnchor = 4
    /// A key TrustKit cannot hash (only RSA 2048/3072/4096 and EC P-256/P-384) was reached before any pin matched.
    case errorCouldNotGenerateSpkiHash = 5
}

/// Whether a connection should go on, given the server's chain and the pinning policy (`TSKTrustDecision`).
public enum TSKTrustDecision: Int, Sendable, Hashable {
    /// Allow the connection. Not necessarily a pin match: a policy that does not enforce pinning allows a
    /// mismatch (and reports it).
    case shouldAllowConnection = 0
    /// Block the connection: a pin failure on an enforced policy, or an invalid chain.
    case shouldBlockConnection = 1
    /// No policy applies to the host (none, expired or excluded) and nothing was validated: the trust
    /// __must__ still be evaluated the default way (SecTrustEvaluateWithError), or certificate validation is off.
    case domainNotPinned = 2
}
