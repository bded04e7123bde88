import Foundation
import Pinning
import Testing
import TrustCertificates
import TrustEvaluation

/// The one-line reasons of a pinning outcome: `blockReason` when it refuses, `pinMismatch` for a valid
/// chain without a pin, and `reason` whatever the decision, over the fixture chains for www.example.com.
@Suite struct PinningOutcomeReasonTests {
    static let intermediate = "hxiHr3WPqKxDCjfemE6LdA3XfzMc7cpIcBaakPBKRfk="
    static let backup = "/SWKtJU1bA+lu5Ggz3h8r8xrCMXizun490d7eYuQdwI="

    static func outcome(_ policy: PinningPolicy, leaf: String = "leaf.pem", intermediates: [String] = ["intermediate.pem"],
                        anchors: [String] = ["root.pem"]) throws -> PinningOutcome
    {
        let evaluator = try PinningFixtures.evaluator(anchors: anchors)
        let presented = try ([leaf] + intermediates).map(PinningFixtures.certificate)
        let evaluation = evaluator.evaluate(leaf: presented[0], intermediates: Array(presented.dropFirst()), at: PinningFixtures.time)
        return policy.apply(to: evaluation, presented: presented, anchors: evaluator.anchors, host: "www.example.com")
    }

    static func pins(_ base64: [String], reportOnly: Bool = false) throws -> PinningPolicy {
        .pins(try PinSet(parsing: base64), reportOnly: reportOnly)
    }

    @Test func aMismatchNamesThePinExpectedAndApplesCode() throws {
        let outcome = try Self.outcome(Self.pins([Self.backup]))
        #expect(!outcome.allowsConnection && outcome.evaluation.isTrusted)
        let line = "pin mismatch: the pin expected (sha256/\(Self.backup)) is not on the chain (-9886)"
        #expect(outcome.pinMismatch == line)
        #expect(outcome.blockReason == line)
        #expect(outcome.reason == line)
    }

    @Test func severalPinsAreListedUpToThree() throws {
        let pins = ["AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBA=",
                    "CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCA="]
        let two = try Self.outcome(Self.pins(Array(pins.prefix(2))))
        #expect(two.blockReason == "pin mismatch: none of the 2 pins expected (sha256/\(pins[0]), sha256/\(pins[1])) "
            + "is on the chain (-9886)")
        let four = try Self.outcome(Self.pins(pins + [Self.backup]))
        #expect(four.blockReason == "pin mismatch: none of the 4 pins expected (" + pins.map { "sha256/" + $0 }.joined(separator: ", ")
            + " and 1 more) is on the chain (-9886)")
    }

    @Test func aMatchOrAReportedMismatchIsAddedToTheChainsReason() throws {
        let matched = try Self.outcome(Self.pins([Self.intermediate]))
        #expect(matched.allowsConnection && matched.blockReason == nil)
        #expect(matched.reason == "chain to \u{201C}Pinning Test Root\u{201D} (anchor); pin sha256/\(Self.intermediate) "
            + "matches [1] \u{201C}Pinning Test Intermediate\u{201D}")
        let reported = try Self.outcome(Self.pins([Self.backup], reportOnly: true))
        #expect(reported.allowsConnection && reported.blockReason == nil)
        #expect(reported.reason == "chain to \u{201C}Pinning Test Root\u{201D} (anchor); pin mismatch: the pin expected "
            + "(sha256/\(Self.backup)) is not on the chain (-9886), reported only")
    }

    /// Pins are not looked at on an untrusted chain: the reason is the chain's own, report-only or not.
    @Test func anUntrustedChainGivesTheEvaluationsReason() throws {
        for reportOnly in [false, true] {
            let outcome = try Self.outcome(Self.pins([Self.intermediate], reportOnly: reportOnly), leaf: "expired-leaf.pem")
            #expect(!outcome.allowsConnection)
            #expect(outcome.pinMismatch == nil)
            #expect(outcome.blockReason == outcome.evaluation.reason)
            #expect(outcome.reason.hasPrefix("expired: the leaf \u{201C}example.com\u{201D} expired at "))
        }
    }

    @Test func aTrustKitMismatchNamesTheDomainItsPinsAndTrustKitsResult() throws {
        let configuration = try TrustKitConfiguration(contentsOfFile: PinningFixtures.path("trustkit.json"),
                                                      registry: PinningFixtures.registry)
        let outcome = try Self.outcome(.trustKit(configuration), leaf: "rogue-leaf.pem", intermediates: [],
                                       anchors: ["root.pem", "rogue-root.pem"])
        #expect(outcome.decision == .block)
        #expect(outcome.blockReason == "pin mismatch: none of the 2 pins expected for example.com (sha256/\(Self.intermediate), "
            + "sha256/\(Self.backup)) is on the chain (TSKTrustEvaluationFailedNoMatchingPin, -9886)")
    }

    /// Not pinned: the engine alone decides, and says why.
    @Test func aHostThatIsNotPinnedGivesTheEvaluationsReason() throws {
        let configuration = try TrustKitConfiguration(contentsOfFile: PinningFixtures.path("trustkit.json"),
                                                      registry: PinningFixtures.registry)
        let evaluator = try PinningFixtures.evaluator()
        let presented = try ["leaf.pem", "intermediate.pem"].map(PinningFixtures.certificate)
        let evaluation = evaluator.evaluate(leaf: presented[0], intermediates: [presented[1]], at: PinningFixtures.time)
        let outcome = PinningPolicy.trustKit(configuration)
            .apply(to: evaluation, presented: presented, anchors: evaluator.anchors, host: "other.example.net")
        #expect(outcome.decision == .notPinned)
        #expect(outcome.reason == evaluation.reason)
        #expect(outcome.blockReason == nil)
    }
}
