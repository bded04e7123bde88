import FoundationEssentials
import TrustCertificates
import TrustEvaluation

/// Runs PKITS cases through the engine as a user would with
/// `trustcheck verify EE --anchors TrustAnchorRootCertificate.crt --profile rfc5280 --policy basic --crl ...`:
///
/// - anchors: only the trust anchor (TrustAnchorRootCertificate.crt); intermediates: the case's
///   `other_certs` and `path_intermediates`, unordered;
/// - the rfc5280 profile's basic X.509 policy (no host, no EKU), the case's `params` as the policy tree's
///   inputs (`TrustPolicy.certificatePolicies`); with `acceptsNonCriticalConstraints` (the default) the
///   §6.1 answers where the profile keeps x509-limbo's (`--accept-noncritical-policy-constraints`,
///   `--accept-noncritical-basic-constraints`): PKITS tests §6.1, which does not check the criticality
///   §4.2.1.9 and §4.2.1.11 ask of CAs (PKITS 4.6.4, and the non-critical policyConstraints of 4.8-4.12);
/// - the case's CRLs and the anchor's CRL; revocation required where the case checks it (or, with
///   `forcedRevocation`, everywhere);
/// - at `verificationTime` (pyhanko's runner: 2022-05-01).
///
/// A file that does not load fails the case closed, with the file and problem as the reason.
public struct PKITSRunner: Sendable {
    /// pyhanko-certvalidator's runner freezes time at 2022-05-01 (tests/test_validate.py, test_nist_pkits).
    public static let defaultVerificationTime = Date(timeIntervalSince1970: 1_651_363_200)

    public var suite: PKITSSuite
    public var verificationTime: Date
    public var budget: SearchBudget
    /// Give §6.1's answer for a CA's non-critical basicConstraints and policyConstraints (PKITS's
    /// expectation) rather than the rfc5280 profile's default (x509-limbo's refusal).
    public var acceptsNonCriticalConstraints: Bool
    /// The revocation policy of every case; nil: each case's own (`revocation(for:)`). `.require`
    /// (`trustcheck pkits --revocation require`) holds every certificate below the anchor to a
    /// revocation answer, the cases that pyhanko runs without one included.
    public var forcedRevocation: RevocationPolicy?

    public init(suite: PKITSSuite, verificationTime: Date = PKITSRunner.defaultVerificationTime,
                budget: SearchBudget = .default, acceptsNonCriticalConstraints: Bool = true,
                forcedRevocation: RevocationPolicy? = nil)
    {
        self.suite = suite
        self.acceptsNonCriticalConstraints = acceptsNonCriticalConstraints
        self.verificationTime = verificationTime
        self.budget = budget
        self.forcedRevocation = forcedRevocation
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
    public func policy(for testcase: PKITSTestcase) -> TrustPolicy {
        TrustPolicy(kind: .basicX509, profile: .rfc5280,
                    certificatePolicies: testcase.parameters?.inputs ?? CertificatePolicyInputs(),
                    acceptsNonCriticalPolicyConstraints: acceptsNonCriticalConstraints,
                    acceptsNonCriticalBasicConstraints: acceptsNonCriticalConstraints)
    }

    /// `require` where the case checks revocation (pyhanko's "require"); otherwise soft-fail, under which
    /// the CRLs given are still used (pyhanko's "hard-fail" without fetching: a listed certificate is
    /// revoked, a missing answer costs nothing).
    public static func revocation(for testcase: PKITSTestcase) -> RevocationPolicy {
        testcase.checksRevocation ? .require : .soft
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
        let evaluator = TrustEvaluator(anchors: anchors, policies: [policy(for: testcase)], budget: budget,
                                       crls: crls, revocation: forcedRevocation ?? Self.revocation(for: testcase))
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
