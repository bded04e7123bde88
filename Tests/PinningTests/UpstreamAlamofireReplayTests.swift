import Foundation
import Pinning
import SecTrustCompat
import Testing
import TrustCertificates
import TrustEvaluation

/// Alamofire's own server-trust tests (Tests/ServerTrustEvaluatorTests.swift, 83 tests), replayed on
/// Alamofire's own certificates (Tests/Resources/Certificates) through TrustCheck: the same certificates in the
/// same order, the same anchors, host and evaluator, and the same expected outcome.
///
/// Every test of the file is here, the 29 that upstream keeps commented out included: they were disabled
/// because the leaf certificates expired on 2025-07-09, not because the behaviour changed. Everything is
/// therefore replayed at 2020-01-01T00:00:00Z, inside the validity of every certificate of the suite (leaves
/// 2015-07-12 … 2025-07-09, signing CAs … 2030, root … 2035) except `expired.cer` (valid for one day,
/// 2015-07-12/13), which stays expired as the tests intend. At that date the disabled tests run as they did
/// when they were enabled, and the failing ones fail for the reason their names give rather than because
/// everything has expired.
///
/// Alamofire asserts only pass or fail (and once, that the error is a server-trust error). The replay also
/// checks *why* a failure failed, with the error Apple gives for it, so that a failure for the wrong reason
/// does not count as a match.
///
/// A trust created without anchors trusts the system store, as upstream's SecTrust does: the Alamofire root
/// is in no store, so those chains are untrusted. `setRootCertificateAsLoneAnchorCertificateForTrust` is
/// `setAnchorCertificates([root])` (anchors only).
///
/// Not replayed, and why:
/// * StaticServerTrustAccessorTests (3 tests: `.revocationChecking()`, `.pinnedCertificates()`, `.publicKeys()`
///   as `any ServerTrustEvaluating`): they only check that the static factories compile, and those default to
///   `Bundle.main`'s certificates. TrustCheck's evaluators take their certificates (and CRLs) explicitly and
///   have no main bundle, so there is no such factory to call.
/// * Tests/TLSEvaluationTests.swift, which uses the expired-badssl-com certificates: it requests
///   https://expired.badssl.com/ and judges the chain that live server sends, which is no longer the saved
///   one (and whose outcome for the root pins depends on the device's store). TrustCheck's tests use no network.
@Suite(.enabled(if: UpstreamCertificates.isAvailable(UpstreamCertificates.alamofire),
                UpstreamCertificates.skipReason(UpstreamCertificates.alamofire)))
struct UpstreamAlamofireReplayTests {
    static let repository = UpstreamCertificates.alamofire
    static let directory = "Tests/Resources/Certificates"
    static let date = UpstreamCertificates.date("2020-01-01T00:00:00Z")
    static let host = "test.alamofire.org"

    /// `TestCertificates`: one file of alamofire-org/ each.
    static func certificate(_ name: String) throws -> Certificate {
        try UpstreamCertificates.certificate(repository, "\(directory)/alamofire-org/\(name).cer")
    }

    static let root = "alamofire-root-ca"
    static let ca1 = "alamofire-signing-ca1"
    static let ca2 = "alamofire-signing-ca2"

    /// `TestTrusts`: the certificates each trust is created with, leaf first, as upstream lists them.
    enum Chain: String, Sendable {
        case leafWildcard, leafMultipleDNSNames, leafSignedByCA1, leafDNSNameAndURI
        case leafExpired, leafMissingDNSNameAndURI, leafSignedByCA2, leafValidDNSName, leafValidURI
        case leafValidDNSNameMissingIntermediate, leafValidDNSNameWithIncorrectIntermediate
        /// `trustWithCertificates([leafValidDNSName, intermediateCA2])`, the non-anchored-root tests' trust.
        case leafValidDNSNameWithoutRoot

