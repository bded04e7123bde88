/// Apple's DarwinBoolean: how Swift imports a pointer to the C `Boolean` (an `unsigned char`), as in
/// `SecTrustGetNetworkFetchAllowed(_:_: UnsafeMutablePointer<DarwinBoolean>)`. The Darwin overlay defines it;
/// Linux has no such type, so SecTrustCompat does, with the same members.
public struct DarwinBoolean: Sendable, Hashable, ExpressibleByBooleanLiteral, CustomStringConvertible {
    private var value: UInt8

    /// A C Boolean holding 1 for true and 0 for false.
    public init(_ value: Bool) { self.value = value ? 1 : 0 }
    /// Lets `var allowed: DarwinBoolean = false` compile, as on Apple platforms.
    public init(booleanLiteral value: Bool) { self.init(value) }

    /// Any non-zero C value is true.
    public var boolValue: Bool { value != 0 }
    /// "true" or "false", as for the Bool it stands for.
    public var description: String { boolValue.description }
}

extension Bool {
    /// The Bool of a C Boolean, true for any non-zero value: `Bool(allowed)` after
    /// SecTrustGetNetworkFetchAllowed.
    public init(_ value: DarwinBoolean) { self = value.boolValue }
}
