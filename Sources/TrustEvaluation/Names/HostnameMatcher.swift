import TrustCertificates

/// Which rules decide whether a certificate names a peer.
public enum HostnameRules: Sendable, Hashable {
    /// Apple's SecPolicyCheckCertSSLHostname (apple-sectrust.md §4.1), quirks included.
    case apple
    /// CA/Browser Forum rules as x509-limbo expects them for its SERVER and CLIENT cases.
    case webpki
}

/// Matches a leaf certificate's names against the peer it is meant to identify.
///
/// Both rule sets look only at the subjectAltName: the subject CN is never a host name (Apple since
/// iOS 13 / macOS 10.15; CA/B Forum via limbo's webpki::san::no-san).
///
/// `.apple`, for a host string (`.dns`), as Apple does:
/// 1. candidates are the SAN dNSNames that pass SecFrameworkIsDNSName and do not parse as an IP;
/// 2. one trailing dot of the reference is dropped, both split on `.`, label counts must agree, and
///    labels compare case-insensitively from the right; `*` may only be the whole left-most label of
///    a name with more than two labels whose remainder is not an ICANN public suffix (fail open when
///    the list is missing); any other `*` never matches;
/// 3. failing that, a reference that Apple's lenient parser reads as an IP address is compared with
///    the SAN iPAddresses.
/// `.ip` is compared with SAN iPAddresses only; `.email` as SecPolicyCheckCertEmail does, ignoring
/// case, against SAN rfc822Names and subject emailAddress attributes.
///
/// `.webpki`:
/// * `.dns`: the reference (one trailing dot dropped) must be a valid host name and each SAN dNSName
///   a valid host name or `*.` + host name (so `foo_bar.example.com`, `.example.com`, `ba*.example.com`
///   and `*` never match: rfc5280::san::underscore-dns, webpki::san::wildcard-embedded-leftmost-san,
///   webpki::san::san-wildcard-only). A wildcard covers exactly one left-most label, needs at least
///   two labels after it, and must not stand over a public suffix, PRIVATE section included
///   (webpki::san::public-suffix-wildcard-san, …-multi-label-wildcard-san,
///   …-private-namespace-wildcard-san). Case is ignored in ASCII only.
/// * `.ip`: byte equality with a 4- or 16-byte SAN iPAddress; a dNSName holding an address text
///   never matches (rfc5280::san::ip-in-dns).
/// * `.email`: a SAN rfc822Name naming the same mailbox: exact local part, domain ignoring case.
public enum HostnameMatcher {
    /// Whether `certificate` carries `peer` under `rules`.
    public static func matches(
        _ certificate: Certificate, peer: PeerName, rules: HostnameRules,
        publicSuffixes: PublicSuffixList = .system
    ) -> Bool {
        let sans = certificate.subjectAlternativeNames ?? []
        switch (peer, rules) {
        case (.dns(let host), .apple):
            return appleMatches(certificate, hostname: host, publicSuffixes: publicSuffixes)
        case (.ip(let address), _):
            return sans.contains { $0 == .ipAddress(address) } && (address.count == 4 || address.count == 16)
        case (.email(let address), .apple):
            return certificate.emailAddresses.contains { $0.lowercased() == address.lowercased() }
        case (.dns(let host), .webpki):
            // The reference is read once, not once for each dNSName.
            guard let reference = webpkiReference(host) else { return false }
            return sans.contains { name in
                guard case .dnsName(let presented) = name else { return false }
                return webpkiDNSMatch(referenceName: reference, presented: presented, publicSuffixes: publicSuffixes)
            }
        case (.email(let address), .webpki):
            guard let reference = Mailbox(address) else { return false }
            return sans.contains { name in
                guard case .rfc822Name(let presented) = name, let mailbox = Mailbox(presented) else { return false }
                return mailbox.matches(reference)
            }
        }
    }

