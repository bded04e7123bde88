/// SkipCerts ::= INTEGER (0..MAX) (RFC 5280 §4.2.1.11, §4.2.1.14), the one integer the policy
/// extensions carry, read in DER's minimal two's-complement form.
enum SkipCerts {
    /// The largest value kept: a path never has more certificates than this, so any larger count
    /// means the same (never reached) and is clamped rather than overflowing.
    static let maximum = Int(Int32.max)

    /// The value of an INTEGER (or [n] IMPLICIT INTEGER) node; negative or non-minimal is malformed.
    static func value(_ node: DERNode) throws -> Int {
        let content = node.content
        guard let first = content.first else { throw DERError.unexpected("a SkipCerts INTEGER with content") }
        guard first & 0x80 == 0 else { throw DERError.unexpected("a SkipCerts INTEGER that is not negative") }
        if content.count > 1, first == 0, content[content.startIndex + 1] & 0x80 == 0 {
            throw DERError.unexpected("a minimally encoded SkipCerts INTEGER")
        }
        var value = 0
        for byte in content {
            if value > maximum >> 8 { return maximum }
            value = value << 8 | Int(byte)
        }
        return min(value, maximum)
    }
}
