import Foundation
import Pinning
import Testing
import TrustCertificates
import TrustEvaluation

/// TrustKit's own tests that use its certificate files, replayed through TrustCheck's TrustKit validator:
/// TrustKitTests/TSKPinningValidatorTests.m (16 tests) and the key-extraction tests of
/// TSKPublicKeyAlgorithmTests.m (5 of its 7).
///
/// Each validator test builds its SecTrust with `TSKCertificateUtils`: the listed certificates under
/// `SecPolicyCreateSSL(true, NULL)`, `SecTrustSetAnchorCertificates` with the listed anchors (only those are
/// trusted), and a verification date of 2016-01-22 (CFAbsoluteTime 475163640), chosen upstream so that the
/// certificates need not be renewed; the replay uses the same date, for the evaluation and for the pins'
/// expiration dates (TrustKit compares those with the wall clock, which upstream's 2015-01-01 expiry has passed
/// either way). Each configuration is upstream's, checked by TrustCheck's parser. Where a test asserts both
/// `verifyPublicKeyPin()`'s result and the validator's, TrustCheck has one evaluation, whose
/// `evaluationResult` stands for both (it is what the validator's callback receives too).
///
/// Not replayed, and why:
/// * testVerifyAgainstAnyPublicKey's SPKI cache assertions (the cache is empty before, and persisted to the
///   file system after): TrustCheck computes the hashes at parse time and keeps no SPKI cache.
/// * The handleChallenge tests assert URLSession dispositions. TrustCheck's validator has no challenge API,
///   so the three whose disposition follows from the decision are replayed by the decision
///   (DomainNotPinned → PerformDefaultHandling, Block → Cancel, Allow → UseCredential with the challenge's
///   credential); testHandleChallengeCompletionHandlerNotServerTrustAuthenticationMethod (an NTLM challenge
///   is not handled) has no counterpart: TrustCheck is only ever given server certificates.
/// * TSKPublicKeyAlgorithmTests' two SPKI cache thread-safety tests: no cache, as above.
@Suite(.enabled(if: UpstreamCertificates.isAvailable(UpstreamCertificates.trustKit),
                UpstreamCertificates.skipReason(UpstreamCertificates.trustKit)))
struct UpstreamTrustKitReplayTests {
    static let repository = UpstreamCertificates.trustKit
    /// `SecTrustSetVerifyDate(trust, 475163640.0)`.
    static let date = Date(timeIntervalSinceReferenceDate: 475_163_640)

    /// `createCertificateFromDer:`, by the name upstream gives (the bundle holds the files flat).
    static let files = [
        "GoodRootCA": "Certificates/RSA_4096/GoodRootCA.der",
        "www.good.com": "Certificates/RSA_4096/www.good.com.der",
        "www.good.com.selfsigned": "Certificates/RSA_4096/www.good.com.selfsigned.der",
        "GlobalSignRootCA": "Certificates/RSA_2048/GlobalSignRootCA.der",
        "www.globalsign.com": "Certificates/RSA_2048/www.globalsign.com.der",
        "Corporation Service Company RSA OV SSL CA": "Corporation Service Company RSA OV SSL CA.der",
        "www.cloudflare.com": "Certificates/ECDSA_sec256r1/www.cloudflare.com.der",
        "GeoTrust_Primary_CA_G2_ECC": "Certificates/ECDSA_sec384r1/GeoTrust_Primary_CA_G2_ECC.der",
    ]

    static func certificate(_ name: String) throws -> Certificate {
        try UpstreamCertificates.certificate(repository, "TrustKitTests/" + files[name]!)
    }

