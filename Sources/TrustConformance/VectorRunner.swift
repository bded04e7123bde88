import FileOutput
import FoundationEssentials
import Pinning
import TrustCertificates
import TrustEvaluation

/// Runs TrustCheck's own vectors (`vectors/*.json`: x509-limbo suites with TrustCheck's extension
/// fields) and lists every way a case's result differs from what it expects.
public struct VectorRunner: Sendable {
    public var runner: LimboRunner
    /// Decides a vector's pinning (`pins` or `pin_configuration`, with `pinning_report_only`) on its
    /// evaluation: "allow", "block" or "not-pinned", or why the pinning cannot be applied. The decision
    /// rules belong to the command line's pinning stage (`trustcheck verify`, whose TrustKit and
    /// NSPinnedDomains handling a recording used), so the command line supplies them; without them a
    /// vector that expects a pinning decision is reported as not replayable, never as passing.
    public var pinningReplay: PinningReplay?

    /// See `pinningReplay`.
    public typealias PinningReplay = @Sendable (LimboTestcase, TrustEvaluationResult) -> Result<String, LimboInputError>

    public init(runner: LimboRunner = LimboRunner(concurrency: 1), pinningReplay: PinningReplay? = nil) {
        self.runner = runner
        self.pinningReplay = pinningReplay
    }

    /// One vector file's cases, or why the file could not be read.
    public struct VectorFile: Sendable {
        public let path: String
        public let result: Result<LimboSuite, LimboError>

        public var name: String { FileSystemPath.lastComponent(path) }
    }

