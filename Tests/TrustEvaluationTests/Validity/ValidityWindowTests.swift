import Foundation
import Testing
import TrustCertificates
@testable import TrustEvaluation

/// The one validity rule: both ends included, at whole seconds, for certificates and CRLs alike.
@Suite struct ValidityWindowTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let end = Date(timeIntervalSince1970: 1_900_000_000)
    static let window = ValidityWindow(start: start, end: end)

    @Test func bothEndsAreValid() {
        #expect(Self.window.position(of: Self.start) == .valid)
        #expect(Self.window.position(of: Self.end) == .valid)
    }

    /// The last second of validity is valid all through; the second before the start is not.
    @Test func timesAreComparedAtWholeSeconds() {
        #expect(Self.window.position(of: Self.end.addingTimeInterval(0.999)) == .valid)
        #expect(Self.window.position(of: Self.end.addingTimeInterval(1)) == .expired)
        #expect(Self.window.position(of: Self.start.addingTimeInterval(-0.001)) == .notYetValid)
        #expect(Self.window.contains(Self.start.addingTimeInterval(0.5)))
    }

    @Test func aWindowWithoutEndNeverExpires() {
        let open = ValidityWindow(start: Self.start, end: nil)
        #expect(open.position(of: .distantFuture) == .valid)
        #expect(open.position(of: Self.start.addingTimeInterval(-1)) == .notYetValid)
    }

    /// The path builder's quick checks and the temporal check agree: an issuer in its last second is a
    /// valid issuer, so the path through it is accepted with no TemporalValidity failure.
    @Test func theLastSecondOfAnIssuerIsValidForTheWholeEvaluation() throws {
        let root = try PathBuilderTests.load("old-root.pem")[0]
        let time = root.notAfter.addingTimeInterval(0.5)
        let result = TrustEvaluator(anchors: .only(CertificateStore([root])), policies: [.basicX509()])
            .evaluate(leaf: root, at: time)
        #expect(result.isTrusted, "\(result.failures)")
        #expect(ValidityWindow(root).contains(time))
    }
}
