import AlamofireCompat
import Foundation
import Testing

// Alamofire's own ServerTrustEvaluatorTests, over its test certificates (Fixtures/alamofire, from Alamofire's
// Tests/Resources/Certificates). Its leaves expired on 2025-07-09 (expired.cer on 2015-07-13), so every trust is
// evaluated at 2020-01-01 (SecTrustSetVerifyDate), which also lets the tests upstream had to comment out run.

private enum TestCertificates {
    static let rootCA = certificate("alamofire-root-ca")
    static let intermediateCA1 = certificate("alamofire-signing-ca1")
    static let intermediateCA2 = certificate("alamofire-signing-ca2")
    static let leafWildcard = certificate("wildcard.alamofire.org")
    static let leafMultipleDNSNames = certificate("multiple-dns-names")
    static let leafSignedByCA1 = certificate("signed-by-ca1")
    static let leafDNSNameAndURI = certificate("test.alamofire.org")
    static let leafExpired = certificate("expired")
    static let leafMissingDNSNameAndURI = certificate("missing-dns-name-and-uri")
    static let leafSignedByCA2 = certificate("signed-by-ca2")
    static let leafValidDNSName = certificate("valid-dns-name")
    static let leafValidURI = certificate("valid-uri")

    static func certificate(_ name: String) -> SecCertificate {
        let data = try! Data(contentsOf: fixturesDirectory.appendingPathComponent("alamofire/\(name).cer"))
        return SecCertificateCreateWithData(nil, data as CFData)!
    }
}

private enum TestTrusts {
    static let verifyDate = Date(timeIntervalSince1970: 1_577_836_800)  // 2020-01-01

    static var leafWildcard: SecTrust { trust([TestCertificates.leafWildcard, TestCertificates.intermediateCA1, TestCertificates.rootCA]) }
    static var leafMultipleDNSNames: SecTrust {
        trust([TestCertificates.leafMultipleDNSNames, TestCertificates.intermediateCA1, TestCertificates.rootCA])
    }
    static var leafExpired: SecTrust { trust([TestCertificates.leafExpired, TestCertificates.intermediateCA2, TestCertificates.rootCA]) }
    static var leafMissingDNSNameAndURI: SecTrust {
        trust([TestCertificates.leafMissingDNSNameAndURI, TestCertificates.intermediateCA2, TestCertificates.rootCA])
    }
    static var leafValidDNSName: SecTrust { trust([TestCertificates.leafValidDNSName, TestCertificates.intermediateCA2, TestCertificates.rootCA]) }
    static var leafValidURI: SecTrust { trust([TestCertificates.leafValidURI, TestCertificates.intermediateCA2, TestCertificates.rootCA]) }
    static var leafValidDNSNameMissingIntermediate: SecTrust { trust([TestCertificates.leafValidDNSName, TestCertificates.rootCA]) }
    static var leafValidDNSNameWithIncorrectIntermediate: SecTrust {
        trust([TestCertificates.leafValidDNSName, TestCertificates.intermediateCA1, TestCertificates.rootCA])
    }

    /// A trust as Alamofire's tests make it (BasicX509), evaluated at `verifyDate`.
    static func trust(_ certificates: [SecCertificate]) -> SecTrust {
        LiveServers.installSystemAnchors()
        var trust: SecTrust?
        SecTrustCreateWithCertificates(certificates as CFTypeRef, SecPolicyCreateBasicX509(), &trust)
        SecTrustSetVerifyDate(trust!, verifyDate as CFDate)
        return trust!
    }
}

/// Alamofire's `setRootCertificateAsLoneAnchorCertificateForTrust`.
private func anchored(_ trust: SecTrust) -> SecTrust {
    SecTrustSetAnchorCertificates(trust, [TestCertificates.rootCA] as CFArray)
    SecTrustSetAnchorCertificatesOnly(trust, true)
    return trust
}

private let host = "test.alamofire.org"