    // The pins upstream's configurations use, with upstream's comments.
    static let leafKey = "TwyNzy19zZi7cKfPsucs1E+h8ODOCPMrT8681sFWJvw="
    static let caKey = "S5z3Fz5ZfZAGJOBZjK6TYBquyLLKO+BndKXBlL3nPjo="
    /// Labelled "CA key" upstream, but GoodRootCA's key is `caKey`: the tests using it fail or are not pinned
    /// before any pin is compared, so it makes no difference there.
    static let otherCAKey = "iQMk4onrJJz/nwW1wCUR0Ycsh3omhbM+PqMEwNof/K0="
    /// Labelled "Globalsign CA" upstream (GlobalSignRootCA's SPKI hash is K87oWBWM9UZfyddvDfoxL+8lpNyoUB2ptGtn0fv6G2Q=).
    static let injectedCAKey = "cGuxAXyFXFkWm61cF4HPWX8S0srS9j0aSqN0k4AP+4A="
    static let fakeKeyA = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
    static let fakeKeyB = "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB="

    typealias Key = TrustKitConfigurationKey

    /// One pinned domain's entry of a configuration.
    static func domain(_ hashes: [String], enforce: Bool? = nil, expires: String? = nil) -> [String: Any] {
        var policy: [String: Any] = [Key.publicKeyHashes.rawValue: hashes]
        if let enforce { policy[Key.enforcePinning.rawValue] = enforce }
        if let expires { policy[Key.expirationDate.rawValue] = expires }
        return policy
    }

    static func validator(_ pinnedDomains: [String: [String: Any]]) throws -> TrustKitPinningValidator {
        let configuration: [String: Any] = [Key.swizzleNetworkDelegates.rawValue: false, Key.pinnedDomains.rawValue: pinnedDomains]
        return TrustKitPinningValidator(configuration: try TrustKitConfiguration(dictionary: configuration, registry: PinningFixtures.registry))
    }

    /// `createTrustWithCertificates:…anchorCertificates:` then `evaluateTrust:forHostname:`.
    static func validate(_ validator: TrustKitPinningValidator, hostname: String, chain: [String] = ["www.good.com"],
                         anchors: [String] = ["GoodRootCA"]) throws -> TrustKitValidation
    {
        let certificates = try chain.map(certificate)
        let evaluator = TrustEvaluator(anchors: TrustAnchors(custom: CertificateStore(try anchors.map(certificate))),
                                       policies: [.ssl(hostname: nil)])
        return validator.evaluate(hostname: hostname, leaf: certificates[0], intermediates: Array(certificates.dropFirst()),
                                  evaluator: evaluator, at: date)
    }

    /// What the validation callback receives, and the decision returned: upstream's assertions.
    static func expect(_ validation: TrustKitValidation, _ result: TrustKitEvaluationResult, _ decision: TrustKitDecision,
                       chain: [String], notedHostname: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    {
        #expect(validation.evaluationResult == result, sourceLocation: sourceLocation)
        #expect(validation.decision == decision, sourceLocation: sourceLocation)
        // `convertTrustToPemArray(trust)`: the evaluated chain.
        #expect(validation.certificateChain == (try chain.map(certificate)),
                "chain: \(validation.certificateChain.map(\.subjectSummary))", sourceLocation: sourceLocation)
        #expect(validation.notedHostname == notedHostname, sourceLocation: sourceLocation)
    }

    @Test func testVerifyAgainstAnyPublicKey() throws {
        let validator = try Self.validator(["www.good.com": Self.domain([Self.leafKey, Self.caKey])])
        let validation = try Self.validate(validator, hostname: "www.good.com")
        try Self.expect(validation, .success, .shouldAllowConnection, chain: ["www.good.com", "GoodRootCA"], notedHostname: "www.good.com")
    }

    @Test func testVerifyAgainstCAPublicKey() throws {
        let validator = try Self.validator(["www.good.com": Self.domain([Self.caKey, Self.fakeKeyA])])
        let validation = try Self.validate(validator, hostname: "www.good.com")
        try Self.expect(validation, .success, .shouldAllowConnection, chain: ["www.good.com", "GoodRootCA"], notedHostname: "www.good.com")
        #expect(validation.matchedPin?.pin.base64 == Self.caKey)
    }

