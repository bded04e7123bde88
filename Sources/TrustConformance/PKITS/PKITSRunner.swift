import Foundation
import TrustCertificates
import TrustEvaluation

/// Runs PKITS cases through the engine as a user would with
/// `trustcheck verify EE --anchors TrustAnchorRootCertificate.crt --profile rfc5280 --policy basic --crl ...`:
///
/// - anchors: only the trust anchor (TrustAnchorRootCertificate.crt); intermediates: the case's
///   `other_certs` and `path_intermediates`, unordered;
/// - the rfc5280 profile's basic X.509 policy (no host, no EKU), the case's `params` as the policy tree's
///   inputs (`TrustPolicy.certificatePolicies`);
/// - the case's CRLs and the anchor's CRL; revocation required where the case checks it;
/// - at `verificationTime` (pyhanko's runner: 2022-05-01).
///
/// A file that does not load fails the case closed, with the file and problem as the reason.
public struct PKITSRunner: Sendable {
    /// pyhanko-certvalidator's runner freezes time at 2022-05-01 (tests/test_validate.py, test_nist_pkits).
    public static let defaultVerificationTime = Date(timeIntervalSince1970: 1_651_363_200)

    public var suite: PKITSSuite
    public var verificationTime: Date
    public var budget: SearchBudget

    public init(suite: PKITSSuite, verificationTime: Date = PKITSRunner.defaultVerificationTime,
                budget: SearchBudget = .default)
    {
        self.suite = suite
        self.verificationTime = verificationTime
        self.budget = budget
    }

    /// Everything needed to evaluate one case.
    public struct Evaluation: Sendable {
        public let evaluator: TrustEvaluator
        public let leaf: Certificate
        public let intermediates: [Certificate]
        public let time: Date

        public func run() -> TrustEvaluationResult {
            evaluator.evaluate(leaf: leaf, intermediates: intermediates, at: time)
        }
    }

    /// The policy a case is evaluated under: rfc5280's basic X.509 policy with the case's policy inputs.
    public static func policy(for testcase: PKITSTestcase) -> TrustPolicy {
        TrustPolicy(kind: .basicX509, profile: .rfc5280,
                    certificatePolicies: testcase.parameters?.inputs ?? CertificatePolicyInputs())
    }

    /// Loads a case's files into an evaluation.
    public func prepare(_ testcase: PKITSTestcase) throws(CertificateLoadError) -> Evaluation {
        let anchor = try certificate(PKITSSuite.trustAnchorFile)
        let leaf = try certificate(testcase.cert)
        var intermediates: [Certificate] = []
        var seen = Set<String>()
        for file in testcase.otherCerts + testcase.pathIntermediates where seen.insert(file).inserted {
            intermediates.append(try certificate(file))
        }
        var crls: [CertificateRevocationList] = []
        for file in [PKITSSuite.trustAnchorCRLFile] + testcase.crls {
            crls += try CRLLoader.load(path: try path(of: file, in: suite.crlPath))
        }
        let anchors = TrustAnchors.only(CertificateStore([anchor]))
        let evaluator = TrustEvaluator(anchors: anchors, policies: [Self.policy(for: testcase)], budget: budget,
                                       crls: crls)
        return Evaluation(evaluator: evaluator, leaf: leaf, intermediates: intermediates, time: verificationTime)
    }

    /// Evaluates one case.
    public func run(_ testcase: PKITSTestcase) -> PKITSResult {
        let expectedChecks = testcase.error?.checks
        let evaluation: Evaluation
        do { evaluation = try prepare(testcase) } catch {
            return PKITSResult(result: LimboResult(id: testcase.id, actualResult: .failure, context: error.description),
                               expected: testcase.expectedResult, failedChecks: [], expectedChecks: expectedChecks)
        }
        let outcome = evaluation.run()
        let context = outcome.isTrusted ? nil : LimboRunner.context(of: outcome)
        return PKITSResult(
            result: LimboResult(id: testcase.id, actualResult: outcome.isTrusted ? .success : .failure, context: context),
            expected: testcase.expectedResult, failedChecks: outcome.failures.map(\.check),
            expectedChecks: expectedChecks)
    }

    /// Evaluates every case, in order.
    public func run() -> [PKITSResult] { suite.testcases.map(run) }

    private func certificate(_ file: String) throws(CertificateLoadError) -> Certificate {
        let path = try path(of: file, in: suite.certificatePath)
        let certificates = try CertificateLoader.load(path: path)
        guard certificates.count == 1 else {
            throw CertificateLoadError(path: path, kind: .unreadable,
                                       problem: "holds \(certificates.count) certificates, not one")
        }
        return certificates[0]
    }

    /// A file name of the suite, which must stay inside its folder.
    private func path(of file: String, in folder: (String) -> String) throws(CertificateLoadError) -> String {
        guard !file.isEmpty, !file.contains("/"), file != ".", file != ".." else {
            throw CertificateLoadError(path: folder(file), kind: .unreadable,
                                       problem: "a PKITS file name must be a plain name inside the suite's folder")
        }
        return folder(file)
    }
}
