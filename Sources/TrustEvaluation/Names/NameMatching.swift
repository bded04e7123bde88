import TrustCertificates
import FoundationEssentials

/// `.webpki` validity of names and subtrees, per form (see NameConstraintsChecker).
enum NameSyntax {
    static func isValidName(_ name: GeneralName) -> Bool {
        switch name {
        case .dnsName(let text): return DNSNameSyntax.isPresentedName(text)
        case .rfc822Name(let text): return Mailbox(text) != nil
        case .uri(let text): return URISyntax.host(text).map { DNSNameSyntax.isHostName(String($0)) } ?? false
        case .ipAddress(let bytes): return bytes.count == 4 || bytes.count == 16
        case .directoryName, .otherName, .registeredID, .x400Address, .ediPartyName: return true
        }
    }

    /// An empty dNSName, rfc822Name or URI subtree is the whole namespace of its form (RFC 5280
    /// leaves it undefined; every common verifier reads it so, and CAs use an excluded empty dNSName
    /// to forbid all DNS names).
    static func isValidConstraint(_ subtree: GeneralName) -> Bool {
        switch subtree {
        case .dnsName(let text):
            return text.isEmpty || DNSNameSyntax.isHostName(text)
        case .rfc822Name(let text):
            if text.contains("@") { return Mailbox(text) != nil }
            return text.isEmpty || DNSNameSyntax.isHostName(text.hasPrefix(".") ? String(text.dropFirst()) : text)
        case .uri(let text):
            return text.isEmpty || DNSNameSyntax.isHostName(text.hasPrefix(".") ? String(text.dropFirst()) : text)
        case .ipAddress(let bytes):
            guard bytes.count == 8 || bytes.count == 32 else { return false }
            // The mask must be leading ones then zeros: a mask is a prefix length in disguise.
            var sawZero = false
            for byte in bytes[(bytes.count / 2)...] {
                for bit in 0..<8 {
                    let set = byte & (0x80 >> bit) != 0
                    if set && sawZero { return false }
                    sawZero = sawZero || !set
                }
            }
            return true
        case .directoryName, .otherName, .registeredID, .x400Address, .ediPartyName:
            return true
        }
    }
}

/// Whether a name lies inside a subtree of the same form. `.webpki` callers pass only valid names
/// and subtrees (NameSyntax); `.apple` takes whatever the certificates hold.
enum NameMatching {
    /// `excluding` matters for wildcard dNSNames under `.webpki`, which stand for a set of names:
    /// an excluded subtree catches the set when it catches any member, a permitted subtree only
    /// when it holds every member.
    static func matches(_ name: GeneralName, _ subtree: GeneralName, excluding: Bool, rules: NameConstraintRules) -> Bool {
        switch (name, subtree) {
        case (.dnsName(let name), .dnsName(let constraint)):
            return rules == .apple ? appleDNS(name, constraint) : webpkiDNS(name, constraint, excluding: excluding)
        case (.rfc822Name(let address), .rfc822Name(let constraint)):
            return rules == .apple ? appleRFC822(address, constraint) : webpkiRFC822(address, constraint)
        case (.uri(let uri), .uri(let constraint)):
            return rules == .apple ? appleURI(uri, constraint) : webpkiURI(uri, constraint)
        case (.ipAddress(let address), .ipAddress(let network)):
            guard network.count == 2 * address.count, address.count == 4 || address.count == 16 else { return false }
            return (0..<address.count).allSatisfy { address[$0] & network[address.count + $0] == network[$0] & network[address.count + $0] }
        case (.directoryName(let name), .directoryName(let constraint)):
            return rules == .apple ? appleDirectoryName(name, constraint) : webpkiDirectoryName(name, constraint)
        default:
            return false
        }
    }

    // MARK: webpki

    /// `name` is `domain` or a subdomain of it, on a label boundary; `domain` empty covers all.
    private static func isWithin(_ name: String, _ domain: String) -> Bool {
        domain.isEmpty || name == domain || name.hasSuffix("." + domain)
    }

    private static func webpkiDNS(_ name: String, _ constraint: String, excluding: Bool) -> Bool {
        let name = DNSNameSyntax.asciiLowercased(name)
        let constraint = DNSNameSyntax.asciiLowercased(constraint)
        guard name.hasPrefix("*.") else { return isWithin(name, constraint) }
        // `*.base` stands for every `label.base`. All of them lie within the constraint exactly when
        // `base` does; some of them do also when the constraint is itself one label below `base`.
        let base = String(name.dropFirst(2))
        if isWithin(base, constraint) { return true }
        guard excluding, let dot = constraint.firstIndex(of: ".") else { return false }
        return constraint[constraint.index(after: dot)...] == base
    }

