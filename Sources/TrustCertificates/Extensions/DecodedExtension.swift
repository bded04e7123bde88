/// An extension TrustCheck decodes at load for the profile rules, where a malformed value is a finding
/// about the certificate (reported by the rule that needs the value) rather than a reason to refuse it.
///
/// Extensions whose malformation makes the certificate unusable in every policy are decoded into plain
/// optionals instead and listed in `Certificate.unparseableExtensions`.
///
/// `Value` is not required to be Hashable (the enum is Hashable when it is): a generic requirement makes
/// the runtime look the conformance up when it first needs the type's metadata — a scan of every
/// conformance in the binary, ~190 K instructions each, six of them in every `trustcheck verify`.
public enum DecodedExtension<Value: Sendable>: Sendable {
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

extension DecodedExtension: Equatable where Value: Equatable {}
extension DecodedExtension: Hashable where Value: Hashable {}
