import TrustCertificates

/// Which name-constraint semantics to apply.
public enum NameConstraintRules: Sendable, Hashable {
    /// Apple's trustd (`nameconstraints.c`), quirks included.
    case apple
    /// RFC 5280 §4.2.1.10 with the fail-closed choices x509-limbo expects.
    case webpki
}

/// Checks one certificate against one CA's NameConstraints extension (RFC 5280 §4.2.1.10).
///
/// The caller walks the path: for each CA with constraints, each certificate below it. A self-issued
/// certificate other than the leaf is exempt (RFC 5280 §6.1.3 (b)–(c), rfc5280::nc::permitted-self-issued;
/// Apple alike), the leaf never is (rfc5280::nc::excluded-self-issued-leaf).
///
/// Names checked: every subjectAltName entry; the subject DN, when not empty, against directoryName
/// subtrees; each subject emailAddress attribute against rfc822Name subtrees. The subject CN is never
/// taken for a DNS name (Apple; bettertls::nameconstraints expects the same). A name is constrained
/// only by subtrees of its own form: with permitted subtrees of its form it must lie in one of them,
/// and it must lie in no excluded subtree of its form (exclusion wins: rfc5280::nc::excluded-match-permitted-and-excluded).
///
/// Per form, `.webpki` / `.apple`:
/// * dNSName — `example.com` covers itself and its subdomains on a label boundary, ignoring case.
///   webpki: a constraint must be a host name (rfc5280::nc::invalid-dnsname-leading-period,
///   …::invalid-dnsname-wildcard) and a name a host name or `*.` + host name (…::nc-permits-invalid-dns-san);
///   a wildcard name stands for every name it could match, so it is excluded when any of them would
///   be (rfc5280::nc::nc-forbids-dnsname-wildcard-san, cve::cve-2025-61727) and permitted only when all
///   of them are (cve::cve-2025-61727-nc-permits-variant, webpki::nc::nc-permits-dns-san-pattern).
///   apple: a plain suffix comparison on whatever strings are present (a leading-dot constraint covers
///   subdomains only; `*.example.com` is just a string ending in `example.com`).
/// * rfc822Name — a constraint with `@` is one mailbox, `host` every mailbox at that host, `.domain`
///   every mailbox at a subdomain. webpki: mailbox syntax is enforced and the local part compares
///   exactly (rfc5280::nc::nc-permits-email-literal-*). apple: SecRFC822NameMatch (whole-address
///   comparison ignoring case; the host is everything after the first `@`).
/// * uniformResourceIdentifier — the constraint applies to the URI's host: `host` exactly, `.domain`
///   subdomains. webpki: a URI without a host name (no authority, an IP literal) is an `.invalidName`.
///   apple: SecURIMatch, which compares only the first characters of the host with a constraint that
///   has no leading dot, so `host.example.com` covers `host.example.com.evil`.
/// * iPAddress — address within address/mask, never across IPv4 and IPv6. webpki: a constraint must be
///   8 or 32 bytes with a contiguous mask (rfc5280::nc::invalid-ipv4-address) and a name 4 or 16 bytes
///   (rfc5280::nc::nc-permits-invalid-ip-san). apple: other lengths simply never match.
/// * directoryName — the constraint's RDNs must be a prefix of the name's. webpki compares
///   normalized attributes (case and space folded, string type ignored); apple compares encodings
///   exactly, as its `memcmp` does.
/// * otherName, registeredID, x400Address, ediPartyName — not evaluated. webpki: a name of such a form
///   under a subtree of the same form is an `.unsupportedNameForm` violation, critical or not
///   (rfc5280::nc::nc-forbids-othername; rfc5280::nc::nc-forbids-othername-noop passes because no
///   name has that form). apple: a critical extension holding such a subtree fails outright; otherwise
///   a permitted subtree of that form leaves names of that form unpermitted and an excluded one is ignored.
public enum NameConstraintsChecker {
    /// Apple refuses constraint lists longer than this (apple-sectrust.md §4.6), which also bounds
    /// its work (pathological::nc-dos-*). Applied here to one CA's permitted and excluded lists; an
    /// engine that accumulates subtrees along the path should apply it to the accumulated lists too.
    public static let appleMaximumSubtrees = 1024

    /// The most name-against-subtree comparisons `.webpki` does for one certificate before giving up,
    /// so that pathological chains (pathological::nc-dos-*) fail fast. rustls-webpki and Go's
    /// crypto/x509 use the same number, though as a budget for a whole path.
    public static let webpkiComparisonBudget = 250_000