    private static func webpkiRFC822(_ address: String, _ constraint: String) -> Bool {
        guard let mailbox = Mailbox(address) else { return false }
        if constraint.contains("@") { return Mailbox(constraint).map(mailbox.matches) ?? false }
        let domain = DNSNameSyntax.asciiLowercased(mailbox.domain)
        let constraint = DNSNameSyntax.asciiLowercased(constraint)
        return constraint.isEmpty || (constraint.hasPrefix(".") ? domain.hasSuffix(constraint) : domain == constraint)
    }

    private static func webpkiURI(_ uri: String, _ constraint: String) -> Bool {
        guard let host = URISyntax.host(uri) else { return false }
        let name = DNSNameSyntax.asciiLowercased(String(host))
        let constraint = DNSNameSyntax.asciiLowercased(constraint)
        return constraint.isEmpty || (constraint.hasPrefix(".") ? name.hasSuffix(constraint) : name == constraint)
    }

    /// RDN prefix on the normalized form. `normalized` encodes each RDN as length-prefixed parts
    /// closed by 0xFF, so a byte prefix that is a whole normalized name ends on an RDN boundary.
    private static func webpkiDirectoryName(_ name: DistinguishedName, _ constraint: DistinguishedName) -> Bool {
        name.normalized.starts(with: constraint.normalized)
    }

    // MARK: apple

    /// SecDNSNameConstraintsMatch: the constraint is a case-insensitive suffix of the name, preceded
    /// by a dot unless the constraint starts with one or the two are the same length. Lengths are
    /// CFString (UTF-16) lengths. Apple's behaviour for an empty constraint is undefined (it reads
    /// past the string); it is taken here to cover every name.
    private static func appleDNS(_ name: String, _ constraint: String) -> Bool {
        let nameUnits = Array(name.utf16), constraintUnits = Array(constraint.utf16)
        guard !constraintUnits.isEmpty else { return true }
        guard nameUnits.count >= constraintUnits.count else { return false }
        let start = nameUnits.count - constraintUnits.count
        let dot = UInt16(UInt8(ascii: "."))
        if start > 0 && constraintUnits[0] != dot && nameUnits[start - 1] != dot { return false }
        return String(decoding: nameUnits[start...], as: UTF16.self).lowercased() == constraint.lowercased()
    }

    /// SecRFC822NameMatch.
    private static func appleRFC822(_ address: String, _ constraint: String) -> Bool {
        if constraint.contains("@") { return address.lowercased() == constraint.lowercased() }
        guard let at = address.firstIndex(of: "@") else { return false }
        let host = address[address.index(after: at)...]
        guard constraint.hasPrefix(".") else { return host.lowercased() == constraint.lowercased() }
        return !host.hasPrefix(".") && address.hasSuffix(constraint)
    }

    /// SecURIMatch: the host runs from after `://` to the first `:` or `/` (user info is not split
    /// off), must not start with a dot, and is compared ignoring case with the constraint: as a
    /// suffix for a leading-dot constraint, otherwise over the constraint's length from the start.
    private static func appleURI(_ uri: String, _ constraint: String) -> Bool {
        guard let scheme = uri.firstRange(of: "://") else { return false }
        let host = uri[scheme.upperBound...].prefix { $0 != ":" && $0 != "/" }
        guard !host.hasPrefix(".") else { return false }
        let hostUnits = Array(host.utf16), constraintUnits = Array(constraint.utf16)
        guard hostUnits.count >= constraintUnits.count else { return false }
        let compared = constraint.hasPrefix(".")
            ? hostUnits[(hostUnits.count - constraintUnits.count)...] : hostUnits[..<constraintUnits.count]
        return String(decoding: compared, as: UTF16.self).lowercased() == constraint.lowercased()
    }

    /// nc_compare_directoryNames: the constraint's encoded RDNs are a prefix of the name's. Attributes
    /// compare by type, string tag and value bytes in DER order (their text derives from those), as
    /// Apple's `memcmp` of the encodings does, so string type and case matter.
    private static func appleDirectoryName(_ name: DistinguishedName, _ constraint: DistinguishedName) -> Bool {
        name.rdns.starts(with: constraint.rdns)
    }
}