        var files: [String] {
            switch self {
            case .leafWildcard: return ["wildcard.alamofire.org", ca1, root]
            case .leafMultipleDNSNames: return ["multiple-dns-names", ca1, root]
            case .leafSignedByCA1: return ["signed-by-ca1", ca1, root]
            case .leafDNSNameAndURI: return ["test.alamofire.org", ca1, root]
            case .leafExpired: return ["expired", ca2, root]
            case .leafMissingDNSNameAndURI: return ["missing-dns-name-and-uri", ca2, root]
            case .leafSignedByCA2: return ["signed-by-ca2", ca2, root]
            case .leafValidDNSName: return ["valid-dns-name", ca2, root]
            case .leafValidURI: return ["valid-uri", ca2, root]
            case .leafValidDNSNameMissingIntermediate: return ["valid-dns-name", root]
            case .leafValidDNSNameWithIncorrectIntermediate: return ["valid-dns-name", ca1, root]
            case .leafValidDNSNameWithoutRoot: return ["valid-dns-name", ca2]
            }
        }
    }

    /// The evaluator a test builds, with its arguments (certificate file names for the pins).
    indirect enum Evaluator: Sendable {
        case defaultEvaluator(validateHost: Bool)
        /// TrustCheck's evaluator needs its CRLs: none here. Alamofire's certificates carry no CRL or OCSP
        /// address, so Apple has no answer either and, without requirePositiveResponse, does not fail for it.
        case revocation(validateHost: Bool)
        case pinnedCertificates([String], acceptSelfSigned: Bool = false, performDefaultValidation: Bool = true,
                                validateHost: Bool = true)
        case publicKeys([String], performDefaultValidation: Bool = true, validateHost: Bool = true)
        case disabled
        case composite([Evaluator])

        func make() throws -> any ServerTrustEvaluating {
            switch self {
            case .defaultEvaluator(let validateHost):
                return DefaultTrustEvaluator(validateHost: validateHost)
            case .revocation(let validateHost):
                return RevocationTrustEvaluator(crls: .empty, validateHost: validateHost)
            case .pinnedCertificates(let names, let acceptSelfSigned, let performDefaultValidation, let validateHost):
                return PinnedCertificatesTrustEvaluator(certificates: try names.map(certificate), acceptSelfSignedCertificates: acceptSelfSigned,
                                                        performDefaultValidation: performDefaultValidation, validateHost: validateHost)
            case .publicKeys(let names, let performDefaultValidation, let validateHost):
                // `[SecCertificate].af.publicKeys`.
                return PublicKeysTrustEvaluator(keys: try names.map { try certificate($0).publicKey },
                                                performDefaultValidation: performDefaultValidation, validateHost: validateHost)
            case .disabled:
                return DisabledTrustEvaluator()
            case .composite(let evaluators):
                return CompositeTrustEvaluator(evaluators: try evaluators.map { try $0.make() })
            }
        }
    }

    /// Why an evaluation must fail: not asserted upstream, but what Apple reports for it.
    enum Failure: Sendable, Equatable {
        /// A SecTrust evaluation failed with this OSStatus.
        case evaluation(Int32)
        /// A SecTrust evaluation failed because the chain reaches no anchor: errSecCreateChainFailed when an
        /// issuer is missing, errSecNotTrusted when the chain ends at a root that is not an anchor.
        case untrustedChain
        /// The evaluator threw this reason (ServerTrustError's case name).
        case reason(String)

        static let expired = Failure.evaluation(OSStatusCode.errSecCertificateExpired)
        static let hostname = Failure.evaluation(OSStatusCode.errSecHostNameMismatch)
        static let certificatePinning = Failure.reason("certificatePinningFailed")
        static let publicKeyPinning = Failure.reason("publicKeyPinningFailed")

        func matches(_ error: ServerTrustError) -> Bool {
            switch self {
            case .evaluation(let status):
                return error.code == "trustEvaluationFailed" && error.status == status
            case .untrustedChain:
                return error.code == "trustEvaluationFailed"
                    && [OSStatusCode.errSecCreateChainFailed, OSStatusCode.errSecNotTrusted].contains(error.status)
            case .reason(let code):
                return error.code == code
            }
        }
    }

    /// One upstream test: its class and name, whether upstream has it commented out, the trust, whether the
    /// root is set as lone anchor, the evaluator, and the outcome (nil: passes).
    struct Expectation: Sendable, CustomTestStringConvertible {
        let testCase: String
        let name: String
        let commentedOut: Bool
        let chain: Chain
        let loneRootAnchor: Bool
        let evaluator: Evaluator
        let failure: Failure?

        var testDescription: String { "\(testCase).\(name)\(commentedOut ? " (commented out upstream)" : "")" }
    }

