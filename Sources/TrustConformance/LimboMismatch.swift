/// A case whose result differs from x509-limbo's expectation: which case, what was expected, what
/// TrustCheck gave and why.
public struct LimboMismatch: Sendable, Hashable, CustomStringConvertible {
    public var id: String
    public var expected: LimboTestcase.ExpectedResult
    public var actual: LimboResult.Actual
    /// What the expectations list says TrustCheck gives, when the case is listed with another result.
    public var listed: LimboResult.Actual?
    /// The result's context: the failures for FAILURE.
    public var context: String?

    public init(id: String, expected: LimboTestcase.ExpectedResult, actual: LimboResult.Actual,
                listed: LimboResult.Actual? = nil, context: String? = nil)
    {
        self.id = id
        self.expected = expected
        self.actual = actual
        self.listed = listed
        self.context = context
    }

    /// Wrongly accepted (expected FAILURE, got SUCCESS) is the dangerous kind.
    public var isWronglyAccepted: Bool { expected == .failure && actual == .success }

    public var description: String {
        var text = "\(id): expected \(expected.rawValue), got \(actual.rawValue)"
        if let listed { text += " (listed as \(listed.rawValue))" }
        if let context { text += " — \(context)" }
        return text
    }
}
