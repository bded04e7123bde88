/// RFC 5321 §4.1.2 mailboxes (`Local-part "@" Domain`), for rfc822Name matching and constraints.
struct Mailbox: Hashable {
    /// Compared exactly: RFC 5280 §7.5 leaves the local part case-sensitive.
    let localPart: String
    /// A host name, compared case-insensitively.
    let domain: String

    /// Parses a mailbox whose local part is a dot-string of atext or a quoted string and whose domain
    /// is a host name. Address literals (`user@[192.0.2.1]`) are not supported and give nil, as does
    /// anything with a second unquoted `@` (rfc5280::nc::invalid-email-address,
    /// rfc5280::nc::nc-permits-invalid-email-san).
    init?(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        if scalars.first == "\"" {
            index = 1
            // qtextSMTP or a backslash before any printable ASCII character.
            func isPrintable(_ scalar: Unicode.Scalar) -> Bool { scalar.isASCII && scalar.value >= 32 && scalar.value < 127 }
            while index < scalars.count, scalars[index] != "\"" {
                guard isPrintable(scalars[index]) else { return nil }
                if scalars[index] == "\\" {
                    guard index + 1 < scalars.count, isPrintable(scalars[index + 1]) else { return nil }
                    index += 1
                }
                index += 1
            }
            index += 1
            guard index < scalars.count, scalars[index] == "@" else { return nil }
        } else {
            guard let at = scalars.firstIndex(of: "@") else { return nil }
            let atoms = String(String.UnicodeScalarView(scalars[..<at])).split(separator: ".", omittingEmptySubsequences: false)
            guard atoms.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy(Self.isAtext) }) else { return nil }
            index = at
        }
        let domain = String(String.UnicodeScalarView(scalars[(index + 1)...]))
        guard DNSNameSyntax.isHostName(domain) else { return nil }
        localPart = String(String.UnicodeScalarView(scalars[..<index]))
        self.domain = domain
    }

    private static func isAtext(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            || "!#$%&'*+-/=?^_`{|}~".unicodeScalars.contains(scalar))
    }

    /// Same mailbox: identical local part, domains equal ignoring ASCII case.
    func matches(_ other: Mailbox) -> Bool {
        localPart == other.localPart && DNSNameSyntax.asciiLowercased(domain) == DNSNameSyntax.asciiLowercased(other.domain)
    }
}