    /// The evaluator test cases, in upstream's order.
    static let evaluatorExpectations: [Expectation] = {
        var all: [Expectation] = []
        func add(_ testCase: String, _ name: String, commentedOut: Bool = false, _ chain: Chain, anchored: Bool,
                 _ evaluator: Evaluator, fails failure: Failure? = nil)
        {
            all.append(Expectation(testCase: testCase, name: name, commentedOut: commentedOut, chain: chain, loneRootAnchor: anchored,
                                   evaluator: evaluator, failure: failure))
        }

        var c = "ServerTrustPolicyPerformDefaultEvaluationTestCase"
        add(c, "testThatValidCertificateChainPassesEvaluationWithoutHostValidation", commentedOut: true, .leafValidDNSName, anchored: true,
            .defaultEvaluator(validateHost: false))
        add(c, "testThatNonAnchoredRootCertificateChainFailsEvaluationWithoutHostValidation", .leafValidDNSNameWithoutRoot, anchored: false,
            .defaultEvaluator(validateHost: false), fails: .untrustedChain)
        add(c, "testThatMissingDNSNameLeafCertificatePassesEvaluationWithoutHostValidation", commentedOut: true, .leafMissingDNSNameAndURI,
            anchored: true, .defaultEvaluator(validateHost: false))
        add(c, "testThatExpiredCertificateChainFailsEvaluationWithoutHostValidation", .leafExpired, anchored: true,
            .defaultEvaluator(validateHost: false), fails: .expired)
        add(c, "testThatMissingIntermediateCertificateInChainFailsEvaluationWithoutHostValidation", .leafValidDNSNameMissingIntermediate,
            anchored: true, .defaultEvaluator(validateHost: false), fails: .untrustedChain)
        add(c, "testThatValidCertificateChainPassesEvaluationWithHostValidation", commentedOut: true, .leafValidDNSName, anchored: true,
            .defaultEvaluator(validateHost: true))
        add(c, "testThatNonAnchoredRootCertificateChainFailsEvaluationWithHostValidation", .leafValidDNSNameWithoutRoot, anchored: false,
            .defaultEvaluator(validateHost: true), fails: .untrustedChain)
        add(c, "testThatMissingDNSNameLeafCertificateFailsEvaluationWithHostValidation", .leafMissingDNSNameAndURI, anchored: true,
            .defaultEvaluator(validateHost: true), fails: .hostname)
        add(c, "testThatWildcardedLeafCertificateChainPassesEvaluationWithHostValidation", commentedOut: true, .leafWildcard, anchored: true,
            .defaultEvaluator(validateHost: true))
        add(c, "testThatExpiredCertificateChainFailsEvaluationWithHostValidation", .leafExpired, anchored: true,
            .defaultEvaluator(validateHost: true), fails: .expired)
        // Despite its name, upstream builds this one with validateHost: false; it also asserts that the error
        // is a server-trust error, which every ServerTrustError is.
        add(c, "testThatMissingIntermediateCertificateInChainFailsEvaluationWithHostValidation", .leafValidDNSNameMissingIntermediate,
            anchored: true, .defaultEvaluator(validateHost: false), fails: .untrustedChain)

        c = "ServerTrustPolicyPerformRevokedEvaluationTestCase"
        add(c, "testThatValidCertificateChainPassesEvaluationWithoutHostValidation", commentedOut: true, .leafValidDNSName, anchored: true,
            .revocation(validateHost: false))
        add(c, "testThatNonAnchoredRootCertificateChainFailsEvaluationWithoutHostValidation", .leafValidDNSNameWithoutRoot, anchored: false,
            .revocation(validateHost: false), fails: .untrustedChain)
        add(c, "testThatMissingDNSNameLeafCertificatePassesEvaluationWithoutHostValidation", commentedOut: true, .leafMissingDNSNameAndURI,
            anchored: true, .revocation(validateHost: false))
        add(c, "testThatExpiredCertificateChainFailsEvaluationWithoutHostValidation", .leafExpired, anchored: true,
            .revocation(validateHost: false), fails: .expired)
        add(c, "testThatMissingIntermediateCertificateInChainFailsEvaluationWithoutHostValidation", .leafValidDNSNameMissingIntermediate,
            anchored: true, .revocation(validateHost: false), fails: .untrustedChain)
        add(c, "testThatValidCertificateChainPassesEvaluationWithHostValidation", commentedOut: true, .leafValidDNSName, anchored: true,
            .revocation(validateHost: true))
        add(c, "testThatNonAnchoredRootCertificateChainFailsEvaluationWithHostValidation", .leafValidDNSNameWithoutRoot, anchored: false,
            .revocation(validateHost: true), fails: .untrustedChain)
        add(c, "testThatMissingDNSNameLeafCertificateFailsEvaluationWithHostValidation", .leafMissingDNSNameAndURI, anchored: true,
            .revocation(validateHost: true), fails: .hostname)
        add(c, "testThatWildcardedLeafCertificateChainPassesEvaluationWithHostValidation", commentedOut: true, .leafWildcard, anchored: true,
            .revocation(validateHost: true))
        add(c, "testThatExpiredCertificateChainFailsEvaluationWithHostValidation", .leafExpired, anchored: true,
            .revocation(validateHost: true), fails: .expired)
        add(c, "testThatMissingIntermediateCertificateInChainFailsEvaluationWithHostValidation", .leafValidDNSNameMissingIntermediate,
            anchored: true, .revocation(validateHost: true), fails: .untrustedChain)

        // None of these trusts has the root as anchor: with default validation on they fail on the chain
        // before any pin is compared, whatever the test's name says about the pin.
        c = "ServerTrustPolicyPinCertificatesTestCase"
        let leaf = "valid-dns-name", signedByCA2 = "signed-by-ca2", expired = "expired"
        add(c, "testThatPinnedLeafCertificatePassesEvaluationWithoutHostValidation", .leafValidDNSName, anchored: false,
            .pinnedCertificates([leaf], performDefaultValidation: false, validateHost: false))
        add(c, "testThatPinnedIntermediateCertificatePassesEvaluationWithoutHostValidation", .leafValidDNSName, anchored: false,
            .pinnedCertificates([ca2], performDefaultValidation: false, validateHost: false))
        add(c, "testThatPinnedRootCertificatePassesEvaluationWithoutHostValidation", .leafValidDNSName, anchored: false,
            .pinnedCertificates([root], performDefaultValidation: false, validateHost: false))
        add(c, "testThatPinningLeafCertificateNotInCertificateChainFailsEvaluationWithoutHostValidation", .leafValidDNSName, anchored: false,
            .pinnedCertificates([signedByCA2], performDefaultValidation: true, validateHost: false), fails: .untrustedChain)
        add(c, "testThatPinningIntermediateCertificateNotInCertificateChainFailsEvaluationWithoutHostValidation", .leafValidDNSName,
            anchored: false, .pinnedCertificates([ca1], validateHost: false), fails: .untrustedChain)
        // Expired and untrusted at once: Apple reports the untrusted root, its Trust subtype ranking before
        // Expired for the top-level error.
        add(c, "testThatPinningExpiredLeafCertificateFailsEvaluationWithoutHostValidation", .leafExpired, anchored: false,
            .pinnedCertificates([expired], validateHost: false), fails: .untrustedChain)
        add(c, "testThatPinningIntermediateCertificateWithExpiredLeafCertificateFailsEvaluationWithoutHostValidation", .leafExpired,
            anchored: false, .pinnedCertificates([ca2], validateHost: false), fails: .untrustedChain)
        add(c, "testThatPinnedLeafCertificatePassesEvaluationWithSelfSignedSupportAndHostValidation", commentedOut: true, .leafValidDNSName,
            anchored: false, .pinnedCertificates([leaf], acceptSelfSigned: true))
        add(c, "testThatPinnedIntermediateCertificatePassesEvaluationWithSelfSignedSupportAndHostValidation", commentedOut: true,
            .leafValidDNSName, anchored: false, .pinnedCertificates([ca2], acceptSelfSigned: true))
        add(c, "testThatPinnedRootCertificatePassesEvaluationWithSelfSignedSupportAndHostValidation", commentedOut: true, .leafValidDNSName,
            anchored: false, .pinnedCertificates([root], acceptSelfSigned: true))
        add(c, "testThatPinningLeafCertificateNotInCertificateChainFailsEvaluationWithHostValidation", .leafValidDNSName, anchored: false,
            .pinnedCertificates([signedByCA2], performDefaultValidation: true, validateHost: true), fails: .untrustedChain)
        add(c, "testThatPinningIntermediateCertificateNotInCertificateChainFailsEvaluationWithHostValidation", .leafValidDNSName,
            anchored: false, .pinnedCertificates([ca1]), fails: .untrustedChain)
        add(c, "testThatPinningExpiredLeafCertificateFailsEvaluationWithHostValidation", .leafExpired, anchored: false,
            .pinnedCertificates([expired]), fails: .untrustedChain)
        add(c, "testThatPinningIntermediateCertificateWithExpiredLeafCertificateFailsEvaluationWithHostValidation", .leafExpired,
            anchored: false, .pinnedCertificates([ca2]), fails: .untrustedChain)
        add(c, "testThatPinnedLeafCertificateWithoutCertificateChainValidationPassesEvaluation", .leafValidDNSName, anchored: false,
            .pinnedCertificates([leaf], performDefaultValidation: false, validateHost: false))
        add(c, "testThatPinnedIntermediateCertificateWithoutCertificateChainValidationPassesEvaluation", .leafValidDNSName, anchored: false,
            .pinnedCertificates([ca2], performDefaultValidation: false, validateHost: false))
        add(c, "testThatPinnedRootCertificateWithoutCertificateChainValidationPassesEvaluation", .leafValidDNSName, anchored: false,
            .pinnedCertificates([root], performDefaultValidation: false, validateHost: false))
        add(c, "testThatPinningLeafCertificateNotInCertificateChainWithoutCertificateChainValidationFailsEvaluation", .leafValidDNSName,
            anchored: false, .pinnedCertificates([signedByCA2], performDefaultValidation: false, validateHost: false),
            fails: .certificatePinning)
        add(c, "testThatPinningIntermediateCertificateNotInCertificateChainWithoutCertificateChainValidationFailsEvaluation",
            .leafValidDNSName, anchored: false, .pinnedCertificates([ca1], performDefaultValidation: false, validateHost: false),
            fails: .certificatePinning)
        add(c, "testThatPinningExpiredLeafCertificateWithoutCertificateChainValidationPassesEvaluation", .leafExpired, anchored: false,
            .pinnedCertificates([expired], performDefaultValidation: false, validateHost: false))
        add(c, "testThatPinningIntermediateCertificateWithExpiredLeafCertificateWithoutCertificateChainValidationPassesEvaluation",
            .leafExpired, anchored: false, .pinnedCertificates([ca2], performDefaultValidation: false, validateHost: false))
        add(c, "testThatPinningRootCertificateWithExpiredLeafCertificateWithoutCertificateChainValidationPassesEvaluation", .leafExpired,
            anchored: false, .pinnedCertificates([root], performDefaultValidation: false, validateHost: false))
        add(c, "testThatPinningMultipleCertificatesWithoutCertificateChainValidationPassesEvaluation", .leafExpired, anchored: false,
            .pinnedCertificates(["multiple-dns-names", "signed-by-ca1", expired, "wildcard.alamofire.org", "test.alamofire.org"],
                                performDefaultValidation: false, validateHost: false))

        c = "ServerTrustPolicyPinPublicKeysTestCase"
        let backup = ["signed-by-ca1", ca1, leaf]
        add(c, "testThatPinningLeafKeyPassesEvaluationWithoutHostValidation", commentedOut: true, .leafValidDNSName, anchored: true,
            .publicKeys([leaf], validateHost: false))
        add(c, "testThatPinningIntermediateKeyPassesEvaluationWithoutHostValidation", commentedOut: true, .leafValidDNSName, anchored: true,
            .publicKeys([ca2], validateHost: false))
        add(c, "testThatPinningRootKeyPassesEvaluationWithoutHostValidation", commentedOut: true, .leafValidDNSName, anchored: true,
            .publicKeys([root], validateHost: false))
        add(c, "testThatPinningKeyNotInCertificateChainFailsEvaluationWithoutHostValidation", .leafValidDNSName, anchored: true,
            .publicKeys([signedByCA2], validateHost: false), fails: .publicKeyPinning)
        add(c, "testThatPinningBackupKeyPassesEvaluationWithoutHostValidation", commentedOut: true, .leafValidDNSName, anchored: true,
            .publicKeys(backup, validateHost: false))
        add(c, "testThatPinningLeafKeyPassesEvaluationWithHostValidation", commentedOut: true, .leafValidDNSName, anchored: true,
            .publicKeys([leaf]))
        add(c, "testThatPinningIntermediateKeyPassesEvaluationWithHostValidation", commentedOut: true, .leafValidDNSName, anchored: true,
            .publicKeys([ca2]))
        add(c, "testThatPinningRootKeyPassesEvaluationWithHostValidation", commentedOut: true, .leafValidDNSName, anchored: true,
            .publicKeys([root]))
        add(c, "testThatPinningKeyNotInCertificateChainFailsEvaluationWithHostValidation", .leafValidDNSName, anchored: true,
            .publicKeys([signedByCA2]), fails: .publicKeyPinning)
        add(c, "testThatPinningBackupKeyPassesEvaluationWithHostValidation", commentedOut: true, .leafValidDNSName, anchored: true,
            .publicKeys(backup))
        add(c, "testThatPinningLeafKeyWithoutCertificateChainValidationPassesEvaluationWithMissingIntermediateCertificate",
            .leafValidDNSNameMissingIntermediate, anchored: true, .publicKeys([leaf], performDefaultValidation: false, validateHost: false))
        // The root was sent, but cannot be linked without CA2, so it is not on the built chain.
        add(c, "testThatPinningRootKeyWithoutCertificateChainValidationFailsEvaluationWithMissingIntermediateCertificate",
            .leafValidDNSNameMissingIntermediate, anchored: true, .publicKeys([root], performDefaultValidation: false, validateHost: false),
            fails: .publicKeyPinning)
        add(c, "testThatPinningLeafKeyWithoutCertificateChainValidationPassesEvaluationWithIncorrectIntermediateCertificate",
            .leafValidDNSNameWithIncorrectIntermediate, anchored: true,
            .publicKeys([leaf], performDefaultValidation: false, validateHost: false))
        add(c, "testThatPinningLeafKeyWithoutCertificateChainValidationPassesEvaluationWithExpiredLeafCertificate", .leafExpired,
            anchored: true, .publicKeys([expired], performDefaultValidation: false, validateHost: false))
        add(c, "testThatPinningIntermediateKeyWithoutCertificateChainValidationPassesEvaluationWithExpiredLeafCertificate", .leafExpired,
            anchored: true, .publicKeys([ca2], performDefaultValidation: false, validateHost: false))
        add(c, "testThatPinningRootKeyWithoutCertificateChainValidationPassesEvaluationWithExpiredLeafCertificate", .leafExpired,
            anchored: true, .publicKeys([root], performDefaultValidation: false, validateHost: false))

        c = "ServerTrustPolicyDisableEvaluationTestCase"
        add(c, "testThatCertificateChainMissingIntermediateCertificatePassesEvaluation", .leafValidDNSNameMissingIntermediate,
            anchored: false, .disabled)
        add(c, "testThatExpiredLeafCertificatePassesEvaluation", .leafExpired, anchored: false, .disabled)

        c = "ServerTrustPolicyCompositeTestCase"
        let defaultAndRevocation = Evaluator.composite([.defaultEvaluator(validateHost: false), .revocation(validateHost: false)])
        add(c, "testThatValidCertificateChainPassesDefaultAndRevocationCompositeChecks", commentedOut: true, .leafValidDNSName,
            anchored: true, defaultAndRevocation)
        add(c, "testThatNonAnchoredRootCertificateChainFailsEvaluationWithoutHostValidation", .leafValidDNSNameWithoutRoot,
            anchored: false, defaultAndRevocation, fails: .untrustedChain)
        add(c, "testThatExpiredLeafCertificateFailsDefaultAndRevocationComposite", .leafExpired, anchored: true, defaultAndRevocation,
            fails: .expired)
        return all
    }()

