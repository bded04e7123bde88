import TrustCertificates

/// The leaf must carry the peer's name (SSLHostname). A policy without a name checks nothing. A
/// failure lists the names the leaf does carry, so that the mismatch explains itself.
struct HostnameCheck: PathCheck {
    func evaluate(_ context: PathContext, into failures: inout [TrustFailure]) {
        let leaf = context.leaf
        for name in context.policy.peerNames where !HostnameMatcher.matches(
            leaf, peer: name, rules: context.hostnameRules, publicSuffixes: context.publicSuffixes)
        {
            failures.append(TrustFailure(index: 0, check: .sslHostname, context: .hostname(
                requested: name, dnsNames: leaf.dnsNames, ipAddresses: leaf.ipAddresses.map { IPAddress.text($0) },
                emailAddresses: leaf.emailAddresses, commonNames: leaf.commonNames,
                hasSubjectAltName: leaf.subjectAlternativeNames != nil)))
        }
    }
}
