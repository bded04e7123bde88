import Foundation
import Pinning
import Testing
import TrustCertificates
import TrustEvaluation

/// Pins are looked for on the evaluated chain only, after validation, anchor included.
@Suite struct PinSetTests {
    static func evaluate(_ leaf: String = "leaf.pem", intermediates: [String] = ["intermediate.pem"],
                         anchors: [String] = ["root.pem"], at time: Date = PinningFixtures.time) throws -> TrustEvaluationResult
    {
        try PinningFixtures.evaluator(anchors: anchors)
            .evaluate(leaf: PinningFixtures.certificate(leaf), intermediates: intermediates.map(PinningFixtures.certificate), at: time)
    }

    static func pins(_ files: String...) throws -> PinSet {
        try PinSet(parsing: files.map(PinningFixtures.spkiPin))
    }

    @Test func anAnchorTheServerNeverSentCarriesThePin() throws {
        let evaluation = try Self.evaluate()
        #expect(evaluation.isTrusted)
        let result = try Self.pins("root.pem").check(evaluation)
        #expect(result.verdict == .pinned)
        #expect(result.failure == nil)
        let match = try #require(result.matches.first)
        #expect(match.chainIndex == 2)
        #expect(match.source == .anchor)
        #expect(match.certificate == (try PinningFixtures.certificate("root.pem")))
    }

    @Test func everyMatchIsListedLeafFirst() throws {
        let result = try Self.pins("intermediate.pem", "leaf.pem", "backup.pem").check(try Self.evaluate())
        #expect(result.isPinned)
        #expect(result.matches.map(\.chainIndex) == [0, 1])
        #expect(result.matches.map(\.source) == [.presented, .presented])
    }

    @Test func aPinnedCertificateSentBesideTheChainButNotOnItDoesNotCount() throws {
        // The server also sends the backup certificate; it is not on the path, so its pin must not match.
        let evaluation = try Self.evaluate(intermediates: ["intermediate.pem", "backup.pem"])
        #expect(evaluation.isTrusted)
        #expect(!evaluation.certificates.contains(try PinningFixtures.certificate("backup.pem")))
        let result = try Self.pins("backup.pem").check(evaluation)
        #expect(result.verdict == .noMatchingPin)
        let failure = try #require(result.failure)
        #expect(failure.code == -9886)
        #expect(failure.message == "\"example.com\",\"Pinning Test Intermediate\",\"Pinning Test Root\" certificates do not meet pinning requirements")
    }

    @Test func aPinNeverRescuesAChainThatFailsValidation() throws {
        let evaluation = try Self.evaluate("expired-leaf.pem")
        #expect(!evaluation.isTrusted)
        let result = try Self.pins("intermediate.pem", "root.pem").check(evaluation)
        #expect(result.verdict == .chainNotTrusted)
        #expect(result.matches.isEmpty)
        let failure = try #require(result.failure)
        #expect(failure.code == evaluation.error?.code)
        #expect(failure.message == evaluation.error?.message)
    }

    @Test func externalRepresentationPinsMatchTheirOwnDigestOnly() throws {
        let expected = try PinningFixtures.expected()
        let evaluation = try Self.evaluate()
        let keyPins = try PinSet(parsing: [expected["leaf.pem"]!.external_representation_sha256],
                                 algorithm: .externalRepresentationSHA256)
        #expect(keyPins.check(evaluation).matches.map(\.chainIndex) == [0])
        // The same bytes read as an SPKI pin match nothing.
        let misread = try PinSet(parsing: [expected["leaf.pem"]!.external_representation_sha256])
        #expect(misread.check(evaluation).verdict == .noMatchingPin)
    }

    @Test func duplicatePinsCollapse() throws {
        let pin = try PinningFixtures.spkiPin("root.pem")
        #expect(try PinSet(parsing: [pin, "sha256/" + pin, "pin-sha256=\"\(pin)\""]).pins.count == 1)
    }
}
