import TrustEvaluation

/// What TrustCheck made of one PKITS case.
public struct PKITSResult: Sendable, Hashable {
    /// The verdict in x509-limbo's result format (id: `PKITSTestcase.id`), with our reason as context.
    public var result: LimboResult
    public var expected: LimboTestcase.ExpectedResult
    /// The checks that failed (empty when trusted or when an input did not load).
    public var failedChecks: [CheckName]
    /// The checks that report the expected failure (`PKITSExpectedError.checks`), when known.
    public var expectedChecks: Set<CheckName>?

    public init(result: LimboResult, expected: LimboTestcase.ExpectedResult, failedChecks: [CheckName],
                expectedChecks: Set<CheckName>?)
    {
        self.result = result
        self.expected = expected
        self.failedChecks = failedChecks
        self.expectedChecks = expectedChecks
    }

    /// Rejected as expected, but by none of the checks that PKITS's failure maps to: the right verdict
    /// for another reason (reported, not counted as a mismatch).
    public var failsForAnotherReason: Bool {
        guard expected == .failure, result.actualResult == .failure, let expectedChecks, !failedChecks.isEmpty else {
            return false
        }
        return expectedChecks.isDisjoint(with: failedChecks)
    }
}
