import Foundation
import SecTrustCompat
import Testing

/// apple-sectrust.md §3. The "system" store is Fixtures/system-anchors.pem (TrustCheck Test System Root, and the
/// live-TLS tests' root, which issues nothing these tests use).
@Suite("Anchor semantics")
struct AnchorSemanticsTests {
    func systemTrust() -> SecTrust {
        Fixtures.trust([Fixtures.systemLeaf], policies: [SecPolicyCreateSSL(true, "system.trustcheck.test" as CFString)])
    }

    func customAnchors(_ trust: SecTrust) -> [SecCertificate]? {
        var anchors: CFArray?
        #expect(SecTrustCopyCustomAnchorCertificates(trust, &anchors) == errSecSuccess)
        return anchors.map { $0.compactMap { $0 as? SecCertificate } }
    }

    @Test("The test system store is installed")
    func systemStoreInstalled() {
        _ = Fixtures.directory
        #expect(SecTrustCompatConfiguration.systemAnchorsPath == Fixtures.systemAnchorsPath(in: Fixtures.directory))
        #expect(SecTrustCompatConfiguration.systemAnchorsCount == 2)
        #expect(SecTrustCompatConfiguration.systemAnchorsLoadError == nil)
        // Too late to change it once loaded; the same path is fine.
        #expect(!SecTrustCompatConfiguration.setSystemAnchorsPath("/etc/ssl/certs/ca-certificates.crt"))
        #expect(SecTrustCompatConfiguration.setSystemAnchorsPath(Fixtures.systemAnchorsPath(in: Fixtures.directory)))
    }

    @Test("No custom anchors: system roots are trusted; the chain reaches the system root")
    func systemAnchorsByDefault() throws {
        let trust = systemTrust()
        let evaluation = Evaluation(trust)
        #expect(evaluation.trusted)
        #expect(evaluation.result == .unspecified)
        #expect(customAnchors(trust) == nil)
        let chain = try #require(SecTrustCopyCertificateChain(trust) as? [SecCertificate])
        #expect(chain == [Fixtures.systemLeaf, Fixtures.systemRoot])
    }

    @Test("Custom anchors turn system roots off; they still build the path, as untrusted parents")
    func customAnchorsDisableSystem() {
        let trust = systemTrust()
        SecTrustSetAnchorCertificates(trust, [Fixtures.root] as CFArray)
        let evaluation = Evaluation(trust)
        #expect(!evaluation.trusted)
        #expect(evaluation.code == -67843)
        #expect(evaluation.message == "\u{201C}TrustCheck Test System Root\u{201D} certificate is not trusted")
        #expect(SecTrustGetCertificateCount(trust) == 2)
        #expect(customAnchors(trust) == [Fixtures.root])
    }

    @Test("SetAnchorCertificatesOnly(false) after SetAnchorCertificates: custom and system roots")
    func customPlusSystem() {
        let trust = systemTrust()
        SecTrustSetAnchorCertificates(trust, [Fixtures.root] as CFArray)
        #expect(SecTrustSetAnchorCertificatesOnly(trust, false) == errSecSuccess)
        #expect(Evaluation(trust).result == .unspecified)

        let privateChain = Fixtures.trust([Fixtures.leaf, Fixtures.intermediate],
                                          policies: [SecPolicyCreateSSL(true, Fixtures.leafHost as CFString)],
                                          anchors: [Fixtures.root])
        SecTrustSetAnchorCertificatesOnly(privateChain, false)
        #expect(Evaluation(privateChain).result == .unspecified)
    }

    @Test("Order matters: SetAnchorCertificates after SetAnchorCertificatesOnly(false) turns anchors-only back on")
    func orderMatters() {
        let trust = systemTrust()
        SecTrustSetAnchorCertificatesOnly(trust, false)
        SecTrustSetAnchorCertificates(trust, [Fixtures.root] as CFArray)
        #expect(Evaluation(trust).code == -67843)
    }

    @Test("SetAnchorCertificates(nil) brings the system roots back and clears the custom ones")
    func nilRestoresSystem() {
        let trust = systemTrust()
        SecTrustSetAnchorCertificates(trust, [Fixtures.root] as CFArray)
        #expect(!Evaluation(trust).trusted)
        #expect(SecTrustSetAnchorCertificates(trust, nil) == errSecSuccess)
        #expect(Evaluation(trust).result == .unspecified)
        #expect(customAnchors(trust) == nil)
    }

