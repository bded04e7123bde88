import Foundation
import SecTrustCompat
import Testing

/// SecTrustSetOCSPResponse responses are consumed as Apple consumes stapled ones: revoked is fatal
/// (-67820), good answers a RequirePositiveResponse policy, bad or stale ones are ignored. The responses
/// are the evaluation tests' (TrustEvaluationTests/Fixtures/ocsp, made for 2026-06-01).
@Suite("Stapled OCSP responses through SecTrustSetOCSPResponse")
struct SecTrustOCSPTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TrustEvaluationTests/Fixtures/ocsp")
    static let time = Date(timeIntervalSince1970: 1_780_272_000)  // 2026-06-01T00:00:00Z

    static func data(_ name: String) throws -> Data { try Data(contentsOf: directory.appendingPathComponent(name)) }

    static func certificate(_ name: String) throws -> SecCertificate {
        let pem = String(decoding: try data(name), as: UTF8.self)
        let body = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        let der = try #require(Data(base64Encoded: body))
        return try #require(SecCertificateCreateWithData(nil, der as CFData))
    }

    static func trust(_ responses: [String], revocationFlags: CFOptionFlags? = nil) throws -> SecTrust {
        var policies = [SecPolicyCreateSSL(true, "ocsp.example" as CFString)]
        if let revocationFlags { policies.append(try #require(SecPolicyCreateRevocation(revocationFlags))) }
        let trust = Fixtures.trust([try certificate("leaf.pem"), try certificate("intermediate.pem")],
                                   policies: policies, anchors: [try certificate("root.pem")], at: time)
        let stapled = try responses.map(data)
        #expect(SecTrustSetOCSPResponse(trust, stapled as CFArray) == errSecSuccess)
        return trust
    }

    @Test("A revoked response fails trust fatally with errSecCertificateRevoked")
    func revoked() throws {
        let trust = try Self.trust(["revoked.der"])
        let evaluation = Evaluation(trust)
        #expect(!evaluation.trusted)
        #expect(evaluation.result == .fatalTrustFailure)
        #expect(evaluation.code == Int(errSecCertificateRevoked))
        let details = try #require(SecTrustCopyResult(trust)?[kSecTrustResultDetails] as? [[String: Any]])
        #expect(details.first?["Revocation"] != nil)
        // Fatal: the exceptions cookie does not override it.
        #expect(SecTrustSetExceptions(trust, SecTrustCopyExceptions(trust)))
        #expect(Evaluation(trust).result == .fatalTrustFailure)
    }

    @Test("One CFData is taken like an array of one")
    func singleData() throws {
        let trust = try Self.trust([])
        #expect(Evaluation(trust).trusted)
        #expect(SecTrustSetOCSPResponse(trust, try Self.data("delegated-revoked.der") as CFData) == errSecSuccess)
        #expect(Evaluation(trust).code == Int(errSecCertificateRevoked))
        #expect(SecTrustSetOCSPResponse(trust, nil) == errSecSuccess)
        #expect(Evaluation(trust).trusted)
    }

    @Test("Bad, stale and unparseable responses are ignored", arguments: [
        "wrong-signer.der", "wrong-certid.der", "delegated-no-eku.der", "delegated-expired.der", "expired.der", "future.der", "unknown.der",
        "unauthorized.der", "garbage.der",
    ])
    func ignored(_ file: String) throws {
        let evaluation = Evaluation(try Self.trust([file]))
        #expect(evaluation.trusted)
        #expect(evaluation.result == .unspecified)
    }

    @Test("RequirePositiveResponse: a good response answers for the leaf, only the intermediate stays unanswered")
    func goodAnswersRequiredResponse() throws {
        let flags = kSecRevocationOCSPMethod | kSecRevocationRequirePositiveResponse
        let answered = try Self.trust(["good.der"], revocationFlags: flags)
        #expect(Evaluation(answered).code == Int(errSecIncompleteCertRevocationCheck))
        let details = try #require(SecTrustCopyResult(answered)?[kSecTrustResultDetails] as? [[String: Any]])
        #expect(details.map { Set($0.keys) } == [[], ["RevocationResponseRequired"], []])
        // A stale good response answers nothing.
        let stale = try Self.trust(["expired.der"], revocationFlags: flags)
        let staleDetails = try #require(SecTrustCopyResult(stale)?[kSecTrustResultDetails] as? [[String: Any]])
        #expect(staleDetails.map { Set($0.keys) } == [["RevocationResponseRequired"], ["RevocationResponseRequired"], []])
    }
}