    @Test(arguments: evaluatorExpectations)
    func evaluator(_ expectation: Expectation) throws {
        let certificates = try expectation.chain.files.map(Self.certificate)
        var trust = ServerTrust(leaf: certificates[0], intermediates: Array(certificates.dropFirst()))
        if expectation.loneRootAnchor { trust.setAnchorCertificates([try Self.certificate(Self.root)]) }
        let evaluator = try expectation.evaluator.make()
        do {
            try evaluator.evaluate(trust, forHost: Self.host, at: Self.date)
            #expect(expectation.failure == nil, "upstream expects this evaluation to fail (\(String(describing: expectation.failure)))")
        } catch {
            guard let failure = expectation.failure else {
                Issue.record("upstream expects this evaluation to pass; TrustCheck threw \(error)")
                return
            }
            #expect(failure.matches(error), "failed, as upstream expects, but with \(error) rather than \(failure)")
        }
    }

    /// The exploration tests call SecTrust directly: created with BasicX509, the root as lone anchor, then
    /// `SecTrustSetPolicies` and `SecTrustEvaluateWithError` (upstream's `isValid`).
    struct SecTrustExpectation: Sendable, CustomTestStringConvertible {
        let testCase: String
        let name: String
        let commentedOut: Bool
        /// Certificate files, leaf first.
        let files: [String]
        /// nil: BasicX509; otherwise one SSL policy per entry, with that hostname (a nil entry: no hostname).
        let sslHosts: [String?]?
        /// nil: trusted; otherwise the OSStatus Apple fails with.
        let status: Int32?

