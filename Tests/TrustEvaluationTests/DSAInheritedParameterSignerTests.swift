import Foundation
import Testing
import TrustCertificates
@testable import TrustEvaluation

/// CRL and OCSP signers whose DSA keys leave out their parameters (RFC 5280 §6.1.4 (f), RFC 3279
/// §2.3.2) sign with those of the certificate above them on their path, as certificates do.
/// Fixtures/dsa-inherited (written by its generate.py): a DSA root with parameters, a DSA CA without,
/// an EC leaf below it, and the CA's CRLs and OCSP responses revoking the leaf, each signed by a key
/// that is only usable with the parameters it inherits.
@Suite struct DSAInheritedParameterSignerTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/dsa-inherited")
    static let time = ISO8601DateFormatter().date(from: "2026-06-01T00:00:00Z")!

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    static func certificate(_ name: String) throws -> Certificate { try #require(CertificateLoader.load(path: path(name)).first) }

    static func evaluate(crls: [String] = [], ocsp: [String] = [], presented: [String] = [],
                         revocation: RevocationPolicy = .soft) throws -> TrustEvaluationResult
    {
        let evaluator = TrustEvaluator(
            anchors: .only(CertificateStore([try certificate("root.pem")])),
            policies: [.basicX509(profile: .rfc5280)],
            crls: try crls.flatMap { try CRLLoader.load(path: path($0)) },
            ocspResponses: try ocsp.map { try OCSPResponse(der: Array(Data(contentsOf: directory.appendingPathComponent($0)))) },
            revocation: revocation)
        return evaluator.evaluate(leaf: try certificate("leaf.pem"),
                                  intermediates: [try certificate("ca.pem")] + (try presented.map { try certificate($0) }), at: time)
    }

    @Test func fixturesInheritTheirParameters() throws {
        for name in ["ca.pem", "crl-signer.pem", "responder.pem"] {
            let key = try Self.certificate(name).publicKey
            #expect(key.inheritsDSAParameters && !key.canVerifySignatures, "\(name)")
        }
        #expect(try !Self.certificate("root.pem").publicKey.inheritsDSAParameters)
        // Without revocation data the path is valid: the builder completes the CA's key.
        let result = try Self.evaluate()
        #expect(result.isTrusted, "\(result.failures)")
        #expect(result.chain.count == 3)
    }

    /// The CA's own CRL, signed by its key completed with the root's parameters, revokes the leaf; under
    /// `require` every certificate is answered (the root's CRL covers the CA).
    @Test func crlSignedByTheInheritingCAIsUsed() throws {
        let result = try Self.evaluate(crls: ["ca-revokes-leaf.crl", "root.crl"], revocation: .require)
        #expect(!result.isTrusted)
        #expect(result.failures.map(\.check) == [.revocation])
        #expect(result.failures.first?.index == 0)
        let leaf = try #require(result.revocation.first { $0.index == 0 })
        #expect(leaf.crls.contains { $0.isUsed && $0.signerValidation == .onPath })
    }

    /// A separate CRL-signing certificate of the CA (same name, its own parameter-less key) is not on the
    /// path: it inherits from the CA, whose key in turn inherits from the root.
    @Test func crlSignedByAnOffPathInheritingSignerIsUsed() throws {
        let result = try Self.evaluate(crls: ["signer-revokes-leaf.crl"], presented: ["crl-signer.pem"])
        #expect(!result.isTrusted)
        #expect(result.failures.map(\.check) == [.revocation])
        let leaf = try #require(result.revocation.first { $0.index == 0 })
        let used = try #require(leaf.crls.first { $0.isUsed }, "\(leaf.crls)")
        #expect(used.signer?.publicKey.spkiSHA256 == (try Self.certificate("crl-signer.pem")).publicKey.spkiSHA256)
    }

    @Test(arguments: [("ocsp-revoked.der", "DSA Inheriting CA"), ("ocsp-delegated-revoked.der", "DSA OCSP Responder")])
    func ocspResponseSignedWithInheritedParametersRevokes(file: String, responder: String) throws {
        let result = try Self.evaluate(ocsp: [file])
        #expect(!result.isTrusted)
        #expect(result.failures.map(\.check) == [.revocation])
        let report = try #require(result.ocspResponses.first)
        #expect(report.isUsed, "\(report.problem ?? "")")
        #expect(report.responder?.subject.commonNames == [responder])
    }
}