    /// Matches a host exactly as an application hands it to the policy. Under `.apple` this is the
    /// string given to SecPolicyCreateSSL, with Apple's own reading of IP address text; under
    /// `.webpki` it is read with `PeerName(parsing:)`.
    public static func matches(
        _ certificate: Certificate, hostname: String, rules: HostnameRules,
        publicSuffixes: PublicSuffixList = .system
    ) -> Bool {
        switch rules {
        case .apple: return appleMatches(certificate, hostname: hostname, publicSuffixes: publicSuffixes)
        case .webpki: return matches(certificate, peer: PeerName(parsing: hostname), rules: .webpki, publicSuffixes: publicSuffixes)
        }
    }

    /// Whether one presented dNSName matches one reference host name. Under `.apple` this is
    /// SecDNSMatch alone: the SecFrameworkIsDNSName filter on the presented name is applied by
    /// `matches(_:peer:rules:publicSuffixes:)`, not here.
    public static func matches(
        presented: String, reference: String, rules: HostnameRules, publicSuffixes: PublicSuffixList = .system
    ) -> Bool {
        switch rules {
        case .apple: return appleDNSMatch(reference: reference, presented: presented, publicSuffixes: publicSuffixes)
        case .webpki: return webpkiDNSMatch(reference: reference, presented: presented, publicSuffixes: publicSuffixes)
        }
    }

    // MARK: Apple

    private static func appleMatches(_ certificate: Certificate, hostname: String, publicSuffixes: PublicSuffixList) -> Bool {
        // SecCertificateCopyDNSNamesFromSAN: only names Apple deems DNS names, never address texts. (The
        // match is tried first: it is the cheaper test, and both must hold.)
        for case .dnsName(let name) in certificate.subjectAlternativeNames ?? []
        where appleDNSMatch(reference: hostname, presented: name, publicSuffixes: publicSuffixes)
            && DNSNameSyntax.isAppleDNSName(name) && IPAddress(appleLenient: name) == nil
        {
            return true
        }
        guard let address = IPAddress(appleLenient: hostname) else { return false }
        return certificate.ipAddresses.contains(address.bytes)
    }

    /// SecDNSMatch.
    private static func appleDNSMatch(reference: String, presented: String, publicSuffixes: PublicSuffixList) -> Bool {
        guard !reference.isEmpty else { return false }
        if let verdict = asciiAppleDNSMatch(reference: reference, presented: presented, publicSuffixes: publicSuffixes) {
            return verdict
        }
        let trimmed = reference.hasSuffix(".") ? String(reference.dropLast()) : reference
        let referenceLabels = DNSNameSyntax.labels(trimmed)
        let presentedLabels = DNSNameSyntax.labels(presented)
        guard referenceLabels.count == presentedLabels.count else { return false }
        let count = presentedLabels.count
        for index in (0..<count).reversed() {
            let label = presentedLabels[index]
            if label == "*" {
                guard index == 0, count > 2 else { return false }
                // SecDNSIsTLD: CFNetwork's verdict on the presented name minus "*.".
                guard !publicSuffixes.isPublicSuffix(String(presented.dropFirst(2)), includingPrivateDomains: false) else {
                    return false
                }
            } else {
                guard !label.contains("*"), label.lowercased() == referenceLabels[index].lowercased() else { return false }
            }
        }
        return true
    }