        var testDescription: String { "\(testCase).\(name)\(commentedOut ? " (commented out upstream)" : "")" }
    }

    static let secTrustExpectations: [SecTrustExpectation] = {
        let basic = "ServerTrustPolicyExplorationBasicX509PolicyValidationTestCase"
        let ssl = "ServerTrustPolicyExplorationSSLPolicyValidationTestCase"
        let dnsNameAndURI = Chain.leafDNSNameAndURI.files
        let expired = OSStatusCode.errSecCertificateExpired, mismatch = OSStatusCode.errSecHostNameMismatch
        return [
            SecTrustExpectation(testCase: basic, name: "testThatAnchoredRootCertificatePassesBasicX509ValidationWithRootInTrust",
                                commentedOut: true, files: dnsNameAndURI, sslHosts: nil, status: nil),
            SecTrustExpectation(testCase: basic, name: "testThatAnchoredRootCertificatePassesBasicX509ValidationWithoutRootInTrust",
                                commentedOut: true, files: dnsNameAndURI, sslHosts: nil, status: nil),
            SecTrustExpectation(testCase: basic, name: "testThatCertificateMissingDNSNamePassesBasicX509Validation",
                                commentedOut: true, files: Chain.leafMissingDNSNameAndURI.files, sslHosts: nil, status: nil),
            SecTrustExpectation(testCase: basic, name: "testThatExpiredCertificateFailsBasicX509Validation",
                                commentedOut: false, files: Chain.leafExpired.files, sslHosts: nil, status: expired),
            SecTrustExpectation(testCase: ssl, name: "testThatAnchoredRootCertificatePassesSSLValidationWithRootInTrust",
                                commentedOut: true, files: dnsNameAndURI, sslHosts: [host], status: nil),
            SecTrustExpectation(testCase: ssl, name: "testThatAnchoredRootCertificatePassesSSLValidationWithoutRootInTrust",
                                commentedOut: true, files: dnsNameAndURI, sslHosts: [host], status: nil),
            SecTrustExpectation(testCase: ssl, name: "testThatCertificateMissingDNSNameFailsSSLValidation",
                                commentedOut: false, files: Chain.leafMissingDNSNameAndURI.files, sslHosts: [host], status: mismatch),
            SecTrustExpectation(testCase: ssl, name: "testThatWildcardCertificatePassesSSLValidation",
                                commentedOut: true, files: Chain.leafWildcard.files, sslHosts: [host], status: nil),
            SecTrustExpectation(testCase: ssl, name: "testThatDNSNameCertificatePassesSSLValidation",
                                commentedOut: true, files: Chain.leafValidDNSName.files, sslHosts: [host], status: nil),
            // A URI subjectAltName is not a DNS name: the SSL policy does not match it.
            SecTrustExpectation(testCase: ssl, name: "testThatURICertificateFailsSSLValidation",
                                commentedOut: false, files: Chain.leafValidURI.files, sslHosts: [host], status: mismatch),
            SecTrustExpectation(testCase: ssl, name: "testThatMultipleDNSNamesCertificatePassesSSLValidationForAllEntries",
                                commentedOut: true, files: Chain.leafMultipleDNSNames.files,
                                sslHosts: [host, "blog.alamofire.org", "www.alamofire.org"], status: nil),
            SecTrustExpectation(testCase: ssl, name: "testThatPassingNilForHostParameterAllowsCertificateMissingDNSNameToPassSSLValidation",
                                commentedOut: true, files: Chain.leafMissingDNSNameAndURI.files, sslHosts: [nil], status: nil),
            SecTrustExpectation(testCase: ssl, name: "testThatExpiredCertificateFailsSSLValidation",
                                commentedOut: false, files: Chain.leafExpired.files, sslHosts: [host], status: expired),
        ]
    }()

