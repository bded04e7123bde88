import Foundation
import GnuTLSBridge
import Testing
import TrustConformance
import TrustEvaluation
@testable import TrustCheckCLI

/// vectors/recorded.json is a `trustcheck connect --record` of the TLS fixtures' server (leaf + intermediate,
/// a good stapled OCSP response) for localhost at 2026-12-01T00:00:00Z. This test records the same handshake
/// again and requires the same vector, the ephemeral port apart; the vector runner then replays it offline.
///
/// To rewrite the committed vector (after make_fixtures.py): `TRUSTCHECK_VECTOR_RECORD=1 swift test --filter
/// RecordedExampleVectorTests`.
@Suite struct RecordedExampleVectorTests {
    static let vector = ConnectCommandTests.fixtures.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("vectors/recorded.json")

    /// The testcase's members, without the port the server happened to listen on.
    static func portless(_ data: Data) throws -> NSDictionary {
        let suite = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var testcase = try #require((suite["testcases"] as? [[String: Any]])?.first)
        var connection = try #require(testcase["recorded_connection"] as? [String: Any])
        connection["port"] = nil
        testcase["recorded_connection"] = connection
        return testcase as NSDictionary
    }

    @Test func theCommittedVectorIsWhatARecordingOfTheFixturesGives() throws {
        let directory = try ConnectRecordingTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = ProcessInfo.processInfo.environment["TRUSTCHECK_VECTOR_RECORD"] != nil
            ? Self.vector : directory.appendingPathComponent("recorded.json")
        let server = try ConnectRecordingTests.server(ocsp: "ocsp-good.der")
        let result = ConnectCommandTests.connect(server.port, "--record", output.path)
        server.stop()
        #expect(result.status == 0, "\(result.stderr)")
        let committed = try Data(contentsOf: Self.vector)
        #expect(try Self.portless(Data(contentsOf: output)) == (try Self.portless(committed)),
                "vectors/recorded.json is stale: rerun with TRUSTCHECK_VECTOR_RECORD=1")

        let suite = try LimboSuite.load(path: Self.vector.path)
        let report = VectorRunner().check(try #require(suite.testcases.first))
        #expect(report.passed, "\(report.problems)")
        #expect(report.evaluation?.ocspResponses.first?.isUsed == true)
    }
}