    /// The violations of `constraints` by the names of `certificate`, first found first; empty when none.
    public static func violations(
        of constraints: NameConstraints, for certificate: Certificate, isLeaf: Bool, isSelfIssued: Bool,
        rules: NameConstraintRules
    ) -> [NameConstraintViolation] {
        guard isLeaf || !isSelfIssued else { return [] }
        var found: [NameConstraintViolation] = []
        var seen = Set<NameConstraintViolation>()
        func report(_ violation: NameConstraintViolation) {
            if seen.insert(violation).inserted { found.append(violation) }
        }
        let subtreeCount = constraints.permitted.count + constraints.excluded.count
        let names = certificateNames(certificate)
        switch rules {
        case .apple:
            if constraints.critical {
                for subtree in constraints.permitted + constraints.excluded where !NameForm(subtree).isSupported {
                    report(.init(kind: .unsupportedCriticalConstraint, constraint: subtree))
                }
            }
            if constraints.permitted.count > appleMaximumSubtrees || constraints.excluded.count > appleMaximumSubtrees {
                report(.init(kind: .tooManySubtrees))
                return found
            }
            if certificate.subject.isEmpty && certificate.subjectAlternativeNames == nil {
                report(.init(kind: .certificateHasNoNames))
                return found
            }
        case .webpki:
            guard names.count * subtreeCount <= webpkiComparisonBudget else {
                return [.init(kind: .tooManyComparisons)]
            }
        }
        for (name, source) in names {
            check(name, source: source, against: constraints, rules: rules).forEach(report)
        }
        return found
    }

    /// SAN entries, then the subject DN (when not empty) and its emailAddress attributes.
    private static func certificateNames(_ certificate: Certificate) -> [(GeneralName, NameConstraintViolation.Source)] {
        var names = (certificate.subjectAlternativeNames ?? []).map { ($0, NameConstraintViolation.Source.subjectAltName) }
        if !certificate.subject.isEmpty {
            names.append((.directoryName(certificate.subject), .subject))
            names += certificate.subject.values(of: AttributeOID.emailAddress).map { (.rfc822Name($0), .subject) }
        }
        return names
    }

    private static func check(
        _ name: GeneralName, source: NameConstraintViolation.Source, against constraints: NameConstraints,
        rules: NameConstraintRules
    ) -> [NameConstraintViolation] {
        let form = NameForm(name)
        var permitted = constraints.permitted.filter { NameForm($0) == form }
        var excluded = constraints.excluded.filter { NameForm($0) == form }
        let hasPermitted = !permitted.isEmpty
        guard hasPermitted || !excluded.isEmpty else { return [] }
        guard form.isSupported else {
            switch rules {
            case .webpki: return [.init(kind: .unsupportedNameForm, name: name, source: source)]
            case .apple: return hasPermitted ? [.init(kind: .notPermitted, name: name, source: source)] : []
            }
        }
        var result: [NameConstraintViolation] = []
        if rules == .webpki {
            let invalid = (permitted + excluded).filter { !NameSyntax.isValidConstraint($0) }
            result += invalid.map { .init(kind: .invalidConstraint, constraint: $0) }
            guard NameSyntax.isValidName(name) else {
                return result + [.init(kind: .invalidName, name: name, source: source)]
            }
            permitted.removeAll { !NameSyntax.isValidConstraint($0) }
            excluded.removeAll { !NameSyntax.isValidConstraint($0) }
        }
        for subtree in excluded where NameMatching.matches(name, subtree, excluding: true, rules: rules) {
            result.append(.init(kind: .excluded, name: name, source: source, constraint: subtree))
        }
        // Checked against the valid subtrees only: an invalid one permits nothing.
        if hasPermitted && !permitted.contains(where: { NameMatching.matches(name, $0, excluding: false, rules: rules) }) {
            result.append(.init(kind: .notPermitted, name: name, source: source))
        }
        return result
    }
}

/// The GeneralName CHOICE alternative, which decides which subtrees constrain a name.
enum NameForm: Hashable {
    case dnsName, rfc822Name, uri, ipAddress, directoryName, otherName, registeredID, x400Address, ediPartyName

    init(_ name: GeneralName) {
        switch name {
        case .dnsName: self = .dnsName
        case .rfc822Name: self = .rfc822Name
        case .uri: self = .uri
        case .ipAddress: self = .ipAddress
        case .directoryName: self = .directoryName
        case .otherName: self = .otherName
        case .registeredID: self = .registeredID
        case .x400Address: self = .x400Address
        case .ediPartyName: self = .ediPartyName
        }
    }

    var isSupported: Bool {
        switch self {
        case .dnsName, .rfc822Name, .uri, .ipAddress, .directoryName: return true
        case .otherName, .registeredID, .x400Address, .ediPartyName: return false
        }
    }
}
