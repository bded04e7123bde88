import Foundation
import Pinning
import Testing
import TrustCertificates
import TrustEvaluation

/// CA-pinning a third-party host: the partner's anchors only, optional SPKI pins, one call.
@Suite struct CAPinnedHostTests {
    static func host(anchors: [String] = ["root.pem"], pins: [String]? = nil) throws -> CAPinnedHost {
        CAPinnedHost(host: "api.example.com", anchors: try anchors.map(PinningFixtures.certificate),
                     pins: try pins.map { try PinSet(parsing: $0.map(PinningFixtures.spkiPin)) }, publicSuffixes: .empty)
    }

    static func verdict(_ host: CAPinnedHost, leaf: String = "leaf.pem", intermediates: [String] = ["intermediate.pem"]) throws -> CAPinnedHostVerdict {
        host.evaluate(leaf: try PinningFixtures.certificate(leaf), intermediates: try intermediates.map(PinningFixtures.certificate),
                      at: PinningFixtures.time)
    }

    @Test func aChainToThePartnersAnchorIsTrusted() throws {
        let verdict = try Self.verdict(try Self.host())
        #expect(verdict.isTrusted)
        #expect(verdict.pinCheck == nil && verdict.failure == nil)
        #expect(verdict.evaluation.chain.last?.source == .anchor)
    }

    @Test func otherAnchorsAreNotTrustedForThePartner() throws {
        // The rogue chain is valid under its own root, but only the partner's root counts.
        let verdict = try Self.verdict(try Self.host(), leaf: "rogue-leaf.pem", intermediates: ["rogue-root.pem"])
        #expect(!verdict.isTrusted)
        #expect(verdict.failure?.verdict == .chainNotTrusted)
        #expect(verdict.failure?.code == verdict.evaluation.error?.code)
    }

    @Test func pinsMustAlsoBeOnTheEvaluatedChain() throws {
        let pinned = try Self.verdict(try Self.host(pins: ["intermediate.pem", "backup.pem"]))
        #expect(pinned.isTrusted)
        #expect(pinned.pinCheck?.matches.map(\.chainIndex) == [1])

        let unpinned = try Self.verdict(try Self.host(pins: ["backup.pem"]), intermediates: ["intermediate.pem", "backup.pem"])
        #expect(unpinned.evaluation.isTrusted)
        #expect(!unpinned.isTrusted)
        #expect(unpinned.failure?.code == PinningFailure.pinMismatchStatus)
    }

    @Test func theHostIsChecked() throws {
        let other = CAPinnedHost(host: "zzz.example.com", anchors: [try PinningFixtures.certificate("root.pem")], publicSuffixes: .empty)
        let verdict = try Self.verdict(other)
        #expect(!verdict.isTrusted)
        #expect(verdict.failure?.code == OSStatusCode.errSecHostNameMismatch)
    }
}
