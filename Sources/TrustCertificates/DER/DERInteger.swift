/// DER INTEGER values compared by value, not by octets (X.690 §8.3): a serial number written with a
/// redundant leading 0x00 (before a byte whose top bit is clear) or 0xFF (before a byte whose top bit
/// is set) is the same integer as its minimal form, so a CRL entry or an OCSP CertID must still match
/// the certificate that carries the minimal one. Negative serials (two's complement, RFC 5280 §4.1.2.2
/// forbids them but CAs have issued them) keep their sign: 0xFF 0x80 is -128, not 128.
public enum DERInteger {
    /// The minimal two's-complement content octets of the INTEGER whose content octets are `content`:
    /// the canonical key by which two serial numbers are the same integer. Empty stays empty.
    public static func minimal<C: Collection<UInt8>>(_ content: C) -> [UInt8] {
        var start = content.startIndex
        while start != content.endIndex {
            let next = content.index(after: start)
            guard next != content.endIndex else { break }
            let first = content[start], second = content[next]
            guard (first == 0x00 && second & 0x80 == 0) || (first == 0xFF && second & 0x80 != 0) else { break }
            start = next
        }
        return Array(content[start...])
    }

    /// Whether two INTEGER contents hold the same integer.
    public static func sameValue<A: Collection<UInt8>, B: Collection<UInt8>>(_ lhs: A, _ rhs: B) -> Bool {
        minimal(lhs) == minimal(rhs)
    }
}