@Suite("Evaluators over Alamofire's test certificates")
struct ServerTrustEvaluatorTests {
    // MARK: DefaultTrustEvaluator

    @Test func defaultEvaluatorAcceptsAnchoredChainForItsHost() throws {
        try DefaultTrustEvaluator().evaluate(anchored(TestTrusts.leafValidDNSName), forHost: host)
        try DefaultTrustEvaluator().evaluate(anchored(TestTrusts.leafWildcard), forHost: "blog.alamofire.org")
        for name in ["test.alamofire.org", "blog.alamofire.org", "www.alamofire.org"] {
            try DefaultTrustEvaluator().evaluate(anchored(TestTrusts.leafMultipleDNSNames), forHost: name)
        }
    }

    @Test func defaultEvaluatorRejectsOtherHostWithTrustEvaluationFailed() {
        let error = #expect(throws: AFError.self) {
            try DefaultTrustEvaluator().evaluate(anchored(TestTrusts.leafValidDNSName), forHost: "other.alamofire.org")
        }
        #expect(trustEvaluationStatus(error) == errSecHostNameMismatch)
        #expect(error?.isServerTrustEvaluationError == true)
    }

    @Test func defaultEvaluatorWithoutHostValidationAcceptsLeafWithoutDNSName() throws {
        try DefaultTrustEvaluator(validateHost: false).evaluate(anchored(TestTrusts.leafMissingDNSNameAndURI), forHost: host)
        #expect(throws: AFError.self) {
            try DefaultTrustEvaluator().evaluate(anchored(TestTrusts.leafMissingDNSNameAndURI), forHost: host)
        }
        // A URI name is no DNS name (testThatURICertificateFailsSSLValidation).
        #expect(throws: AFError.self) { try DefaultTrustEvaluator().evaluate(anchored(TestTrusts.leafValidURI), forHost: host) }
    }

    @Test func defaultEvaluatorRejectsNonAnchoredExpiredAndBrokenChains() {
        // The Alamofire root is in no system store.
        #expect(trustEvaluationStatus(#expect(throws: AFError.self) {
            try DefaultTrustEvaluator(validateHost: false).evaluate(TestTrusts.leafValidDNSName, forHost: host)
        }) == errSecNotTrusted)
        #expect(trustEvaluationStatus(#expect(throws: AFError.self) {
            try DefaultTrustEvaluator(validateHost: false).evaluate(anchored(TestTrusts.leafExpired), forHost: host)
        }) == errSecCertificateExpired)
        #expect(throws: AFError.self) {
            try DefaultTrustEvaluator().evaluate(anchored(TestTrusts.leafValidDNSNameMissingIntermediate), forHost: host)
        }
        #expect(throws: AFError.self) {
            try DefaultTrustEvaluator().evaluate(anchored(TestTrusts.leafValidDNSNameWithIncorrectIntermediate), forHost: host)
        }
    }

    // MARK: RevocationTrustEvaluator

    @Test func revocationEvaluatorIsBestEffortUnlessAPositiveResponseIsRequired() throws {
        try RevocationTrustEvaluator().evaluate(anchored(TestTrusts.leafValidDNSName), forHost: host)
        try CompositeTrustEvaluator(evaluators: [DefaultTrustEvaluator(), RevocationTrustEvaluator()])
            .evaluate(anchored(TestTrusts.leafValidDNSName), forHost: host)
        // No CRL or OCSP answer is fetched, so a required positive response fails.
        let error = #expect(throws: AFError.self) {
            try RevocationTrustEvaluator(options: [.ocsp, .requirePositiveResponse])
                .evaluate(anchored(TestTrusts.leafValidDNSName), forHost: host)
        }
        guard case .trustEvaluationFailed? = serverTrustReason(error) else {
            Issue.record("expected trustEvaluationFailed, got \(String(describing: error))")
            return
        }
        #expect(throws: AFError.self) {
            try CompositeTrustEvaluator(evaluators: [DefaultTrustEvaluator(), RevocationTrustEvaluator()])
                .evaluate(anchored(TestTrusts.leafExpired), forHost: host)
        }
    }

    @Test func revocationOptionsHaveApplesFlags() throws {
        #expect(RevocationTrustEvaluator.Options.ocsp.rawValue == kSecRevocationOCSPMethod)
        #expect(RevocationTrustEvaluator.Options.crl.rawValue == 2)
        #expect(RevocationTrustEvaluator.Options.preferCRL.rawValue == 4)
        #expect(RevocationTrustEvaluator.Options.requirePositiveResponse.rawValue == 8)
        #expect(RevocationTrustEvaluator.Options.networkAccessDisabled.rawValue == 16)
        #expect(RevocationTrustEvaluator.Options.any == [.ocsp, .crl])
        #expect(throws: AFError.self) { try SecPolicy.af.revocation(options: []) }
        _ = try SecPolicy.af.revocation(options: .any)
    }

    // MARK: PinnedCertificatesTrustEvaluator

    @Test func pinnedLeafIntermediateOrRootPassesWithValidation() throws {
        for pinned in [TestCertificates.leafValidDNSName, TestCertificates.intermediateCA2, TestCertificates.rootCA] {
            try PinnedCertificatesTrustEvaluator(certificates: [pinned]).evaluate(anchored(TestTrusts.leafValidDNSName), forHost: host)
        }
    }

    @Test func pinningACertificateNotInTheChainFails() {
        for pinned in [TestCertificates.leafSignedByCA2, TestCertificates.intermediateCA1] {
            let error = #expect(throws: AFError.self) {
                try PinnedCertificatesTrustEvaluator(certificates: [pinned]).evaluate(anchored(TestTrusts.leafValidDNSName), forHost: host)
            }
            guard case let .certificatePinningFailed(failedHost, _, pinnedCertificates, serverCertificates)? = serverTrustReason(error) else {
                Issue.record("expected certificatePinningFailed, got \(String(describing: error))")
                continue
            }
            #expect(failedHost == host)
            #expect(pinnedCertificates == [pinned])
            #expect(serverCertificates == [TestCertificates.leafValidDNSName, TestCertificates.intermediateCA2, TestCertificates.rootCA])
            #expect(error?.localizedDescription
                == "Server trust evaluation failed due to reason: Certificate pinning failed for host test.alamofire.org.")
        }
    }

    @Test func pinningWithValidationStillRejectsAnExpiredLeaf() {
        #expect(throws: AFError.self) {
            try PinnedCertificatesTrustEvaluator(certificates: [TestCertificates.leafExpired]).evaluate(anchored(TestTrusts.leafExpired), forHost: host)
        }
        // Host validation implies chain validation (validateHost without performDefaultValidation).
        #expect(throws: AFError.self) {
            try PinnedCertificatesTrustEvaluator(certificates: [TestCertificates.rootCA], performDefaultValidation: false)
                .evaluate(anchored(TestTrusts.leafExpired), forHost: host)
        }
    }

    @Test func pinningWithoutValidationChecksOnlyThePin() throws {
        for pinned in [TestCertificates.leafExpired, TestCertificates.intermediateCA2, TestCertificates.rootCA] {
            try PinnedCertificatesTrustEvaluator(certificates: [pinned], performDefaultValidation: false, validateHost: false)
                .evaluate(anchored(TestTrusts.leafExpired), forHost: host)
        }
        try PinnedCertificatesTrustEvaluator(certificates: [TestCertificates.leafSignedByCA1, TestCertificates.intermediateCA1,
                                                             TestCertificates.leafValidDNSName],
                                             performDefaultValidation: false, validateHost: false)
            .evaluate(anchored(TestTrusts.leafValidDNSName), forHost: host)
        #expect(throws: AFError.self) {
            try PinnedCertificatesTrustEvaluator(certificates: [TestCertificates.leafSignedByCA2], performDefaultValidation: false,
                                                 validateHost: false)
                .evaluate(anchored(TestTrusts.leafValidDNSName), forHost: host)
        }
    }

    @Test func acceptSelfSignedCertificatesMakesThePinsTheOnlyAnchors() throws {
        // Not anchored: the Alamofire root is in no store, but pinning it as an anchor makes the chain valid.
        try PinnedCertificatesTrustEvaluator(certificates: [TestCertificates.rootCA], acceptSelfSignedCertificates: true)
            .evaluate(TestTrusts.leafValidDNSName, forHost: host)
        let trust = TestTrusts.leafValidDNSName
        #expect(throws: AFError.self) { try DefaultTrustEvaluator().evaluate(trust, forHost: host) }
    }

    @Test func noPinnedCertificatesFails() {
        let error = #expect(throws: AFError.self) {
            try PinnedCertificatesTrustEvaluator(certificates: []).evaluate(anchored(TestTrusts.leafValidDNSName), forHost: host)
        }
        guard case .noCertificatesFound? = serverTrustReason(error) else {
            Issue.record("expected noCertificatesFound, got \(String(describing: error))")
            return
        }
        #expect(error?.errorDescription == "Server trust evaluation failed due to reason: No certificates were found or provided for evaluation.")
    }

    // MARK: PublicKeysTrustEvaluator

    @Test func pinnedKeyOfAnyChainCertificatePasses() throws {
        for certificate in [TestCertificates.leafValidDNSName, TestCertificates.intermediateCA2, TestCertificates.rootCA] {
            let key = try #require(certificate.af.publicKey)
            try PublicKeysTrustEvaluator(keys: [key]).evaluate(anchored(TestTrusts.leafValidDNSName), forHost: host)
        }
        // A backup key beside one that matches.
        let keys = [TestCertificates.leafSignedByCA2, TestCertificates.leafValidDNSName].af.publicKeys
        #expect(keys.count == 2)
        try PublicKeysTrustEvaluator(keys: keys).evaluate(anchored(TestTrusts.leafValidDNSName), forHost: host)
    }

    @Test func pinningAKeyNotInTheChainFails() throws {
        let key = try #require(TestCertificates.leafSignedByCA2.af.publicKey)
        let error = #expect(throws: AFError.self) {
            try PublicKeysTrustEvaluator(keys: [key]).evaluate(anchored(TestTrusts.leafValidDNSName), forHost: host)
        }
        guard case let .publicKeyPinningFailed(failedHost, _, pinnedKeys, serverKeys)? = serverTrustReason(error) else {
            Issue.record("expected publicKeyPinningFailed, got \(String(describing: error))")
            return
        }
        #expect(failedHost == host)
        #expect(pinnedKeys == [key])
        #expect(serverKeys.count == 3)
        #expect(error?.localizedDescription == "Server trust evaluation failed due to reason: Public key pinning failed for host test.alamofire.org.")
    }

    @Test func keyPinningWithoutValidationComparesTheBuiltChain() throws {
        let leafKey = try #require(TestCertificates.leafValidDNSName.af.publicKey)
        let rootKey = try #require(TestCertificates.rootCA.af.publicKey)
        let unvalidated = { (keys: [SecKey]) in PublicKeysTrustEvaluator(keys: keys, performDefaultValidation: false, validateHost: false) }
        try unvalidated([leafKey]).evaluate(anchored(TestTrusts.leafValidDNSNameMissingIntermediate), forHost: host)
        try unvalidated([leafKey]).evaluate(anchored(TestTrusts.leafValidDNSNameWithIncorrectIntermediate), forHost: host)
        try unvalidated([rootKey]).evaluate(anchored(TestTrusts.leafExpired), forHost: host)
        // The root was sent but cannot be linked without CA2: it is not in the built chain, so its pin fails.
        #expect(throws: AFError.self) {
            try unvalidated([rootKey]).evaluate(anchored(TestTrusts.leafValidDNSNameMissingIntermediate), forHost: host)
        }
    }

    @Test func noPinnedKeysFails() {
        let error = #expect(throws: AFError.self) {
            try PublicKeysTrustEvaluator(keys: []).evaluate(anchored(TestTrusts.leafValidDNSName), forHost: host)
        }
        guard case .noPublicKeysFound? = serverTrustReason(error) else {
            Issue.record("expected noPublicKeysFound, got \(String(describing: error))")
            return
        }
    }

    // MARK: Composite and Disabled

    @Test func compositeRunsEveryEvaluatorAndStopsAtTheFirstFailure() throws {
        let pinnedRoot = PinnedCertificatesTrustEvaluator(certificates: [TestCertificates.rootCA])
        try CompositeTrustEvaluator(evaluators: [DefaultTrustEvaluator(), pinnedRoot]).evaluate(anchored(TestTrusts.leafValidDNSName), forHost: host)
        let failing = CompositeTrustEvaluator(evaluators: [
            DisabledTrustEvaluator(), PinnedCertificatesTrustEvaluator(certificates: [TestCertificates.intermediateCA1]),
            PublicKeysTrustEvaluator(keys: []),
        ])
        let error = #expect(throws: AFError.self) { try failing.evaluate(anchored(TestTrusts.leafValidDNSName), forHost: host) }
        guard case .certificatePinningFailed? = serverTrustReason(error) else {
            Issue.record("expected the pinning failure first, got \(String(describing: error))")
            return
        }
        let evaluators: [any ServerTrustEvaluating] = [DefaultTrustEvaluator(), PublicKeysTrustEvaluator(keys: [])]
        #expect(throws: AFError.self) { try evaluators.evaluate(anchored(TestTrusts.leafValidDNSName), forHost: host) }
    }

    @Test func disabledEvaluatorAcceptsAnything() throws {
        try DisabledTrustEvaluator().evaluate(TestTrusts.leafExpired, forHost: "anything.example")
        try DisabledTrustEvaluator().evaluate(TestTrusts.leafValidDNSNameMissingIntermediate, forHost: host)
    }

    // MARK: SecTrust extensions

    @Test func trustExtensionsReportTheChain() throws {
        let trust = anchored(TestTrusts.leafValidDNSName)
        #expect(trust.af.certificates == [TestCertificates.leafValidDNSName, TestCertificates.intermediateCA2, TestCertificates.rootCA])
        #expect(trust.af.certificateData == trust.af.certificates.map { SecCertificateCopyData($0) as Data })
        #expect(trust.af.publicKeys == trust.af.certificates.af.publicKeys)
        #expect(trust.af.publicKeys.count == 3)
        try trust.af.performDefaultValidation(forHost: "not.the.host")
        try trust.af.performValidation(forHost: host)
        #expect(throws: AFError.self) { try trust.af.performValidation(forHost: "not.the.host") }
        try trust.af.evaluate(afterApplying: SecPolicy.af.default)
        try trust.af.evaluate(afterApplying: SecPolicy.af.hostname(host))
        #expect(OSStatus(errSecSuccess).af.isSuccess)
        #expect(SecTrustResultType.unspecified.af.isSuccess && SecTrustResultType.proceed.af.isSuccess)
        #expect(!SecTrustResultType.recoverableTrustFailure.af.isSuccess)
    }

    @available(*, deprecated)
    @Test func preIOS12ValidationGivesTheErrorProducersError() throws {
        let trust = anchored(TestTrusts.leafValidDNSName)
        try trust.af.validate(policy: SecPolicy.af.hostname(host)) { _, _ in AFError.explicitlyCancelled }
        struct Failed: Error {
            let status: OSStatus
            let result: SecTrustResultType
        }
        let error = #expect(throws: Failed.self) {
            try trust.af.validate(policy: SecPolicy.af.hostname("other.alamofire.org")) { status, result in
                Failed(status: status, result: result)
            }
        }
        #expect(error?.status == errSecSuccess)
        #expect(error?.result == .recoverableTrustFailure)
    }

    // MARK: Bundle

    @Test func bundleCertificatesAreTheDERFilesAtTheTopLevel() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let manager = FileManager.default
        for folder in ["alamofire", "selfSignedAndMalformedCerts"] {
            for name in try manager.contentsOfDirectory(atPath: fixturesDirectory.appendingPathComponent(folder).path) {
                try manager.copyItem(at: fixturesDirectory.appendingPathComponent("\(folder)/\(name)"),
                                     to: directory.appendingPathComponent(name))
            }
        }
        // Upper-case extensions count too; .pem files and subdirectories are not read.
        try manager.copyItem(at: directory.appendingPathComponent("expired.cer"), to: directory.appendingPathComponent("EXPIRED-COPY.CER"))
        try manager.createDirectory(at: directory.appendingPathComponent("nested"), withIntermediateDirectories: false)
        try manager.copyItem(at: directory.appendingPathComponent("expired.cer"), to: directory.appendingPathComponent("nested/nested.cer"))
        let pem = try String(contentsOf: directory.appendingPathComponent("certPEM.cer"), encoding: .utf8)
        try pem.write(to: directory.appendingPathComponent("cert.pem"), atomically: false, encoding: .utf8)

        let bundle = try #require(Bundle(path: directory.path))
        #expect(bundle.af.paths(forResourcesOfTypes: [".cer", ".CER"]).count == 12 + 2 + 1)
        // 12 Alamofire certificates, certDER.{cer,crt,der}, EXPIRED-COPY.CER; not certPEM.*, keyDER.der, randomGibberish.crt.
        let certificates = bundle.af.certificates
        #expect(certificates.count == 16)
        #expect(Set(certificates).contains(TestCertificates.rootCA))
        #expect(bundle.af.publicKeys.count == 16)
    }
}

