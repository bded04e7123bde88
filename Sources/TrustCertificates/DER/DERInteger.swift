/// DER INTEGER values compared by value, not by octets (X.690 §8.3): a serial number written with a
/// redundant leading 0x00 (before a byte whose top bit is clear) or 0xFF (before a byte whose top bit
/// is set) is the same integer as its minimal form, so a CRL entry or an OCSP CertID must still match
/// the certificate that carries the minimal one. Negative serials (two's complement, RFC 5280 §4.1.2.2
/// forbids them but CAs have issued them) keep their sign: 0xFF 0x80 is -128, not 128.
public enum DERInteger {
    /// The minimal two's-complement content octets of the INTEGER whose content octets are `content`:
    /// the canonical key by which two serial numbers are the same integer. Empty stays empty.
    public static func minimal(_ content: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var start = content.startIndex
        while start + 1 < content.endIndex {
            let first = content[start], second = content[start + 1]
            guard (first == 0x00 && second & 0x80 == 0) || (first == 0xFF && second & 0x80 != 0) else { break }
            start += 1
        }
        return content[start...]
    }

    /// The same, of an array.
    public static func minimal(_ content: [UInt8]) -> ArraySlice<UInt8> { minimal(content[...]) }

    /// Whether two INTEGER contents hold the same integer.
    public static func sameValue(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool { minimal(lhs).elementsEqual(minimal(rhs)) }
}