    /// SecDNSMatch as above, on the UTF-8 bytes of two ASCII names, without splitting or allocating (for
    /// ASCII, `lowercased()` is ASCII case folding); nil when either name is not ASCII, for the general path.
    private static func asciiAppleDNSMatch(reference: String, presented: String, publicSuffixes: PublicSuffixList) -> Bool? {
        var reference = reference, presented = presented
        return reference.withUTF8 { referenceBytes -> Bool? in
            presented.withUTF8 { presentedBytes -> Bool? in
                guard referenceBytes.allSatisfy({ $0 < 0x80 }), presentedBytes.allSatisfy({ $0 < 0x80 }) else { return nil }
                let dot = UInt8(ascii: "."), star = UInt8(ascii: "*")
                let trimmedCount = referenceBytes.last == dot ? referenceBytes.count - 1 : referenceBytes.count
                let ref = UnsafeBufferPointer(rebasing: referenceBytes[..<trimmedCount])
                // The usual match, told in one pass: the same bytes but for ASCII case and no "*" makes every
                // label equal to its counterpart, as the walk over labels below would find at several times the cost.
                if equalIgnoringASCIICase(ref, presentedBytes), !presentedBytes.contains(star) { return true }
                let count = presentedBytes.count(where: { $0 == dot }) + 1
                guard ref.count(where: { $0 == dot }) + 1 == count else { return false }
                var presentedEnd = presentedBytes.count, referenceEnd = ref.count
                for index in (0..<count).reversed() {
                    var presentedStart = presentedEnd, referenceStart = referenceEnd
                    while presentedStart > 0, presentedBytes[presentedStart - 1] != dot { presentedStart -= 1 }
                    while referenceStart > 0, ref[referenceStart - 1] != dot { referenceStart -= 1 }
                    let label = presentedBytes[presentedStart..<presentedEnd]
                    if label.count == 1, label.first == star {
                        guard index == 0, count > 2 else { return false }
                        // SecDNSIsTLD: CFNetwork's verdict on the presented name minus "*.".
                        guard !publicSuffixes.isPublicSuffix(String(decoding: presentedBytes[2...], as: UTF8.self),
                                                             includingPrivateDomains: false)
                        else { return false }
                    } else {
                        let other = ref[referenceStart..<referenceEnd]
                        guard !label.contains(star), label.count == other.count,
                              zip(label, other).allSatisfy({ asciiLowercased($0) == asciiLowercased($1) })
                        else { return false }
                    }
                    presentedEnd = presentedStart - 1
                    referenceEnd = referenceStart - 1
                }
                return true
            }
        }
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte + 32 : byte }

    private static func equalIgnoringASCIICase(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for index in lhs.indices where asciiLowercased(lhs[index]) != asciiLowercased(rhs[index]) { return false }
        return true
    }

    // MARK: webpki

    private static func webpkiDNSMatch(reference: String, presented: String, publicSuffixes: PublicSuffixList) -> Bool {
        guard let referenceName = webpkiReference(reference) else { return false }
        return webpkiDNSMatch(referenceName: referenceName, presented: presented, publicSuffixes: publicSuffixes)
    }

    /// The reference host as webpki compares it: one trailing dot dropped, ASCII-lowercased; nil unless
    /// it is then a host name (and so matches nothing).
    private static func webpkiReference(_ reference: String) -> String? {
        let host = reference.hasSuffix(".") ? String(reference.dropLast()) : reference
        return DNSNameSyntax.isHostName(host) ? DNSNameSyntax.asciiLowercased(host) : nil
    }

    /// One presented dNSName against a reference that `webpkiReference` has read.
    private static func webpkiDNSMatch(referenceName: String, presented: String, publicSuffixes: PublicSuffixList) -> Bool {
        let presentedName = DNSNameSyntax.asciiLowercased(presented)
        // The usual match, told before the syntax: a name equal to a host name but for ASCII case is a host
        // name itself (case changes no byte's class), so its syntax needs no second pass.
        if presentedName == referenceName { return true }
        guard DNSNameSyntax.isPresentedName(presented) else { return false }
        // Unequal, a name that is not a wildcard does not match.
        guard presentedName.hasPrefix("*.") else { return false }
        let base = String(presentedName.dropFirst(2))
        guard let dot = referenceName.firstIndex(of: "."), referenceName[referenceName.index(after: dot)...] == base,
              base.contains("."), !publicSuffixes.isPublicSuffix(base, includingPrivateDomains: true)
        else { return false }
        return true
    }
}