@Suite("ServerTrustManager")
struct ServerTrustManagerTests {
    @Test func evaluatorsAreFoundByExactHost() throws {
        let manager = ServerTrustManager(evaluators: ["test.alamofire.org": DefaultTrustEvaluator()])
        #expect(manager.allHostsMustBeEvaluated)
        #expect(try manager.serverTrustEvaluator(forHost: "test.alamofire.org") is DefaultTrustEvaluator)
        for other in ["Test.alamofire.org", "alamofire.org", "www.test.alamofire.org"] {
            let error = #expect(throws: AFError.self) { try manager.serverTrustEvaluator(forHost: other) }
            guard case let .noRequiredEvaluator(host)? = serverTrustReason(error) else {
                Issue.record("expected noRequiredEvaluator, got \(String(describing: error))")
                continue
            }
            #expect(host == other)
            #expect(error?.localizedDescription == "Server trust evaluation failed due to reason: "
                + "A ServerTrustEvaluating value is required for host \(other) but none was found.")
        }
        let lenient = ServerTrustManager(allHostsMustBeEvaluated: false, evaluators: ["test.alamofire.org": DisabledTrustEvaluator()])
        #expect(try lenient.serverTrustEvaluator(forHost: "other.example") == nil)
    }

    @Test func staticEvaluatorShorthandsBuildTheEvaluators() throws {
        let root = TestCertificates.rootCA
        let manager = ServerTrustManager(evaluators: [
            "a": .pinnedCertificates(certificates: [root]),
            "b": .publicKeys(keys: [root.af.publicKey!]),
            "c": .revocationChecking,
            "d": .composite(evaluators: [DefaultTrustEvaluator(), DisabledTrustEvaluator()]),
        ])
        #expect(try manager.serverTrustEvaluator(forHost: "a") is PinnedCertificatesTrustEvaluator)
        #expect(try manager.serverTrustEvaluator(forHost: "b") is PublicKeysTrustEvaluator)
        #expect(try manager.serverTrustEvaluator(forHost: "c") is RevocationTrustEvaluator)
        #expect(try manager.serverTrustEvaluator(forHost: "d") is CompositeTrustEvaluator)
    }
}