    /// Every `*.json` file in `directory`, sorted by name; an absent directory holds none.
    public static func loadVectors(directory: String) -> [VectorFile] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { name in
            let path = FileSystemPath.appending(name, to: directory)
            do throws(LimboError) {
                return VectorFile(path: path, result: .success(try LimboSuite.load(path: path)))
            } catch {
                return VectorFile(path: path, result: .failure(error))
            }
        }
    }

    /// What one case gave, and every expectation it did not meet (empty: the case passes).
    public struct Report: Sendable {
        public let id: String
        public let actual: LimboResult
        public let evaluation: TrustEvaluationResult?
        /// The case's pins checked against `evaluation`; nil when it has no pins or was not evaluated.
        public let pinCheck: PinCheckResult?
        public let problems: [String]

        public var passed: Bool { problems.isEmpty }
    }

    public func check(_ testcase: LimboTestcase) -> Report {
        var problems: [String] = []
        let outcome = runner.outcome(of: testcase)
        let actual = result(of: outcome, id: testcase.id)
        if case .skipped(let reason) = outcome {
            problems.append("cannot be evaluated: \(reason)")
            return Report(id: testcase.id, actual: actual, evaluation: nil, pinCheck: nil, problems: problems)
        }
        if !actual.matches(testcase.expectedResult) {
            problems.append("expected \(testcase.expectedResult.rawValue), got \(actual.actualResult.rawValue)"
                + (actual.context.map { ": \($0)" } ?? ""))
        }
        guard case .evaluated(let evaluation, _) = outcome else {
            if testcase.expectsEvaluationDetails {
                problems.append("inputs were rejected, so the detailed expectations cannot be checked: "
                    + (actual.context ?? ""))
            }
            return Report(id: testcase.id, actual: actual, evaluation: nil, pinCheck: nil, problems: problems)
        }
        problems += Self.detailProblems(testcase, evaluation)
        let pinCheck = testcase.pins?.check(evaluation)
        if let pinCheck { problems += Self.pinProblems(testcase, pinCheck) }
        problems += connectionProblems(testcase, evaluation)
        problems += otherProfileProblems(testcase)
        return Report(id: testcase.id, actual: actual, evaluation: evaluation, pinCheck: pinCheck, problems: problems)
    }

    private func result(of outcome: LimboRunner.Outcome, id: String) -> LimboResult {
        switch outcome {
        case .skipped(let reason): return LimboResult(id: id, actualResult: .skipped, context: reason)
        case .rejected(let reason): return LimboResult(id: id, actualResult: .failure, context: reason)
        case .evaluated(let result, _):
            return LimboResult(id: id, actualResult: result.isTrusted ? .success : .failure,
                               context: result.isTrusted ? nil : LimboRunner.context(of: result))
        }
    }

    static func detailProblems(_ testcase: LimboTestcase, _ result: TrustEvaluationResult) -> [String] {
        var problems: [String] = []
        if let expected = testcase.expectedAppleResult, expected != result.resultType.name {
            problems.append("expected_apple_result: expected \(expected), got \(result.resultType.name)")
        }
        let status = result.error?.code ?? 0
        if let expected = testcase.expectedStatus, expected != status {
            problems.append("expected_status: expected \(expected), got \(status)")
        }
        if let expected = testcase.expectedMessage, expected != result.error?.message {
            problems.append("expected_message: expected \(quoted(expected)), got "
                + (result.error.map { quoted($0.message) } ?? "no error (trusted)"))
        }
        if let expected = testcase.expectedChain {
            let actual = result.certificates.map { hex($0.sha256) }
            if expected.map({ $0.lowercased() }) != actual {
                problems.append("expected_chain: expected \(expected), got \(actual) ("
                    + result.certificates.map { $0.subjectSummary ?? $0.subject.rfc4514 }.joined(separator: " ← ") + ")")
            }
        }
        problems += policySetProblems(testcase, result)
        if let expected = testcase.expectedFailures {
            let wanted = Set(expected.map { "[\($0.index)] \($0.check.rawValue)" })
            let got = Set(result.failures.map { "[\($0.index)] \($0.check.rawValue)" })
            if wanted != got {
                var parts: [String] = []
                let missing = wanted.subtracting(got).sorted()
                let unexpected = got.subtracting(wanted).sorted()
                if !missing.isEmpty { parts.append("missing \(missing.joined(separator: ", "))") }
                if !unexpected.isEmpty { parts.append("unexpected \(unexpected.joined(separator: ", "))") }
                problems.append("expected_failures: " + parts.joined(separator: "; "))
            }
        }
        return problems
    }

    /// The policy sets the evaluation reports that differ from the expected ones.
    static func policySetProblems(_ testcase: LimboTestcase, _ result: TrustEvaluationResult) -> [String] {
        var problems: [String] = []
        let expectations = [
            ("expected_authorities_constrained_policy_set", testcase.expectedAuthoritiesConstrainedPolicySet,
             result.policyTree?.authoritiesConstrainedPolicySet),
            ("expected_user_constrained_policy_set", testcase.expectedUserConstrainedPolicySet,
             result.policyTree?.userConstrainedPolicySet),
        ]
        for (field, expected, actual) in expectations {
            guard let expected else { continue }
            guard let actual else {
                problems.append("\(field): expected \(expected), but the profile runs no policy tree")
                continue
            }
            if expected.sorted() != actual { problems.append("\(field): expected \(expected.sorted()), got \(actual)") }
        }
        return problems
    }

    /// The pin expectations `pinCheck` does not meet. The pin verdict is checked apart from `expected_result`:
    /// a vector can be SUCCESS by default validation and still no-matching-pin.
    static func pinProblems(_ testcase: LimboTestcase, _ pinCheck: PinCheckResult) -> [String] {
        var problems: [String] = []
        if let expected = testcase.expectedPinResult, expected != pinCheck.verdict {
            problems.append("expected_pin_result: expected \(expected.rawValue), got \(pinCheck.verdict.rawValue)"
                + (pinCheck.failure.map { ": \($0)" } ?? ""))
        }
        let matches = pinCheck.matches.map(\.chainIndex)
        if let expected = testcase.expectedPinMatches, expected != matches {
            let pins = pinCheck.matches.map { "[\($0.chainIndex)] \($0.pin)" }.joined(separator: ", ")
            problems.append("expected_pin_matches: expected \(expected), got \(matches)" + (pins.isEmpty ? "" : " (\(pins))"))
        }
        return problems
    }

    /// A recording's pinning decision and connection verdict, where it states them.
    func connectionProblems(_ testcase: LimboTestcase, _ evaluation: TrustEvaluationResult) -> [String] {
        guard testcase.expectedPinningDecision != nil || testcase.expectedConnectionTrusted != nil else { return [] }
        var decision: String?
        if let expected = testcase.expectedPinningDecision {
            guard let pinningReplay else {
                return ["expected_pinning_decision: no pinning stage to replay it with (run it through trustcheck verify --replay)"]
            }
            switch pinningReplay(testcase, evaluation) {
            case .failure(let error): return ["expected_pinning_decision: the pinning cannot be applied: \(error.reason)"]
            case .success(let actual):
                decision = actual
                if actual != expected { return ["expected_pinning_decision: expected \(expected), got \(actual)"] }
            }
        }
        let trusted = evaluation.isTrusted && decision != "block"
        if let expected = testcase.expectedConnectionTrusted, expected != trusted {
            return ["expected_connection_trusted: expected \(expected), got \(trusted)"
                + (decision.map { " (pinning: \($0))" } ?? "")]
        }
        return []
    }

    private func otherProfileProblems(_ testcase: LimboTestcase) -> [String] {
        var problems: [String] = []
        for (name, expectation) in (testcase.otherProfiles ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let profile = TrustProfile(rawValue: name) else { continue }
            let actual = result(of: runner.outcome(of: testcase, profile: profile), id: testcase.id)
            if !actual.matches(expectation.expectedResult) {
                problems.append("other_profiles.\(name): expected \(expectation.expectedResult.rawValue)"
                    + (expectation.reason.map { " (\($0))" } ?? "") + ", got \(actual.actualResult.rawValue)"
                    + (actual.context.map { ": \($0)" } ?? ""))
            }
        }
        return problems
    }

    private static func quoted(_ text: String) -> String { "\"\(text)\"" }

    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        var text = ""
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return text
    }
}

extension LimboTestcase {
    /// Whether the case expects anything beyond SUCCESS/FAILURE from an evaluation.
    var expectsEvaluationDetails: Bool {
        expectedAppleResult != nil || expectedStatus != nil || expectedMessage != nil || expectedChain != nil
            || expectedFailures != nil || pins != nil || expectedPinningDecision != nil || expectedConnectionTrusted != nil
    }
}
