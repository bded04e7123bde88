import Foundation
import Pinning
import Testing
@testable import TrustConformance

/// The pin fields of a vector (`pins`, `expected_pin_result`, `expected_pin_matches`): how they decode and
/// how the runner reports a pin result that differs from them, apart from `expected_result`.
@Suite struct VectorPinningTests {
    /// A case of `vectors/pinning.json`, whose expectations the generator computed from its own SPKI hashes.
    static func pinningVector(_ name: String) throws -> LimboTestcase {
        let path = (TestPaths.vectorsDirectory as NSString).appendingPathComponent("pinning.json")
        let suite = try LimboSuite.load(path: path)
        return try #require(suite.testcases.first { $0.id == "trustcheck::pinning::\(name)" })
    }

    @Test func wrongPinResultIsReportedAsAMismatch() throws {
        var testcase = try Self.pinningVector("leaf-pin")
        let report = VectorRunner().check(testcase)
        #expect(report.passed, "\(report.problems)")
        #expect(report.pinCheck?.verdict == .pinned)

        testcase.expectedPinResult = .noMatchingPin
        #expect(VectorRunner().check(testcase).problems == ["expected_pin_result: expected no-matching-pin, got pinned"])
    }

    @Test func wrongPinMatchesAreReportedWithThePinsThatMatched() throws {
        var testcase = try Self.pinningVector("every-chain-certificate-pinned")
        #expect(VectorRunner().check(testcase).passed)

        testcase.expectedPinMatches = [1]
        let problems = VectorRunner().check(testcase).problems
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("expected_pin_matches: expected [1], got [0, 1, 2] ([0] sha256/") == true,
                "\(problems)")
    }

    @Test func pinsThatDoNotMatchAreReportedWithTheMismatchReason() throws {
        var testcase = try Self.pinningVector("leaf-pin")
        // The backup pin of another vector: a key on no certificate of this chain.
        testcase.pins = try Self.pinningVector("backup-pin-only").pins
        let problems = VectorRunner().check(testcase).problems
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("expected_pin_result: expected pinned, got no-matching-pin: ")
            && $0.hasSuffix("(\(PinningFailure.pinMismatchStatus))") }, "\(problems)")
        #expect(problems.contains("expected_pin_matches: expected [0], got []"), "\(problems)")
    }

    /// `expected_result` is the default validation's verdict and the pin result is checked on its own, so a
    /// wrong pin expectation never shows as a SUCCESS/FAILURE mismatch and the other way round.
    @Test func pinResultIsSeparateFromExpectedResult() throws {
        var testcase = try Self.pinningVector("backup-pin-only")
        #expect(testcase.expectedResult == .success && testcase.expectedPinResult == .noMatchingPin)
        #expect(VectorRunner().check(testcase).passed)

        testcase.expectedResult = .failure
        #expect(VectorRunner().check(testcase).problems == ["expected FAILURE, got SUCCESS"])
    }

    @Test func untrustedChainIsNotRescuedByAMatchingPin() throws {
        var testcase = try Self.pinningVector("untrusted-chain-pin-matches")
        #expect(VectorRunner().check(testcase).passed)

        testcase.expectedPinResult = .pinned
        let problems = VectorRunner().check(testcase).problems
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("expected_pin_result: expected pinned, got chain-not-trusted: ") == true,
                "\(problems)")
    }

    @Test func rejectedInputsCannotMeetPinExpectations() throws {
        var testcase = LimboFixtures.testcase(expected: .failure)
        testcase.peerCertificate = "not a certificate"
        #expect(VectorRunner().check(testcase).passed)
        testcase.pins = PinSet([])
        testcase.expectedPinResult = .chainNotTrusted
        let report = VectorRunner().check(testcase)
        #expect(report.pinCheck == nil)
        #expect(report.problems.contains { $0.hasPrefix("inputs were rejected") }, "\(report.problems)")
    }

    // MARK: Decoding

    static let pin = "bX70/kf1vfhXmstVZ++WwWZcbTSxDWQGWndxGzruGg4="

    static func suite(_ fields: String) -> Data {
        Data((#"{"testcases": [{"id": "x", "peer_certificate": "P", "expected_result": "SUCCESS", "# + fields + "}]}")
            .utf8)
    }

    @Test func decodesPinFields() throws {
        let testcase = try #require(try LimboSuite.decode(Self.suite(
            #""pins": ["\#(Self.pin)"], "expected_pin_result": "no-matching-pin", "expected_pin_matches": []"#))
            .testcases.first)
        #expect(testcase.pins == PinSet([try PublicKeyPin(parsing: Self.pin)]))
        #expect(testcase.expectedPinResult == .noMatchingPin)
        #expect(testcase.expectedPinMatches == [])
    }

    @Test func vectorsWithoutPinFieldsHaveNoPinExpectations() throws {
        let testcase = try #require(try LimboSuite.decode(Self.suite(#""profile": "apple""#)).testcases.first)
        #expect(testcase.pins == nil && testcase.expectedPinResult == nil && testcase.expectedPinMatches == nil)
    }

    @Test(arguments: [
        (#""pins": ["not base64!"], "expected_pin_result": "pinned""#, #"testcases[0].pins: invalid pin "not base64!""#),
        (#""pins": ["AAAA"], "expected_pin_result": "pinned""#, "a SHA-256 pin is 32"),
        (#""pins": [], "expected_pin_result": "matched""#, #"unknown pin result "matched""#),
        (#""pins": []"#, #"missing key "expected_pin_result""#),
        (#""expected_pin_result": "pinned""#, #"missing key "pins""#),
        (#""expected_pin_matches": [0]"#, #"missing key "pins""#),
        (#""pins": [], "expected_pin_result": "pinned", "expected_pin_matches": ["0"]"#, "expected_pin_matches"),
    ])
    func rejectsMalformedPinFields(fields: String, message: String) {
        #expect {
            _ = try LimboSuite.decode(Self.suite(fields), source: "p.json")
        } throws: { error in
            "\(error)".contains(message) && "\(error)".hasPrefix("p.json: ")
        }
    }
}