    @Test func testVerifyAgainstLeafPublicKey() throws {
        let validator = try Self.validator(["www.good.com": Self.domain([Self.leafKey, Self.fakeKeyA])])
        let validation = try Self.validate(validator, hostname: "www.good.com")
        try Self.expect(validation, .success, .shouldAllowConnection, chain: ["www.good.com", "GoodRootCA"], notedHostname: "www.good.com")
        #expect(validation.matchedPin?.pin.base64 == Self.leafKey)
    }

    @Test func testVerifyAgainstBadPublicKey() throws {
        let validator = try Self.validator(["www.good.com": Self.domain([Self.fakeKeyA, Self.fakeKeyB])])
        let validation = try Self.validate(validator, hostname: "www.good.com")
        try Self.expect(validation, .failedNoMatchingPin, .shouldBlockConnection, chain: ["www.good.com", "GoodRootCA"],
                        notedHostname: "www.good.com")
    }

    @Test func testVerifyAgainstBadPublicKeyPinsExpired() throws {
        let validator = try Self.validator(["www.good.com": Self.domain([Self.fakeKeyA, Self.fakeKeyB], enforce: true, expires: "2015-01-01")])
        let validation = try Self.validate(validator, hostname: "www.good.com")
        #expect(validation.decision == .domainIsNotPinned)
        #expect(validation.notPinnedReason == .expired)
        // The callback must not be invoked: nothing was evaluated, nothing is reported.
        #expect(validation.evaluationResult == nil && validation.evaluation == nil && !validation.shouldSendReport)
    }

    @Test func testVerifyAgainstBadPublicKeyPinningNotEnforced() throws {
        let validator = try Self.validator(["www.good.com": Self.domain([Self.fakeKeyA, Self.fakeKeyB], enforce: false)])
        let validation = try Self.validate(validator, hostname: "www.good.com")
        try Self.expect(validation, .failedNoMatchingPin, .shouldAllowConnection, chain: ["www.good.com", "GoodRootCA"],
                        notedHostname: "www.good.com")
    }

    @Test func testVerifyAgainstLeafPublicKeyAndBadPublicKey() throws {
        let validator = try Self.validator(["www.good.com": Self.domain([Self.fakeKeyA, Self.leafKey])])
        let validation = try Self.validate(validator, hostname: "www.good.com")
        try Self.expect(validation, .success, .shouldAllowConnection, chain: ["www.good.com", "GoodRootCA"], notedHostname: "www.good.com")
    }

    @Test func testVerifyAgainstCaPublicKeyAndBadCertificateChain() throws {
        // A self-signed leaf, not an anchor: blocked even though pinning is not enforced.
        let validator = try Self.validator(["www.good.com": Self.domain([Self.otherCAKey, Self.fakeKeyA], enforce: false)])
        let validation = try Self.validate(validator, hostname: "www.good.com", chain: ["www.good.com.selfsigned"])
        try Self.expect(validation, .failedInvalidCertificateChain, .shouldBlockConnection, chain: ["www.good.com.selfsigned"],
                        notedHostname: "www.good.com")
    }

    @Test func testVerifyAgainstCaPublicKeyAndBadHostname() throws {
        let validator = try Self.validator(["www.bad.com": Self.domain([Self.otherCAKey, Self.fakeKeyA])])
        let validation = try Self.validate(validator, hostname: "www.bad.com")
        try Self.expect(validation, .failedInvalidCertificateChain, .shouldBlockConnection, chain: ["www.good.com", "GoodRootCA"],
                        notedHostname: "www.bad.com")
        #expect(validation.evaluation?.error?.code == OSStatusCode.errSecHostNameMismatch)
    }

