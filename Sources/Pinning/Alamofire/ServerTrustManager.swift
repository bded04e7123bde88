/// Alamofire's `ServerTrustManager`: which evaluator a host gets.
///
/// Alamofire looks the host up as an exact, case-sensitive dictionary key: no port, no subdomains, no
/// normalisation (`API.example.com` and `api.example.com.` are other hosts). With no evaluator for a host,
/// `allHostsMustBeEvaluated` (the default) throws `.noRequiredEvaluator(host:)`, which cancels the request;
/// otherwise there is none, and the session's default handling applies.
///
/// TrustCheck's extension, off unless `matchesWildcardEntries` is set: an entry `*.<domain>` also serves
/// any host that is one label followed by `.<domain>`, as a certificate wildcard does (`*.example.com`
/// serves `api.example.com`, not `example.com` nor `a.b.example.com`). An exact entry wins over a wildcard
/// one; comparison stays case-sensitive, like the exact lookup. Alamofire itself needs a subclass overriding
/// `serverTrustEvaluator(forHost:)` for this.
public struct ServerTrustManager: Sendable {
    /// Whether a host without an evaluator is an error.
    public let allHostsMustBeEvaluated: Bool
    /// The evaluators by host.
    public let evaluators: [String: any ServerTrustEvaluating]
    /// Whether `*.<domain>` entries serve the hosts one label below `<domain>`.
    public let matchesWildcardEntries: Bool

    /// Alamofire's initialiser, plus the wildcard opt-in.
    public init(allHostsMustBeEvaluated: Bool = true, evaluators: [String: any ServerTrustEvaluating],
                matchesWildcardEntries: Bool = false)
    {
        self.allHostsMustBeEvaluated = allHostsMustBeEvaluated
        self.evaluators = evaluators
        self.matchesWildcardEntries = matchesWildcardEntries
    }

    /// The evaluator for `host`; nil when there is none and not all hosts must be evaluated.
    public func serverTrustEvaluator(forHost host: String) throws(ServerTrustError) -> (any ServerTrustEvaluating)? {
        if let evaluator = evaluators[host] { return evaluator }
        if matchesWildcardEntries, let evaluator = wildcardEvaluator(forHost: host) { return evaluator }
        if allHostsMustBeEvaluated { throw .noRequiredEvaluator(host: host) }
        return nil
    }

    /// The `*.<parent>` entry for a host `<label>.<parent>` with a non-empty first label.
    private func wildcardEvaluator(forHost host: String) -> (any ServerTrustEvaluating)? {
        guard let dot = host.firstIndex(of: "."), dot != host.startIndex else { return nil }
        let parent = host[host.index(after: dot)...]
        guard !parent.isEmpty else { return nil }
        return evaluators["*." + parent]
    }
}
