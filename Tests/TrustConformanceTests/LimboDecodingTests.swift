import Foundation
import Testing
import TrustCertificates
import TrustEvaluation
@testable import TrustConformance

@Suite struct LimboDecodingTests {
    @Test func decodesEveryLimboField() throws {
        let json = """
            {"version": 1, "testcases": [{
              "id": "ns::sub::name", "conflicts_with": ["other::case"], "features": ["has-crl"],
              "importance": "high", "description": "words", "validation_kind": "CLIENT",
              "trusted_certs": ["T"], "untrusted_intermediates": ["I1", "I2"], "peer_certificate": "P",
              "peer_certificate_key": "K", "validation_time": "2024-01-01T00:00:00+00:00",
              "signature_algorithms": ["RSA_PKCS1_SHA256"], "key_usage": ["digitalSignature"],
              "extended_key_usage": ["clientAuth"], "expected_result": "FAILURE",
              "expected_peer_name": null, "expected_peer_names": [{"kind": "RFC822", "value": "a@b.c"}],
              "max_chain_depth": 3, "crls": ["C"]
            }]}
            """
        let suite = try LimboSuite.decode(Data(json.utf8))
        let testcase = try #require(suite.testcases.first)
        #expect(suite.version == 1)
        #expect(testcase.id == "ns::sub::name")
        #expect(testcase.namespace == "ns")
        #expect(testcase.conflictsWith == ["other::case"])
        #expect(testcase.features == ["has-crl"])
        #expect(testcase.importance == "high")
        #expect(testcase.description == "words")
        #expect(testcase.validationKind == .client)
        #expect(testcase.trustedCerts == ["T"])
        #expect(testcase.untrustedIntermediates == ["I1", "I2"])
        #expect(testcase.peerCertificate == "P")
        #expect(testcase.peerCertificateKey == "K")
        #expect(testcase.validationTime == "2024-01-01T00:00:00+00:00")
        #expect(testcase.signatureAlgorithms == ["RSA_PKCS1_SHA256"])
        #expect(testcase.keyUsage == ["digitalSignature"])
        #expect(testcase.extendedKeyUsage == ["clientAuth"])
        #expect(testcase.expectedResult == .failure)
        #expect(testcase.expectedPeerName == nil)
        #expect(testcase.expectedPeerNames == [.init(kind: .rfc822, value: "a@b.c")])
        #expect(testcase.maxChainDepth == 3)
        #expect(testcase.crls == ["C"])
        #expect(testcase.profile == nil && testcase.policy == nil && testcase.anchorsOnly == nil)
        #expect(testcase.systemAnchors.isEmpty && testcase.expectedFailures == nil && testcase.otherProfiles == nil)
    }

    @Test func decodesTrustCheckExtensionsAndDefaults() throws {
        let json = """
            {"testcases": [{
              "id": "v::one", "peer_certificate": "P", "expected_result": "SUCCESS",
              "profile": "apple", "policy": "basic", "system_anchors": ["S"], "anchors_only": false,
              "expected_apple_result": "recoverableTrustFailure", "expected_status": -67602,
              "expected_message": "m", "expected_chain": ["AB"],
              "expected_failures": [{"index": 0, "check": "SSLHostname"}],
              "other_profiles": {"webpki": {"expected_result": "FAILURE", "reason": "why"}},
              "pinning": {"ignored": true}
            }]}
            """
        let testcase = try #require(try LimboSuite.decode(Data(json.utf8)).testcases.first)
        #expect(testcase.validationKind == .server)
        #expect(testcase.trustedCerts.isEmpty && testcase.features.isEmpty && testcase.crls.isEmpty)
        #expect(testcase.validationTime == nil)
        #expect(testcase.profile == .apple)
        #expect(testcase.policy == .basic)
        #expect(testcase.systemAnchors == ["S"])
        #expect(testcase.anchorsOnly == false)
        #expect(testcase.expectedAppleResult == "recoverableTrustFailure")
        #expect(testcase.expectedStatus == -67602)
        #expect(testcase.expectedMessage == "m")
        #expect(testcase.expectedChain == ["AB"])
        #expect(testcase.expectedFailures == [.init(index: 0, check: .sslHostname)])
        #expect(testcase.otherProfiles?["webpki"]?.expectedResult == .failure)
        #expect(testcase.otherProfiles?["webpki"]?.reason == "why")
    }

    @Test(arguments: [
        (#""profile": "ios""#, "unknown profile"),
        (#""expected_apple_result": "trusted""#, "unknown TrustResultType"),
        (#""expected_failures": [{"index": 0, "check": "NoSuchCheck"}]"#, "expected_failures"),
        (#""other_profiles": {"macos": {"expected_result": "SUCCESS"}}"#, "other_profiles"),
    ])
    func rejectsUnknownExtensionValues(field: String, message: String) {
        let json = #"{"testcases": [{"id": "x", "peer_certificate": "P", "expected_result": "SUCCESS", "# + field + "}]}"
        #expect {
            _ = try LimboSuite.decode(Data(json.utf8), source: "t.json")
        } throws: { error in
            "\(error)".contains(message) && "\(error)".contains("t.json")
        }
    }

    @Test func missingFieldIsReportedWithItsPath() {
        let json = #"{"version": 1, "testcases": [{"id": "x", "expected_result": "SUCCESS"}]}"#
        #expect {
            _ = try LimboSuite.decode(Data(json.utf8))
        } throws: { error in
            "\(error)".contains("peer_certificate") && "\(error)".contains("testcases[0]")
        }
    }

    @Test func ipPeerNames() {
        func peer(_ text: String) -> PeerName? { LimboInputs.peerName(.init(kind: .ip, value: text)) }
        #expect(peer("127.0.0.1") == .ip([127, 0, 0, 1]))
        #expect(peer("::1") == .ip(Array(repeating: 0, count: 15) + [1]))
        #expect(peer("2001:db8::1:0:0:1") == .ip([0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1]))
        #expect(peer("256.0.0.1") == nil)
        #expect(peer("example.com") == nil)
    }
}
