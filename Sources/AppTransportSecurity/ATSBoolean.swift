/// A boolean key of an ATS dictionary as it was written: absent, a boolean, or some other value (which
/// Apple's `== kCFBooleanTrue` / `boolValue` tests read as not true).
public enum ATSBoolean: Sendable, Hashable {
    /// The key is not in the dictionary.
    case absent
    /// A `<true/>` or `<false/>`.
    case value(Bool)
    /// Present with another type (a string `YES`, a number): its type, in words.
    case notBoolean(String)

    /// Reads `dictionary[key]`.
    init(_ dictionary: [String: Any], _ key: String) {
        guard let value = dictionary[key] else {
            self = .absent
            return
        }
        if type(of: value) == Bool.self, let flag = value as? Bool {
            self = .value(flag)
        } else {
            self = .notBoolean(ATSPropertyList.typeName(of: value))
        }
    }

    /// Whether the key is in the dictionary at all (its presence alone changes some of Apple's rules).
    public var isPresent: Bool { self != .absent }
    /// A boolean true, the only value Apple reads as YES.
    public var isTrue: Bool { self == .value(true) }
    /// A boolean false.
    public var isFalse: Bool { self == .value(false) }
}
