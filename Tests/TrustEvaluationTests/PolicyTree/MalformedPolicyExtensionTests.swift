import Foundation
import Testing
import TrustCertificates
import TrustEvaluation

/// A certificate whose critical policyMappings and cRLDistributionPoints do not decode (decoded once, at
/// load, into `.malformed`) fails closed where they are read: the policy tree refuses the path, and
/// revocation checking cannot establish a status from the CRL distribution points.
@Suite struct MalformedPolicyExtensionTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../TrustCertificatesTests/Fixtures/model").standardizedFileURL

    static func certificate(_ name: String) throws -> Certificate {
        try CertificateLoader.load(path: directory.appendingPathComponent("\(name).pem").path)[0]
    }

    static let time = Date(timeIntervalSince1970: 1_900_000_000)  // 2030, inside the fixtures' validity

    @Test func malformedCriticalPolicyMappingsFailsThePolicyTree() throws {
        let ca = try Self.certificate("ca")
        let leaf = try Self.certificate("policy-and-revocation-extensions-malformed")
        // Apple's profile: the leaf breaks no other rule of the basic policy, so the tree alone refuses it.
        let evaluator = TrustEvaluator(anchors: .only(CertificateStore([ca])), policies: [.basicX509()])
        let result = evaluator.evaluate(leaf: leaf, intermediates: [], at: Self.time)
        #expect(!result.isTrusted)
        let text = result.failures.map(\.description).joined(separator: "; ")
        #expect(text.contains(ExtensionOID.policyMappings), "\(text)")
    }

    @Test func malformedDistributionPointsLeaveTheStatusUndetermined() throws {
        let ca = try Self.certificate("ca")
        let leaf = try Self.certificate("policy-and-revocation-extensions-malformed")
        let crl = try CRLLoader.load(path: Self.directory.appendingPathComponent("ca.crl").path)
        let evaluator = TrustEvaluator(anchors: .only(CertificateStore([ca])), policies: [.basicX509(profile: .rfc5280)],
                                       crls: crl, revocation: .require)
        let result = evaluator.evaluate(leaf: leaf, intermediates: [], at: Self.time)
        #expect(!result.isTrusted)
        let why = try #require(result.revocation.first?.why)
        #expect(why.contains("its cRLDistributionPoints cannot be read"), "\(why)")
    }
}
