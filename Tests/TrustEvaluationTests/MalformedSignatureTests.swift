import Foundation
import Testing
import TrustCertificates
@testable import TrustEvaluation

/// Signature values with unused bits and CRLs that do not parse (Fixtures/signatures, written by its
/// generate.py) load, and are then verdicts: the signature verifies nothing, the CRL is unusable.
@Suite struct MalformedSignatureTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/signatures")
    static let time = ISO8601DateFormatter().date(from: "2026-01-01T00:00:00Z")!

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    static func certificate(_ name: String) throws -> Certificate { try CertificateLoader.load(path: path(name))[0] }

    static func evaluate(_ leaf: String = "leaf.pem", intermediate: String = "intermediate.pem", crls: [String] = [],
                         profile: TrustProfile = .apple) throws -> TrustEvaluationResult
    {
        var evaluator = TrustEvaluator(anchors: TrustAnchors(custom: CertificateStore([try certificate("root.pem")])),
                                       policies: [.ssl(hostname: "leaf.example.test", profile: profile)])
        evaluator.crls = CRLStore(try crls.map { try CRLLoader.file(at: path($0)) })
        return evaluator.evaluate(leaf: try certificate(leaf), intermediates: [try certificate(intermediate)], at: time)
    }

    /// The octets are the valid signature: only the unused-bits count differs, and it alone decides.
    @Test func unusedBitsAloneMakeTheSignatureFail() throws {
        let good = try Self.certificate("leaf.pem"), marked = try Self.certificate("unused-bits-leaf.pem")
        let issuer = try Self.certificate("intermediate.pem")
        #expect(marked.signature == good.signature)
        #expect(marked.signatureValue.unusedBits == 1 && good.signatureValue.unusedBits == 0)
        #expect(good.isSigned(by: issuer))
        #expect(!marked.isSigned(by: issuer))
        #expect(marked.signatureValue.defect == "signature BIT STRING has 1 unused bit")
        #expect(good.signatureValue.defect == nil)
    }

    @Test(arguments: [TrustProfile.apple, .webpki, .rfc5280])
    func leafWithUnusedSignatureBitsIsNotTrusted(profile: TrustProfile) throws {
        let result = try Self.evaluate("unused-bits-leaf.pem", profile: profile)
        #expect(!result.isTrusted)
        #expect(result.failures.map(\.description) == [TrustFailure(index: 0, check: .missingIntermediate,
                                                 detail: "signature BIT STRING has 1 unused bit").description])
        #expect(result.error?.code == OSStatusCode.errSecCreateChainFailed)
    }

    @Test(arguments: [TrustProfile.apple, .webpki, .rfc5280])
    func intermediateWithUnusedSignatureBitsIsNotTrusted(profile: TrustProfile) throws {
        let result = try Self.evaluate(intermediate: "unused-bits-intermediate.pem", profile: profile)
        #expect(!result.isTrusted)
        #expect(result.failures.map(\.description) == [TrustFailure(index: 1, check: .missingIntermediate,
                                                 detail: "signature BIT STRING has 7 unused bits").description])
    }

    @Test func controlChainIsTrusted() throws {
        #expect(try Self.evaluate(crls: ["root.crl.pem", "intermediate.crl.pem"]).isTrusted)
    }

    // MARK: CRLs

    /// Its entry revokes the leaf, but a malformed signature proves nothing: the CRL is unusable.
    @Test func crlWithUnusedSignatureBitsIsUnusable() throws {
        let crl = try CRLLoader.load(path: Self.path("unused-bits.crl.pem"))[0]
        #expect(crl.signatureValue.unusedBits == 3)
        #expect(!crl.isSigned(by: try Self.certificate("intermediate.pem")))
        let alone = try Self.evaluate(crls: ["unused-bits.crl.pem"])
        #expect(alone.failures.map(\.description) == [TrustFailure(
            index: 0, check: .revocationResponseRequired,
            detail: "no usable CRL; CRL of CN=Signature Test Intermediate (number 2) issued 2025-12-01T00:00:00Z: not usable: "
                + "its signature value is malformed (signature BIT STRING has 3 unused bits)").description])
        #expect(try Self.evaluate(crls: ["unused-bits.crl.pem", "intermediate.crl.pem"]).isTrusted)
    }

    @Test func unreadableCRLInAFileIsKeptBesideTheOthers() throws {
        let file = try CRLLoader.file(at: Self.path("several.crl.pem"))
        #expect(file.crls.map(\.issuer.rfc4514) == ["CN=Signature Test Root", "CN=Signature Test Intermediate"])
        let unreadable = try #require(file.unreadable.first)
        #expect(file.unreadable.count == 1)
        #expect(unreadable.position == "CRL 2 of 3")
        #expect(unreadable.issuer == nil)
        #expect(unreadable.error.kind == .malformedDER)
        #expect(unreadable.description
            == Self.path("several.crl.pem") + ", CRL 2 of 3: not a DER CRL: DER structure is not a TBSCertList SEQUENCE")
        // The strict loader still refuses the file, naming the CRL.
        #expect(throws: CertificateLoadError(path: Self.path("several.crl.pem"), kind: .badCRL,
                                             problem: "CRL 2 of 3: not a DER CRL: DER structure is not a TBSCertList SEQUENCE")) {
            try CRLLoader.load(path: Self.path("several.crl.pem"))
        }
        // Each certificate has a usable CRL, so the unreadable one does not matter.
        #expect(try Self.evaluate(crls: ["several.crl.pem"]).isTrusted)
    }

    /// An unreadable CRL that names the leaf's issuer leaves the leaf's status unknown, and says why.
    @Test func unreadableCRLOfTheIssuerLeavesTheStatusUnknown() throws {
        let unreadable = try #require(try CRLLoader.file(at: Self.path("bad-time.crl.pem")).unreadable.first)
        #expect(unreadable.issuer?.rfc4514 == "CN=Signature Test Intermediate")
        let result = try Self.evaluate(crls: ["root.crl.pem", "bad-time.crl.pem"])
        #expect(result.failures.map(\.description) == [TrustFailure(
            index: 0, check: .revocationResponseRequired,
            detail: "no usable CRL; CRL in \(Self.path("bad-time.crl.pem")): not usable: it does not parse: not a DER CRL: "
                + "DER structure is not a valid calendar time").description])
        #expect(result.error?.code == OSStatusCode.errSecIncompleteCertRevocationCheck)
        #expect(try Self.evaluate(crls: ["root.crl.pem", "bad-time.crl.pem", "intermediate.crl.pem"]).isTrusted)
    }

    /// An unreadable CRL whose issuer cannot be told may be any issuer's: every certificate without a
    /// usable CRL fails closed, the others are decided by theirs.
    @Test func unreadableCRLOfUnknownIssuerCountsForEveryIssuerWithoutAUsableCRL() throws {
        let result = try Self.evaluate(crls: ["no-tbs.crl.pem", "intermediate.crl.pem"])
        #expect(result.failures.map(\.index) == [1])
        #expect(result.failures.map(\.check) == [.revocationResponseRequired])
        #expect(try Self.evaluate(crls: ["no-tbs.crl.pem", "intermediate.crl.pem", "root.crl.pem"]).isTrusted)
    }

    @Test func storeCountsUnreadableCRLsAsSupplied() throws {
        let store = CRLStore([try CRLLoader.file(at: Self.path("no-tbs.crl.pem"))])
        #expect(store.crls.isEmpty)
        #expect(!store.isEmpty)
    }
}