    @Test(arguments: secTrustExpectations)
    func secTrust(_ expectation: SecTrustExpectation) throws {
        let certificates = try expectation.files.map { SecCertificate(certificate: try Self.certificate($0)) }
        var created: SecTrust?
        #expect(SecTrustCreateWithCertificates(certificates as CFArray, SecPolicyCreateBasicX509(), &created) == errSecSuccess)
        let trust = try #require(created)
        SecTrustSetAnchorCertificates(trust, [SecCertificate(certificate: try Self.certificate(Self.root))] as CFArray)
        SecTrustSetAnchorCertificatesOnly(trust, true)
        if let hosts = expectation.sslHosts {
            SecTrustSetPolicies(trust, hosts.map { SecPolicyCreateSSL(true, $0) } as CFArray)
        } else {
            SecTrustSetPolicies(trust, [SecPolicyCreateBasicX509()] as CFArray)
        }
        SecTrustSetVerifyDate(trust, Self.date as CFDate)
        var error: CFError?
        let trusted = SecTrustEvaluateWithError(trust, &error)
        if let status = expectation.status {
            #expect(!trusted, "upstream expects the trust not to be valid")
            #expect(error.map { Int32($0.code) } == status, "Apple fails it with \(status); TrustCheck: \(String(describing: error))")
        } else {
            #expect(trusted, "upstream expects the trust to be valid; TrustCheck: \(String(describing: error))")
        }
    }

