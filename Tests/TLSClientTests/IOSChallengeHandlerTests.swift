import Foundation
import GnuTLSBridge
import SecTrustCompat
import Testing
import TLSClient
import TrustCertificates
import TrustEvaluation

/// The seeds' iOS challenge handler (anchor workflow + SPKI pin), written against Apple's Security API,
/// deciding a live handshake. Only the plumbing around `handle` is TrustCheck's.
@Suite struct IOSChallengeHandlerTests {
    /// As an app writes it for urlSession(_:didReceive:completionHandler:): its own anchor only, default
    /// evaluation, then the leaf's key against a pinned SPKI SHA-256 (TrustKit's EC P-256 header).
    struct PinningDelegate: Sendable {
        static let ecDsaSecp256r1Asn1Header: [UInt8] = [
            0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02,
            0x01, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03,
            0x42, 0x00,
        ]
        let anchor: SecCertificate
        let pinnedKeyHash: String
        let verifyDate: Date

        func handle(serverTrust: SecTrust, host: String) -> ChallengeDisposition {
            SecTrustSetPolicies(serverTrust, SecPolicyCreateSSL(true, host as CFString))
            SecTrustSetAnchorCertificates(serverTrust, [anchor] as CFArray)
            SecTrustSetAnchorCertificatesOnly(serverTrust, true)
            SecTrustSetVerifyDate(serverTrust, verifyDate as CFDate)
            var error: CFError?
            guard SecTrustEvaluateWithError(serverTrust, &error),
                  let key = SecTrustCopyKey(serverTrust),
                  let external = SecKeyCopyExternalRepresentation(key, nil) as Data?
            else { return .cancel }
            let hash = Data(SHA256.hash(Self.ecDsaSecp256r1Asn1Header + [UInt8](external))).base64EncodedString()
            return hash == pinnedKeyHash ? .useCredential : .cancel
        }
    }

    static func delegate(pinning leaf: String) throws -> PinningDelegate {
        let anchor = try #require(SecCertificateCreateWithData(nil, Data(try TLSFixtures.certificate("root.pem").der) as CFData))
        return PinningDelegate(anchor: anchor, pinnedKeyHash: Data(try TLSFixtures.certificate(leaf).spkiSHA256).base64EncodedString(), verifyDate: TLSFixtures.time)
    }

    /// No anchors in the client's own configuration: only the delegate's SecTrust code can trust this server.
    static func configuration(_ delegate: PinningDelegate) throws -> TLSClientConfiguration {
        var configuration = try TLSFixtures.configuration()
        configuration.anchors = .empty
        configuration.challengeHandler = { challenge in delegate.handle(serverTrust: challenge.serverTrust, host: "localhost") }
        return configuration
    }

    @Test func theIOSHandlerTrustsItsPinnedServer() async throws {
        let server = try TLSFixtures.server()
        defer { server.stop() }
        let configuration = try Self.configuration(Self.delegate(pinning: "leaf.pem"))
        let connection = try await TLSClient.connect(host: "127.0.0.1", port: server.port, configuration: configuration)
        #expect(connection.verdict.disposition == .useCredential)
        #expect(try await HTTPDiagnosticRequest.get(host: "localhost", on: connection).statusCode == 200)
        await connection.close()
    }

    @Test func theIOSHandlerRefusesAnotherKeyAndAnotherRoot() async throws {
        let server = try TLSFixtures.server()
        defer { server.stop() }
        let wrongPin = try Self.configuration(Self.delegate(pinning: "other-leaf.pem"))
        let failure = await TLSFixtures.failure(port: server.port, configuration: wrongPin)
        guard case .untrusted(let verdict, _, _, _) = try #require(failure) else {
            Issue.record("unexpected \(String(describing: failure))")
            return
        }
        #expect(verdict.disposition == .cancel)

        let other = try TLSFixtures.server(chain: "other-chain.pem", key: "other-leaf.key")
        defer { other.stop() }
        let otherRoot = try Self.configuration(Self.delegate(pinning: "other-leaf.pem"))
        #expect(await TLSFixtures.failure(port: other.port, configuration: otherRoot)?.code == "trust.refused")
    }

    /// `challenge.serverTrust` is one object, as `protectionSpace.serverTrust` is: a handler that sets its
    /// anchors through one read and evaluates through another (as delegate code often does) sees its anchors.
    /// A fresh SecTrust on each read would evaluate without them and cancel.
    @Test func everyReadOfServerTrustIsTheSameSecTrust() async throws {
        let server = try TLSFixtures.server()
        defer { server.stop() }
        let delegate = try Self.delegate(pinning: "leaf.pem")
        var configuration = try TLSFixtures.configuration()
        configuration.anchors = .empty
        configuration.challengeHandler = { challenge in
            guard challenge.serverTrust === challenge.serverTrust else { return .cancel }
            SecTrustSetAnchorCertificates(challenge.serverTrust, [delegate.anchor] as CFArray)
            SecTrustSetVerifyDate(challenge.serverTrust, delegate.verifyDate as CFDate)
            var error: CFError?
            return SecTrustEvaluateWithError(challenge.serverTrust, &error) ? .useCredential : .cancel
        }
        let connection = try await TLSClient.connect(host: "127.0.0.1", port: server.port, configuration: configuration)
        #expect(connection.verdict.disposition == .useCredential)
        await connection.close()
    }
}
