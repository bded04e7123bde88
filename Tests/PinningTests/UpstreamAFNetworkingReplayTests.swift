import Foundation
import Pinning
import Testing
import TrustCertificates
import TrustEvaluation

/// AFNetworking's own AFSecurityPolicy tests (Tests/Tests/AFSecurityPolicyTests.m, 46 tests), replayed on its
/// own certificates (Tests/Resources) through TrustCheck's AFSecurityPolicy.
///
/// Upstream's trusts are `SecTrustCreateWithCertificates` under BasicX509 with no anchors set, so the device's
/// store decides: here the system store (Debian's, which holds Amazon Root CA 1 and Starfield Services Root
/// G2 as Apple's does). Upstream sets no verification date, so its tests pass only while httpbin.org's
/// certificate is valid (2020-01-18 … 2021-02-18); the replay evaluates at 2020-06-01T00:00:00Z, inside that
/// window and inside the self-signed certificates' (2014-03-13 … 2024-03-10). The ADN.net chain expired in
/// 2015; the tests using it expect NO either way (no pin of theirs is on it).
///
/// `+policyWithPinningMode:` followed by `policy.pinnedCertificates = …` is
/// `AFSecurityPolicy(pinningMode:pinnedCertificates:)`, TrustCheck's policy being a value whose pins are set
/// once.
///
/// Not replayed, and why:
/// * testThatPolicyCanBeEncodedAndDecoded: NSSecureCoding archiving; TrustCheck's policy is a Swift value with
///   no archived form.
@Suite(.enabled(if: UpstreamCertificates.isAvailable(UpstreamCertificates.afNetworking),
                UpstreamCertificates.skipReason(UpstreamCertificates.afNetworking)))
struct UpstreamAFNetworkingReplayTests {
    static let repository = UpstreamCertificates.afNetworking
    static let resources = "Tests/Resources"
    static let date = UpstreamCertificates.date("2020-06-01T00:00:00Z")

    /// Upstream's certificate helpers, by file.
    enum File: String, Sendable {
        case httpBinOrg = "HTTPBin.org/httpbinorg_02182021.cer"
        case amazonAuthority = "HTTPBin.org/Amazon.cer"
        case amazonRootAuthority = "HTTPBin.org/Amazon Root CA 1.cer"
        case starfieldServicesRoot = "HTTPBin.org/Starfield Services Root Certificate Authority - G2.cer"
        case selfSignedWithoutDomain = "SelfSigned/NoDomains.cer"
        case selfSignedWithCommonNameDomain = "SelfSigned/foobar.com.cer"
        case selfSignedWithDNSNameDomain = "SelfSigned/AltName.cer"

        func data() throws -> Data { try UpstreamCertificates.data(repository, "\(resources)/\(rawValue)") }
    }

    /// Upstream's trusts.
    enum Trust: Sendable {
        /// `AFUTHTTPBinOrgServerTrust()`: every file of HTTPBinOrgServerTrustChain/ (httpbin_0, the leaf, first).
        case httpBinOrg
        /// `AFUTADNNetServerTrust()`: ADNNetServerTrustChain/.
        case adnNet
        /// `AFUTTrustWithCertificate(…)`: the one certificate.
        case single(File)

        func make() throws -> ServerTrust {
            let certificates: [Certificate]
            switch self {
            case .httpBinOrg: certificates = try Self.directory("HTTPBin.org/HTTPBinOrgServerTrustChain")
            case .adnNet: certificates = try Self.directory("ADN.net/ADNNetServerTrustChain")
            case .single(let file): certificates = [try Certificate(der: [UInt8](try file.data()))]
            }
            return ServerTrust(leaf: certificates[0], intermediates: Array(certificates.dropFirst()))
        }