    /// ServerTrustPolicyCertificatesInBundleTestCase.testOnlyValidCertificatesAreDetected: `Bundle.test.af.certificates`
    /// finds 19 certificates among the bundle's 23 certificate-named files (iOS, and macOS since 10.12). The
    /// bundle holds the resource files flat; the three certDER copies are one certificate in three files and
    /// count three times, since Alamofire deduplicates paths, not certificates.
    @Test func onlyValidCertificatesAreDetected() throws {
        let bundle = try UpstreamCertificates.flattenedBundle(
            Self.repository, directories: ["alamofire-org", "expired-badssl-com", "selfSignedAndMalformedCerts"].map { "\(Self.directory)/\($0)" })
        defer { try? FileManager.default.removeItem(atPath: bundle) }
        let directory = try CertificateDirectory(path: bundle)
        #expect(directory.certificates.count == 19)
        #expect(Set(directory.skippedFiles.keys) == ["certPEM.cer", "certPEM.crt", "keyDER.der", "randomGibberish.crt"])
    }

    /// Why the tests had to be commented out upstream: once the leaves expired (2025-07-09) each of those
    /// expectations of success fails, on the expiry. Checked at 2025-12-01, for the evaluator tests.
    @Test func theDisabledExpectationsFailOnceTheLeavesExpired() throws {
        let afterExpiry = UpstreamCertificates.date("2025-12-01T00:00:00Z")
        for expectation in Self.evaluatorExpectations where expectation.commentedOut {
            let certificates = try expectation.chain.files.map(Self.certificate)
            var trust = ServerTrust(leaf: certificates[0], intermediates: Array(certificates.dropFirst()))
            if expectation.loneRootAnchor { trust.setAnchorCertificates([try Self.certificate(Self.root)]) }
            let evaluator = try expectation.evaluator.make()
            do {
                try evaluator.evaluate(trust, forHost: Self.host, at: afterExpiry)
                Issue.record("\(expectation.name) passes after the expiry")
            } catch {
                #expect(Failure.expired.matches(error), "\(expectation.name): \(error)")
            }
        }
    }
}
