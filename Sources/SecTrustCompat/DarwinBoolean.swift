/// Apple's DarwinBoolean: how Swift imports a pointer to the C `Boolean` (an `unsigned char`), as in
/// `SecTrustGetNetworkFetchAllowed(_:_: UnsafeMutablePointer<DarwinBoolean>)`. The Darwin overlay defines it;
/// Linux has no such type, so SecTrustCompat does, with the same members.
public struct DarwinBoolean: Sendable, Hashable, ExpressibleByBooleanLiteral, CustomStringConvertible {
    private var value: UInt8

    public init(_ value: Bool) { self.value = value ? 1 : 0 }
    public init(booleanLiteral value: Bool) { self.init(value) }

    /// Any non-zero C value is true.
    public var boolValue: Bool { value != 0 }
    public var description: String { boolValue.description }
}

extension Bool {
    public init(_ value: DarwinBoolean) { self = value.boolValue }
}