        /// `AFUTTrustChainForCertsInDirectory`: the directory's files in name order.
        static func directory(_ relative: String) throws -> [Certificate] {
            let path = UpstreamCertificates.path(repository, "\(resources)/\(relative)")
            return try FileManager.default.contentsOfDirectory(atPath: path).sorted().map {
                try Certificate(der: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path + "/" + $0))))
            }
        }
    }

    /// One `evaluateServerTrust:forDomain:` test: the policy, the trust, the domain and upstream's answer.
    struct Expectation: Sendable, CustomTestStringConvertible {
        let name: String
        let mode: AFSSLPinningMode
        let pinned: [File]
        var allowInvalidCertificates = false
        var validatesDomainName = true
        let trust: Trust
        let domain: String?
        let allowed: Bool
        /// For a NO, the step that refuses (AFSecurityPolicyRefusal's case name): not asserted upstream, which
        /// only sees NO, but checked so that a NO for the wrong reason does not count as a match.
        var refusal: String? = nil

        var testDescription: String { name }
    }

    static let evaluations: [Expectation] = {
        let everyHTTPBinOrgCertificate: [File] = [.httpBinOrg, .amazonAuthority, .amazonRootAuthority, .starfieldServicesRoot]
        let httpBinOrgAndSelfSigned: [File] = [.httpBinOrg, .selfSignedWithCommonNameDomain]
        var all: [Expectation] = [
            // Default policy.
            Expectation(name: "testDefaultPolicyDoesAllowHTTPBinOrgCertificate", mode: .none, pinned: [], trust: .httpBinOrg,
                        domain: nil, allowed: true),
            Expectation(name: "testDefaultPolicyDoesAllowHTTPBinOrgCertificateForValidDomainName", mode: .none, pinned: [],
                        trust: .httpBinOrg, domain: "httpbin.org", allowed: true),
            Expectation(name: "testDefaultPolicyDoesNotAllowInvalidCertificate", mode: .none, pinned: [],
                        trust: .single(.selfSignedWithoutDomain), domain: nil, allowed: false, refusal: "invalidServerTrust"),
            Expectation(name: "testDefaultPolicyDoesNotAllowCertificateWithInvalidDomainName", mode: .none, pinned: [],
                        trust: .httpBinOrg, domain: "apple.com", allowed: false, refusal: "invalidServerTrust"),
        ]
        // Public-key and certificate pinning: the same twelve tests for each mode.
        for (mode, word) in [(AFSSLPinningMode.publicKey, "PublicKey"), (AFSSLPinningMode.certificate, "Certificate")] {
            all += [
                Expectation(name: "testPolicyWith\(word)PinningAllowsHTTPBinOrgServerTrustWithHTTPBinOrgLeafCertificatePinned", mode: mode,
                            pinned: [.httpBinOrg], trust: .httpBinOrg, domain: nil, allowed: true),
                Expectation(name: "testPolicyWith\(word)PinningAllowsHTTPBinOrgServerTrustWithHTTPBinOrgIntermediateCertificatePinned",
                            mode: mode, pinned: [.amazonAuthority], trust: .httpBinOrg, domain: nil, allowed: true),
                Expectation(name: "testPolicyWith\(word)PinningAllowsHTTPBinOrgServerTrustWithHTTPBinOrgRootCertificatePinned", mode: mode,
                            pinned: [.amazonRootAuthority], trust: .httpBinOrg, domain: nil, allowed: true),
                Expectation(name: "testPolicyWith\(word)PinningAllowsHTTPBinOrgServerTrustWithEntireCertificateChainPinned", mode: mode,
                            pinned: everyHTTPBinOrgCertificate, trust: .httpBinOrg, domain: nil, allowed: true),
                Expectation(name: "testPolicyWith\(word)PinningAllowsHTTPBirnOrgServerTrustWithHTTPbinOrgPinnedCertificateAndAdditionalPinnedCertificates",
                            mode: mode, pinned: httpBinOrgAndSelfSigned, trust: .httpBinOrg, domain: nil, allowed: true),
                Expectation(name: "testPolicyWith\(word)PinningAllowsHTTPBinOrgServerTrustWithHTTPBinOrgLeafCertificatePinnedAndValidDomainName",
                            mode: mode, pinned: [.httpBinOrg], trust: .httpBinOrg, domain: "httpbin.org", allowed: true),
                // No pins: no key can match; in certificate mode, no anchor is left.
                Expectation(name: "testPolicyWith\(word)PinningAndNoPinnedCertificatesDoesNotAllowHTTPBinOrgServerTrust", mode: mode,
                            pinned: [], trust: .httpBinOrg, domain: nil, allowed: false,
                            refusal: mode == .publicKey ? "noPinnedPublicKeyInChain" : "notAnchoredAtPinnedCertificate"),
                Expectation(name: "testPolicyWith\(word)PinningDoesNotAllowADNServerTrustWithHTTPBinOrgPinnedCertificate", mode: mode,
                            pinned: [.httpBinOrg], trust: .adnNet, domain: nil, allowed: false, refusal: "invalidServerTrust"),
                Expectation(name: "testPolicyWith\(word)PinningDoesNotAllowHTTPBinOrgServerTrustWithHTTPBinOrgLeafCertificatePinnedAndInvalidDomainName",
                            mode: mode, pinned: [.httpBinOrg], trust: .httpBinOrg, domain: "invaliddomainname.com", allowed: false, refusal: "invalidServerTrust"),
                Expectation(name: "testPolicyWith\(word)PinningDoesNotAllowADNServerTrustWithMultipleInvalidPinnedCertificates", mode: mode,
                            pinned: httpBinOrgAndSelfSigned, trust: .adnNet, domain: nil, allowed: false, refusal: "invalidServerTrust"),
            ]
        }
        all += [
            // Domain name validation.
            Expectation(name: "testThatPolicyWithoutDomainNameValidationAllowsServerTrustWithInvalidDomainName", mode: .none, pinned: [],
                        validatesDomainName: false, trust: .httpBinOrg, domain: "invalid.org", allowed: true),
            Expectation(name: "testThatPolicyWithDomainNameValidationAndSelfSignedCommonNameCertificateAllowsServerTrust", mode: .publicKey,
                        pinned: [.selfSignedWithCommonNameDomain], allowInvalidCertificates: true,
                        trust: .single(.selfSignedWithCommonNameDomain), domain: "foobar.com", allowed: true),
            Expectation(name: "testThatPolicyWithDomainNameValidationAndSelfSignedDNSCertificateAllowsServerTrust", mode: .publicKey,
                        pinned: [.selfSignedWithDNSNameDomain], allowInvalidCertificates: true,
                        trust: .single(.selfSignedWithDNSNameDomain), domain: "foobar.com", allowed: true),
            Expectation(name: "testThatPolicyWithDomainNameValidationDoesNotAllowServerTrustWithInvalidDomainName", mode: .none, pinned: [],
                        trust: .httpBinOrg, domain: "invalid.org", allowed: false, refusal: "invalidServerTrust"),
            Expectation(name: "testThatPolicyWithDomainNameValidationAndSelfSignedNoDomainCertificateDoesNotAllowServerTrust",
                        mode: .certificate, pinned: [.selfSignedWithoutDomain], allowInvalidCertificates: true,
                        trust: .single(.selfSignedWithoutDomain), domain: "foobar.com", allowed: false, refusal: "notAnchoredAtPinnedCertificate"),
            // Self-signed certificates.
            Expectation(name: "testThatPolicyWithInvalidCertificatesAllowedAllowsSelfSignedServerTrust", mode: .none, pinned: [],
                        allowInvalidCertificates: true, trust: .single(.selfSignedWithDNSNameDomain), domain: nil, allowed: true),
            Expectation(name: "testThatPolicyWithInvalidCertificatesAllowedAndValidPinnedCertificatesDoesAllowSelfSignedServerTrustForValidDomainName",
                        mode: .publicKey, pinned: [.selfSignedWithDNSNameDomain], allowInvalidCertificates: true,
                        trust: .single(.selfSignedWithDNSNameDomain), domain: "foobar.com", allowed: true),
            Expectation(name: "testThatPolicyWithInvalidCertificatesAllowedAndNoSSLPinningAndDomainNameValidationDisabledDoesAllowSelfSignedServerTrustForValidDomainName",
                        mode: .none, pinned: [], allowInvalidCertificates: true, validatesDomainName: false,
                        trust: .single(.selfSignedWithDNSNameDomain), domain: "foobar.com", allowed: true),
            Expectation(name: "testThatPolicyWithInvalidCertificatesDisabledDoesNotAllowSelfSignedServerTrust", mode: .none, pinned: [],
                        trust: .single(.selfSignedWithDNSNameDomain), domain: nil, allowed: false, refusal: "invalidServerTrust"),
            Expectation(name: "testThatPolicyWithInvalidCertificatesAllowedAndNoPinnedCertificatesAndPublicKeyPinningModeDoesNotAllowSelfSignedServerTrustForValidDomainName",
                        mode: .publicKey, pinned: [], allowInvalidCertificates: true, trust: .single(.selfSignedWithDNSNameDomain),
                        domain: "foobar.com", allowed: false, refusal: "domainValidationRequiresPinning"),
            Expectation(name: "testThatPolicyWithInvalidCertificatesAllowedAndValidPinnedCertificatesAndNoPinningModeDoesNotAllowSelfSignedServerTrustForValidDomainName",
                        mode: .none, pinned: [.selfSignedWithDNSNameDomain], allowInvalidCertificates: true,
                        trust: .single(.selfSignedWithDNSNameDomain), domain: "foobar.com", allowed: false, refusal: "domainValidationRequiresPinning"),
            Expectation(name: "testThatPolicyWithInvalidCertificatesAllowedAndNoValidPinnedCertificatesAndNoPinningModeAndDomainValidationDoesNotAllowSelfSignedServerTrustForValidDomainName",
                        mode: .none, pinned: [], allowInvalidCertificates: true, trust: .single(.selfSignedWithDNSNameDomain),
                        domain: "foobar.com", allowed: false, refusal: "domainValidationRequiresPinning"),
        ]
        return all
    }()

    @Test(arguments: evaluations)
    func evaluateServerTrust(_ expectation: Expectation) throws {
        var policy = AFSecurityPolicy(pinningMode: expectation.mode, pinnedCertificates: Set(try expectation.pinned.map { try $0.data() }))
        policy.allowInvalidCertificates = expectation.allowInvalidCertificates
        policy.validatesDomainName = expectation.validatesDomainName
        let trust = try expectation.trust.make()
        do {
            try policy.check(trust, forDomain: expectation.domain, at: Self.date)
            #expect(expectation.allowed, "upstream expects NO; TrustCheck said YES")
        } catch {
            #expect(!expectation.allowed, "upstream expects YES; TrustCheck refused: \(error)")
            if let refusal = expectation.refusal { #expect(error.code == refusal, "refused, as upstream expects, but: \(error)") }
        }
        #expect(policy.evaluateServerTrust(trust, forDomain: expectation.domain, at: Self.date) == expectation.allowed)
    }

    /// testDefaultPolicyPinningModeIsSetToNone, …InvalidCertificatesAreDisabledByDefault,
    /// …DomainNamesAreValidatedByDefault, …HasNoPinnedCertificates.
    @Test func defaultPolicyValues() {
        let policy = AFSecurityPolicy.default
        #expect(policy.pinningMode == .none)
        #expect(!policy.allowInvalidCertificates)
        #expect(policy.validatesDomainName)
        #expect(policy.pinnedCertificates.isEmpty)
    }

    /// The test bundle's top level, as `+certificatesInBundle:` scans it: the resource groups' files, flat
    /// (the two server-trust chains stay folders and are not scanned).
    static func bundleCertificates() throws -> Set<Data> {
        let bundle = try UpstreamCertificates.flattenedBundle(
            repository, directories: ["ADN.net", "Google.com", "HTTPBin.org", "SelfSigned"].map { "\(resources)/\($0)" })
        defer { try? FileManager.default.removeItem(atPath: bundle) }
        return try AFSecurityPolicy.certificates(inDirectory: bundle)
    }

    /// testPolicyWith{PublicKey,Certificate}PinningModeHasPinnedCertificates (`+policyWithPinningMode:` pins the
    /// bundle's certificates; upstream's `pinnedCertificates > 0` compares a pointer, so the replay checks the
    /// count) and testPolicyWith{PublicKey,Certificate}PinningModeHasHTTPBinOrgPinnedCertificate (httpbin.org's
    /// certificate is among them once).
    @Test(arguments: [AFSSLPinningMode.publicKey, .certificate])
    func bundlePinnedCertificates(_ mode: AFSSLPinningMode) throws {
        let policy = AFSecurityPolicy(pinningMode: mode, pinnedCertificates: try Self.bundleCertificates())
        #expect(policy.pinnedCertificates.count > 0)
        let httpBinOrg = try File.httpBinOrg.data()
        #expect(policy.pinnedCertificates.filter { $0 == httpBinOrg }.count == 1)
    }

    /// testThatPolicyCanBeCopied: the copy has the same flags, mode and pins. (Upstream also asserts that the
    /// copy is another object, which a value has no notion of.)
    @Test func policyCanBeCopied() throws {
        var policy = AFSecurityPolicy(pinningMode: .certificate, pinnedCertificates: [try File.httpBinOrg.data()])
        policy.allowInvalidCertificates = true
        policy.validatesDomainName = false
        let copied = policy
        #expect(copied.allowInvalidCertificates == policy.allowInvalidCertificates)
        #expect(copied.validatesDomainName == policy.validatesDomainName)
        #expect(copied.pinningMode == policy.pinningMode)
        #expect(copied.pinnedCertificates == policy.pinnedCertificates)
    }
}
