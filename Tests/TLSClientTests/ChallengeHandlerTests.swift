import Foundation
import GnuTLSBridge
import Pinning
import Testing
import TLSClient
import TrustCertificates
import TrustEvaluation

/// The challenge handler decides before the engine; `.performDefaultHandling` hands the decision back.
@Suite struct ChallengeHandlerTests {
    @Test func cancelRefusesAGoodChainAndUseCredentialAcceptsAnUnknownRoot() async throws {
        let good = try TLSFixtures.server()
        defer { good.stop() }
        let unknown = try TLSFixtures.server(chain: "other-chain.pem", key: "other-leaf.key")
        defer { unknown.stop() }

        var configuration = try TLSFixtures.configuration()
        configuration.challengeHandler = { _ in .cancel }
        let failure = await TLSFixtures.failure(host: "127.0.0.1", port: good.port, configuration: configuration)
        #expect(failure != nil, "cancel did not refuse")
        if let error = failure {
            guard case .untrusted(let verdict, _, _, _) = error else { Issue.record("unexpected \(error)"); return }
        #expect(verdict.disposition == .cancel)
        #expect(verdict.evaluation == nil)
        }

        // The handler's own check, as an app's: trust exactly the certificate it pins by SPKI.
        let expectedPin = try TLSFixtures.certificate("other-leaf.pem").pin
        configuration.challengeHandler = { challenge in
            challenge.host == "127.0.0.1" && challenge.presentedChain.first?.pin == expectedPin ? .useCredential : .cancel
        }
        let accepted = try await TLSClient.connect(host: "127.0.0.1", port: unknown.port, configuration: configuration)
        #expect(accepted.verdict.disposition == .useCredential)
        await accepted.close()
    }

    @Test func defaultHandlingRunsTheEngine() async throws {
        let unknown = try TLSFixtures.server(chain: "other-chain.pem", key: "other-leaf.key")
        defer { unknown.stop() }
        var configuration = try TLSFixtures.configuration()
        configuration.challengeHandler = { _ in .performDefaultHandling }
        let failure = await TLSFixtures.failure(host: "127.0.0.1", port: unknown.port, configuration: configuration)
        #expect(failure != nil, "default handling trusted an unknown root")
        if let error = failure {
            guard case .untrusted(let verdict, _, _, _) = error else { Issue.record("unexpected \(error)"); return }
        #expect(verdict.disposition == .performDefaultHandling)
        #expect(verdict.evaluation?.isTrusted == false)
        }
    }
}
