/// The leaf must carry the peer's name (SSLHostname). A policy without a name checks nothing.
struct HostnameCheck: PathCheck {
    func evaluate(_ context: PathContext, into failures: inout [TrustFailure]) {
        for name in context.policy.peerNames where !HostnameMatcher.matches(
            context.leaf, peer: name, rules: context.hostnameRules, publicSuffixes: context.publicSuffixes)
        {
            failures.append(TrustFailure(index: 0, check: .sslHostname, detail: "\(name)"))
        }
    }
}
