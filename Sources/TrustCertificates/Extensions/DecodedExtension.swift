/// An extension TrustCheck decodes at load for the profile rules, where a malformed value is a finding
/// about the certificate (reported by the rule that needs the value) rather than a reason to refuse it.
///
/// Extensions whose malformation makes the certificate unusable in every policy are decoded into plain
/// optionals instead and listed in `Certificate.unparseableExtensions`.
public enum DecodedExtension<Value: Sendable & Hashable>: Sendable, Hashable {
    /// The value decoded.
    case valid(Value)
    /// The extension is present but its value is not the syntax RFC 5280 gives it; the text says why.
    case malformed(String)

    /// Decodes with `decode`, whose error becomes `.malformed`.
    init(_ decode: () throws -> Value) {
        do { self = .valid(try decode()) } catch { self = .malformed("\(error)") }
    }

    /// The decoded value; nil when malformed.
    public var value: Value? {
        if case .valid(let value) = self { return value }
        return nil
    }

    /// Whether the value could not be decoded.
    public var isMalformed: Bool { value == nil }
}
