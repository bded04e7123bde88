import Foundation
import Testing
import TrustCertificates
import TrustEvaluation
@testable import TrustConformance

@Suite struct VectorRunnerTests {
    @Test func reportsEveryUnmetExpectation() throws {
        var testcase = try #require(LimboFixtures.example.first { $0.id == "example::hostname-mismatch" })
        #expect(VectorRunner().check(testcase).passed)

        testcase.expectedResult = .success
        testcase.expectedAppleResult = "fatalTrustFailure"
        testcase.expectedStatus = -1
        testcase.expectedMessage = "something else"
        testcase.expectedChain = ["00"]
        testcase.expectedFailures = [.init(index: 1, check: .anchorTrusted)]
        testcase.otherProfiles = ["rfc5280": .init(expectedResult: .success, reason: "wrong on purpose")]
        let problems = VectorRunner().check(testcase).problems
        for field in ["expected SUCCESS, got FAILURE", "expected_apple_result", "expected_status", "expected_message",
                      "expected_chain", "expected_failures: missing [1] AnchorTrusted; unexpected [0] SSLHostname",
                      "other_profiles.rfc5280"] {
            #expect(problems.contains { $0.contains(field) }, "no problem mentions \(field): \(problems)")
        }
    }

    @Test func trustedCaseHasStatusZeroAndNoMessage() throws {
        var testcase = try #require(LimboFixtures.example.first { $0.id == "example::valid-two-cert-chain" })
        testcase.expectedMessage = "anything"
        let problems = VectorRunner().check(testcase).problems
        #expect(problems == ["expected_message: expected \"anything\", got no error (trusted)"])
    }

    @Test func rejectedInputsCannotMeetDetailedExpectations() {
        var testcase = LimboFixtures.testcase(expected: .failure)
        testcase.peerCertificate = "not a certificate"
        #expect(VectorRunner().check(testcase).passed)
        testcase.expectedStatus = -67602
        #expect(!VectorRunner().check(testcase).passed)
    }

    @Test func unreadableVectorFileIsReported() throws {
        let directory = NSTemporaryDirectory() + "vectors-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("[]".utf8).write(to: URL(fileURLWithPath: directory + "/b.json"))
        try Data(#"{"testcases": []}"#.utf8).write(to: URL(fileURLWithPath: directory + "/a.json"))
        try Data("ignored".utf8).write(to: URL(fileURLWithPath: directory + "/notes.txt"))
        let files = VectorRunner.loadVectors(directory: directory)
        #expect(files.map(\.name) == ["a.json", "b.json"])
        #expect((try? files[0].result.get())?.testcases.isEmpty == true)
        #expect((try? files[1].result.get()) == nil)
        #expect(VectorRunner.loadVectors(directory: directory + "/absent").isEmpty)
    }
}