    @Test func testVerifyAgainstInjectedCaPublicKey() throws {
        // GlobalSign's root is sent after the leaf but is not on the path to GoodRootCA.
        let validator = try Self.validator(["www.good.com": Self.domain([Self.injectedCAKey, Self.fakeKeyA])])
        let validation = try Self.validate(validator, hostname: "www.good.com", chain: ["www.good.com", "GlobalSignRootCA"])
        try Self.expect(validation, .failedNoMatchingPin, .shouldBlockConnection, chain: ["www.good.com", "GoodRootCA"],
                        notedHostname: "www.good.com")

        // The same with GlobalSign's real SPKI hash (upstream's pin is another value): still no match.
        let realPin = try Self.validator(["www.good.com": Self.domain(["K87oWBWM9UZfyddvDfoxL+8lpNyoUB2ptGtn0fv6G2Q=", Self.fakeKeyA])])
        #expect(try Self.validate(realPin, hostname: "www.good.com", chain: ["www.good.com", "GlobalSignRootCA"]).evaluationResult
            == .failedNoMatchingPin)
    }

    @Test func testDomainNotPinned() throws {
        let validator = try Self.validator(["www.good.com": Self.domain([Self.otherCAKey, Self.fakeKeyA])])
        let validation = try Self.validate(validator, hostname: "www.nonpinned.com")
        #expect(validation.decision == .domainIsNotPinned)
        #expect(validation.evaluationResult == nil)
    }

    /// The disposition is PerformDefaultHandling, which is what DomainNotPinned maps to.
    @Test func testHandleChallengeCompletionHandlerDomainNotPinned() throws {
        let validator = try Self.validator(["www.good.com": Self.domain([Self.otherCAKey, Self.fakeKeyA])])
        #expect(try Self.validate(validator, hostname: "www.nonpinned.com").decision == .domainIsNotPinned)
    }

    /// The disposition is CancelAuthenticationChallenge: the decision is Block.
    @Test func testHandleChallengeCompletionHandlerPinningFailed() throws {
        let validator = try Self.validator(["www.good.com": Self.domain([Self.fakeKeyA, Self.fakeKeyB], enforce: true)])
        #expect(try Self.validate(validator, hostname: "www.good.com").decision == .shouldBlockConnection)
    }

    /// The disposition is UseCredential: the decision is Allow.
    @Test func testHandleChallengeCompletionHandlerPinningSuccessful() throws {
        let validator = try Self.validator(["www.good.com": Self.domain([Self.leafKey, Self.fakeKeyB])])
        #expect(try Self.validate(validator, hostname: "www.good.com").decision == .shouldAllowConnection)
    }

    @Test func testExcludedSubdomain() throws {
        var parent = Self.domain([Self.otherCAKey, Self.fakeKeyB])
        parent[Key.includeSubdomains.rawValue] = true
        let validator = try Self.validator(["good.com": parent,
                                            "unsecured.good.com": [Key.excludeSubdomainFromParentPolicy.rawValue: true]])
        let validation = try Self.validate(validator, hostname: "unsecured.good.com")
        #expect(validation.decision == .domainIsNotPinned)
        #expect(validation.notPinnedReason == .excluded)
    }

    /// TSKPublicKeyAlgorithmTests.testExtract…: the hash TrustKit computes for each kind of key it supports.
    @Test(arguments: [
        ("testExtractRsa2048", "www.globalsign.com", "NDCIt6TrQnfOk+lquunrmlPQB3K/7CLOCmSS5kW+KCc="),
        ("testExtractRsa3072", "Corporation Service Company RSA OV SSL CA", "eJFNz94QPdv8RexRcSa3nwty3nRqFlR7YXqKA5RGUGE="),
        ("testExtractRsa4096", "www.good.com", "TwyNzy19zZi7cKfPsucs1E+h8ODOCPMrT8681sFWJvw="),
        ("testExtractEcDsaSecp256r1", "www.cloudflare.com", "Gc7EN2acfkbE0dUOAd34tr1XLr+JdkTiTrMAfhESQHI="),
        ("testExtractEcDsaSecp384r1", "GeoTrust_Primary_CA_G2_ECC", "vPtEqrmtAhAVcGtBIep2HIHJ6IlnWQ9vlK50TciLePs="),
    ])
    func keyExtraction(_ test: String, _ file: String, _ pin: String) throws {
        let hash = TrustKitSPKIHash(key: try Self.certificate(file).publicKey)
        #expect(hash.digest.map { Data($0).base64EncodedString() } == pin, "\(test)")
    }
}