    @Test("An empty anchor array trusts nothing, and is reported back as empty, not nil")
    func emptyAnchorsTrustNothing() {
        let trust = systemTrust()
        SecTrustSetAnchorCertificates(trust, [] as CFArray)
        let evaluation = Evaluation(trust)
        #expect(evaluation.code == -67843)
        #expect(customAnchors(trust) == [])
    }

    @Test("SetAnchorCertificatesOnly(true) with no custom anchors trusts nothing (no anchor source at all)")
    func anchorsOnlyWithoutAnchors() {
        let trust = systemTrust()
        SecTrustSetAnchorCertificatesOnly(trust, true)
        #expect(Evaluation(trust).code == -67843)
        SecTrustSetAnchorCertificatesOnly(trust, false)
        #expect(Evaluation(trust).result == .unspecified)
    }

    @Test("A private chain is not trusted by the system store")
    func privateRootNotInSystem() {
        let trust = Fixtures.trust([Fixtures.leaf, Fixtures.intermediate, Fixtures.root],
                                   policies: [SecPolicyCreateSSL(true, Fixtures.leafHost as CFString)])
        let evaluation = Evaluation(trust)
        #expect(evaluation.code == -67843)
        #expect(evaluation.message == "\u{201C}TrustCheck Test Root CA\u{201D} certificate is not trusted")
    }

    @Test("A missing intermediate: -25318, blamed on the top of the partial chain")
    func missingIntermediate() {
        let trust = Fixtures.trust([Fixtures.leaf], policies: [SecPolicyCreateSSL(true, Fixtures.leafHost as CFString)],
                                   anchors: [Fixtures.root])
        let evaluation = Evaluation(trust)
        #expect(evaluation.result == .recoverableTrustFailure)
        #expect(evaluation.code == -25318)
        #expect(evaluation.message == "\u{201C}www.trustcheck.test\u{201D} certificate is not trusted")
    }

    @Test("An intermediate as anchor ends the chain there")
    func intermediateAsAnchor() throws {
        let trust = Fixtures.trust([Fixtures.leaf, Fixtures.intermediate, Fixtures.root],
                                   policies: [SecPolicyCreateSSL(true, Fixtures.leafHost as CFString)],
                                   anchors: [Fixtures.intermediate])
        #expect(Evaluation(trust).result == .unspecified)
        let chain = try #require(SecTrustCopyCertificateChain(trust) as? [SecCertificate])
        #expect(chain == [Fixtures.leaf, Fixtures.intermediate])
    }

    @Test("With the root and the intermediate both anchors, the path stops at the first anchored parent")
    func firstAnchoredParentWins() throws {
        let trust = Fixtures.trust([Fixtures.leaf, Fixtures.intermediate],
                                   policies: [SecPolicyCreateSSL(true, Fixtures.leafHost as CFString)],
                                   anchors: [Fixtures.root, Fixtures.intermediate])
        #expect(Evaluation(trust).result == .unspecified)
        let chain = try #require(SecTrustCopyCertificateChain(trust) as? [SecCertificate])
        #expect(chain == [Fixtures.leaf, Fixtures.intermediate])
    }

    @Test("The leaf itself as anchor: a chain of one")
    func leafAsAnchor() {
        let trust = Fixtures.trust([Fixtures.leaf], policies: [SecPolicyCreateSSL(true, Fixtures.leafHost as CFString)],
                                   anchors: [Fixtures.leaf])
        #expect(Evaluation(trust).result == .unspecified)
        #expect(SecTrustGetCertificateCount(trust) == 1)
    }

    @Test("An anchor's own validity is checked: an expired certificate pinned as anchor is “expired”")
    func expiredAnchor() {
        let trust = Fixtures.trust([Fixtures.expired], policies: [SecPolicyCreateBasicX509()],
                                   anchors: [Fixtures.expired])
        let evaluation = Evaluation(trust)
        #expect(evaluation.result == .recoverableTrustFailure)
        #expect(evaluation.code == -67818)
        #expect(evaluation.message == "\u{201C}expired.trustcheck.test\u{201D} certificate is expired")
    }

    @Test("Anchors must all be certificates")
    func anchorsMustBeCertificates() {
        let trust = systemTrust()
        #expect(SecTrustSetAnchorCertificates(trust, [Fixtures.root, "nope"] as CFArray) == errSecParam)
        #expect(customAnchors(trust) == nil)
        #expect(Evaluation(trust).result == .unspecified)
    }
}
