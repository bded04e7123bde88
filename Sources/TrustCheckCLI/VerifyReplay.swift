import FoundationEssentials
import Pinning
import TrustCertificates
import TrustConformance
import TrustEvaluation

/// `trustcheck verify --replay VECTOR`: decides a recorded vector (`trustcheck connect --record`) again,
/// offline, with verify's evaluation, pinning stage and report, and says whether the verdict is the one
/// recorded. The vector's inputs are read by the vector runner's own reader (`LimboRunner.prepare`), so a
/// replay through the CLI and through the runner cannot read a vector differently.
enum VerifyReplay {
    /// Options that would change what the vector says; a replay takes none of them.
    static let conflictingOptions = ["--anchors", "--host", "--at", "--system-anchors", "--system-store", "--policy",
                                     "--profile", "--crl", "--ocsp", "--pin", "--pin-config", "--report-only"]
        + VerifyCommand.policyInputOptions

    static func run(_ path: String, _ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        if !arguments.positionals.isEmpty {
            return VerifyCommand.usageError(UsageError(.conflictingOptions, "--replay takes its chain from the vector, not CHAIN"), io: io)
        }
        if let option = conflictingOptions.first(where: { arguments.has($0) || !arguments.allValues($0).isEmpty }) {
            return VerifyCommand.usageError(UsageError(.conflictingOptions,
                "--replay takes its anchors, host, time, staples and pinning from the vector, not \(option)"), io: io)
        }
        let name = path == "-" ? StandardInput.name : path
        let testcase: LimboTestcase
        do {
            let suite = try LimboSuite.decode(Data(try io.bytes(of: path)), source: name)
            guard suite.testcases.count == 1 else {
                io.report([InputFailure(code: "replay.testcases", path: name,
                                        message: "holds \(suite.testcases.count) testcases; --replay takes one (a recording)",
                                        line: "\(name): holds \(suite.testcases.count) testcases; --replay takes one (a recording)")])
                return .usageOrInputError
            }
            testcase = suite.testcases[0]
        } catch let error as CertificateLoadError {
            io.inputErrors([error])
            return .usageOrInputError
        } catch let error as LimboError {
            io.report([InputFailure(code: error.code, path: name, message: error.description, line: error.description)])
            return .usageOrInputError
        } catch {
            io.report([InputFailure(code: "replay.unreadable", path: name, message: "\(error)", line: "\(name): \(error)")])
            return .usageOrInputError
        }
        let prepared: LimboRunner.Evaluation
        switch LimboRunner(concurrency: 1).prepare(testcase) {
        case .success(let evaluation): prepared = evaluation
        case .failure(let error):
            io.report([InputFailure(code: error.code, path: name, message: error.reason, line: "\(name): \(testcase.id): \(error.reason)")])
            return .usageOrInputError
        }
        let pinning: PinningOptions?
        switch replayedPinning(testcase) {
        case .success(let stage): pinning = stage
        case .failure(let failure):
            io.report([failure])
            return .usageOrInputError
        }
        // The revocation policy is the one the runner evaluates the vector under (its `revocation` field),
        // so the report says the mode actually used; revocation lines show when the vector has something
        // to check revocation with or sets a mode, as verify's --crl, --ocsp and --revocation do.
        let settings = VerifyCommand.Settings(
            host: testcase.expectedPeerName?.value, time: prepared.time, basicPolicy: testcase.policy == .basic,
            profile: prepared.profile, revocation: prepared.evaluator.revocation,
            showsRevocation: !testcase.crls.isEmpty || !testcase.ocspResponses.isEmpty || testcase.revocation != nil)
        let ocsp = testcase.ocspResponses.enumerated().map { index, der in
            OCSPInput(path: "\(name) ocsp_responses[\(index)]",
                      response: Result { () throws(OCSPParseError) in try OCSPResponse(der: der) })
        }
        let recorded = testcase.expectedConnectionTrusted ?? (testcase.expectedResult == .success)
        let evaluation = VerifyCommand.Evaluation(
            evaluator: prepared.evaluator, leaf: prepared.leaf, intermediates: prepared.intermediates, settings: settings,
            crlCount: testcase.crls.count, ocsp: ocsp, pinning: pinning)
        let verdict = evaluation.run(arguments, io: io) { verdict in
            let json: [(String, JSONValue)] = [("replay", .object([
                ("vector", .string(name)), ("id", .string(testcase.id)), ("recorded_trusted", .bool(recorded)),
                ("trusted", .bool(verdict.isTrusted)), ("same_verdict", .bool(verdict.isTrusted == recorded)),
            ]))]
            let text = "replay \(TerminalText.escaped(testcase.id)): recorded " + (recorded ? "trusted" : "not trusted")
                + ", now " + (verdict.isTrusted ? "trusted" : "not trusted")
                + (verdict.isTrusted == recorded ? " (same verdict)" : " (DIFFERENT verdict)") + "\n"
            return (json, text)
        }
        if verdict.isTrusted != recorded {
            io.error("\(name): the replay of \(testcase.id) is " + (verdict.isTrusted ? "trusted" : "not trusted")
                + ", the recording was " + (recorded ? "trusted" : "not trusted"))
            return .notTrusted
        }
        return verdict.isTrusted ? .success : .notTrusted
    }

    /// The vector's pinning as verify's pinning stage: its `pins`, or its embedded `pin_configuration` read
    /// as `--pin-config` reads a file; `pinning_report_only` as `--report-only`. Nil without pinning.
    static func replayedPinning(_ testcase: LimboTestcase) -> Result<PinningOptions?, InputFailure> {
        let reportOnly = testcase.pinningReportOnly ?? false
        if let pins = testcase.pins { return .success(PinningOptions(policy: .pins(pins, reportOnly: reportOnly))) }
        guard let configuration = testcase.pinConfiguration else { return .success(nil) }
        return PinningOptions.configuration(configuration.data, name: configuration.name, reportOnly: reportOnly, warn: { _ in })
            .map { $0 }
    }

    /// A vector runner that decides `expected_pinning_decision` with verify's pinning stage (the one a
    /// recording used), for replaying recorded vectors with their pinning.
    static func vectorRunner() -> VectorRunner {
        VectorRunner(pinningReplay: { testcase, evaluation in
            switch replayedPinning(testcase) {
            case .failure(let failure): return .failure(LimboInputError(failure.line))
            case .success(nil): return .failure(LimboInputError("the vector has no pins or pin_configuration"))
            case .success(let stage?):
                // A vector holds pins or a configuration file, never an evaluator of its own, so the presented
                // certificates and anchors (which only an evaluator reads) are not needed again.
                return .success(stage.policy.apply(to: evaluation, presented: evaluation.certificates, anchors: TrustAnchors(),
                                                   host: testcase.expectedPeerName?.value ?? "").decision.rawValue)
            }
        })
    }
}
