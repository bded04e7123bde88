import Foundation
import Testing
import TrustCertificates
import TrustEvaluation
@testable import TrustConformance

/// The example vectors' certificates serve as fixtures: a root, and a leaf for example.com it issued.
enum LimboFixtures {
    static let example: [LimboTestcase] = {
        let path = (TestPaths.vectorsDirectory as NSString).appendingPathComponent("example.json")
        return (try? LimboSuite.load(path: path).testcases) ?? []
    }()

    static var valid: LimboTestcase { example.first { $0.id == "example::valid-two-cert-chain" }! }
    static var root: String { valid.trustedCerts[0] }
    static var leaf: String { valid.peerCertificate }

    static func testcase(_ id: String = "test::case", expected: LimboTestcase.ExpectedResult = .success,
                         peer: LimboTestcase.PeerNameSpec? = .init(kind: .dns, value: "example.com"))
        -> LimboTestcase
    {
        LimboTestcase(id: id, trustedCerts: [root], peerCertificate: leaf, validationTime: "2025-06-01T00:00:00Z",
                      expectedResult: expected, expectedPeerName: peer)
    }
}
