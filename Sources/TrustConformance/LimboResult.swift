/// What a harness reports for one case: x509-limbo's result format.
public struct LimboResult: Codable, Sendable, Hashable {
    public enum Actual: String, Codable, Sendable, Hashable, CaseIterable {
        case success = "SUCCESS"
        case failure = "FAILURE"
        case skipped = "SKIPPED"
    }

    public var id: String
    public var actualResult: Actual
    /// Why: the failures or error for FAILURE, the reason for SKIPPED; nil for SUCCESS.
    public var context: String?

    public init(id: String, actualResult: Actual, context: String?) {
        self.id = id
        self.actualResult = actualResult
        self.context = context
    }

    enum CodingKeys: String, CodingKey {
        case id
        case actualResult = "actual_result"
        case context
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(actualResult, forKey: .actualResult)
        // x509-limbo writes an explicit null, not a missing key.
        try container.encode(context, forKey: .context)
    }

    /// Whether this result agrees with the case's expected result (a skip never does).
    public func matches(_ expected: LimboTestcase.ExpectedResult) -> Bool {
        switch (actualResult, expected) {
        case (.success, .success), (.failure, .failure): return true
        default: return false
        }
    }
}
