import Foundation
import Testing
import TrustCertificates
import TrustEvaluation

/// TrustError is a LocalizedError: its stable OSStatus `code`, Apple's message as the localized description.
@Suite struct TrustErrorTests {
    @Test func trustErrorIsALocalizedErrorWithAStableCode() throws {
        let root = try TrustAnchorsTests.fixture("old-root.pem")
        let result = TrustEvaluator(anchors: .empty).evaluate(leaf: root, at: TrustAnchorsTests.time)
        let error = try #require(result.error)
        #expect(error.code == -67843)
        #expect(error.errorDescription == "“Old Root” certificate is not trusted")
        #expect((error as Error).localizedDescription == error.message)
        #expect(error.failureReason == error.detailedMessage)
    }
}
