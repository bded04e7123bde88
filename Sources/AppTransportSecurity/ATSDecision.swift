/// One requirement of a policy: its value, the key that decided it, and why, in words.
public struct ATSDecision<Value: Sendable & Hashable & Encodable>: Sendable, Hashable, Encodable {
    /// The requirement.
    public let value: Value
    /// The key path that decided it (`NSExceptionDomains["example.com"].NSExceptionMinimumTLSVersion`,
    /// `NSAllowsArbitraryLoads`), or `default` when no key did.
    public let decidedBy: String
    /// Why, in words.
    public let reason: String

    /// A decision.
    public init(_ value: Value, decidedBy: String, reason: String) {
        self.value = value
        self.decidedBy = decidedBy
        self.reason = reason
    }

    private enum CodingKeys: String, CodingKey {
        case value
        case decidedBy = "decided_by"
        case reason
    }
}
