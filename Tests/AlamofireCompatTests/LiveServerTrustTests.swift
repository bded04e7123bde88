import AlamofireCompat
import Foundation
import Testing
import TestSupport

// Sessions configured as Alamofire's documentation and iOS pinning articles configure them, against local HTTPS
// servers presenting the live fixtures (valid, rotated, wrongHost, expired, mitm). The URLs use 127.0.0.1, the
// host the challenge's protection space names and the evaluators are keyed by.

private let host = "127.0.0.1"

/// A session whose manager evaluates `host` with `evaluator`.
private func session(_ evaluator: any ServerTrustEvaluating, allHostsMustBeEvaluated: Bool = true) -> Session {
    Session(serverTrustManager: ServerTrustManager(allHostsMustBeEvaluated: allHostsMustBeEvaluated, evaluators: [host: evaluator]))
}

/// The response of GET `path` on `server`, through `session`.
private func load(_ session: Session, _ server: LiveHTTPSServer, _ path: String = "/") async -> AFDataResponse<String> {
    let response = await session.request(server.url(path)).serializingString().response
    withExtendedLifetime(session) {}
    return response
}

@Suite("Server trust of live requests", .serialized)
struct LiveServerTrustTests {
    // MARK: DefaultTrustEvaluator

    @Test func defaultEvaluatorTrustsAValidServer() async throws {
        let server = try LiveServers.server(\.valid)
        let response = await load(session(DefaultTrustEvaluator()), server)
        #expect(response.value == "hello")
        #expect(response.response?.statusCode == 200)
    }

    @Test func defaultEvaluatorRejectsAWrongHost() async throws {
        let server = try LiveServers.server(\.wrongHost)
        let response = await load(session(DefaultTrustEvaluator()), server)
        // Alamofire on iOS 12+: the host validation's SecTrustEvaluateWithError error.
        #expect(trustEvaluationStatus(response.error) == errSecHostNameMismatch, "\(String(describing: response.error))")
        #expect(response.error?.isServerTrustEvaluationError == true)
        #expect(response.response == nil)
        // Without host validation the chain alone is evaluated, and it is valid.
        #expect(await load(session(DefaultTrustEvaluator(validateHost: false)), server).value == "hello")
    }

    @Test func defaultEvaluatorRejectsAnExpiredCertificate() async throws {
        let server = try LiveServers.server(\.expired)
        let response = await load(session(DefaultTrustEvaluator()), server)
        #expect(trustEvaluationStatus(response.error) == errSecCertificateExpired, "\(String(describing: response.error))")
    }

    @Test func defaultEvaluatorRejectsAnUntrustedRoot() async throws {
        let server = try LiveServers.server(\.mitm)
        let response = await load(session(DefaultTrustEvaluator()), server)
        #expect(isUnknownIssuer(trustEvaluationStatus(response.error)), "\(String(describing: response.error))")
        #expect(response.error?.underlyingError is CFError)
        #expect(response.error?.localizedDescription.hasPrefix("Server trust evaluation failed due to reason: SecTrust evaluation failed with error: ") == true)
    }

    // MARK: PinnedCertificatesTrustEvaluator

    @Test func pinnedLeafOrRootCertificateIsAccepted() async throws {
        let server = try LiveServers.server(\.valid)
        let leaf = try LiveServers.certificate(\.valid)
        #expect(await load(session(PinnedCertificatesTrustEvaluator(certificates: [leaf])), server).value == "hello")
        let root = try LiveServers.liveRoot()
        #expect(await load(session(PinnedCertificatesTrustEvaluator(certificates: [root])), server).value == "hello")
    }

    @Test func certificatesFromData() async throws {
        // let certificateData = try Data(contentsOf: url); SecCertificateCreateWithData(nil, certificateData as CFData)
        let server = try LiveServers.server(\.rotated)
        let data = try LiveServers.fixtures.valid.der()
        let pinned = try #require(SecCertificateCreateWithData(nil, data as CFData))
        let response = await load(session(PinnedCertificatesTrustEvaluator(certificates: [pinned])), server)
        guard case let .certificatePinningFailed(failedHost, _, pinnedCertificates, serverCertificates)? = serverTrustReason(response.error) else {
            Issue.record("expected certificatePinningFailed, got \(String(describing: response.error))")
            return
        }
        #expect(failedHost == host)
        #expect(pinnedCertificates == [pinned])
        #expect(serverCertificates.first == (try LiveServers.certificate(\.rotated)))
        #expect(serverCertificates.count == 2)  // the leaf and the live root from the system store
        #expect(response.error?.localizedDescription == "Server trust evaluation failed due to reason: Certificate pinning failed for host 127.0.0.1.")
    }

    @Test func pinnedCertificatesFromABundleDirectory() async throws {
        // Bundle.main.af.certificates in an app: the .cer files in the app's resources.
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try LiveServers.fixtures.valid.der().write(to: directory.appendingPathComponent("api.example.com.cer"))
        try LiveTLSFixtures.der(ofPEM: LiveServers.fixtures.mitmRoot).write(to: directory.appendingPathComponent("other.der"))
        let bundle = try #require(Bundle(path: directory.path))
        let certificates = bundle.af.certificates
        #expect(certificates.count == 2)

        let valid = try LiveServers.server(\.valid)
        #expect(await load(session(PinnedCertificatesTrustEvaluator(certificates: certificates)), valid).value == "hello")
        let rotated = try LiveServers.server(\.rotated)
        #expect(serverTrustReason(await load(session(PinnedCertificatesTrustEvaluator(certificates: certificates)), rotated).error)
            .map { if case .certificatePinningFailed = $0 { true } else { false } } == true)
        let keys = PublicKeysTrustEvaluator(keys: bundle.af.publicKeys)
        #expect(await load(session(keys), valid).value == "hello")
    }

    @Test func pinningTheMITMRootStillRequiresATrustedChain() async throws {
        let server = try LiveServers.server(\.mitm)
        let mitmRoot = try LiveServers.mitmRoot()
        // Default validation runs first and the MITM root is in no store.
        let response = await load(session(PinnedCertificatesTrustEvaluator(certificates: [mitmRoot])), server)
        #expect(isUnknownIssuer(trustEvaluationStatus(response.error)))
        // acceptSelfSignedCertificates makes the pinned certificates the anchors.
        let selfSigned = PinnedCertificatesTrustEvaluator(certificates: [mitmRoot], acceptSelfSignedCertificates: true)
        #expect(await load(session(selfSigned), server).value == "hello")
        // ... and the only ones: a valid public chain then fails.
        let valid = try LiveServers.server(\.valid)
        #expect(trustEvaluationStatus(await load(session(selfSigned), valid).error) == errSecNotTrusted)
    }

    // MARK: PublicKeysTrustEvaluator

    @Test func pinnedPublicKeysWithABackupSurviveAKeyRotation() async throws {
        let validKey = try #require(try LiveServers.certificate(\.valid).af.publicKey)
        let rotatedKey = try #require(try LiveServers.certificate(\.rotated).af.publicKey)
        let valid = try LiveServers.server(\.valid)
        let rotated = try LiveServers.server(\.rotated)

        #expect(await load(session(PublicKeysTrustEvaluator(keys: [validKey])), valid).value == "hello")
        let response = await load(session(PublicKeysTrustEvaluator(keys: [validKey])), rotated)
        guard case let .publicKeyPinningFailed(failedHost, _, pinnedKeys, serverKeys)? = serverTrustReason(response.error) else {
            Issue.record("expected publicKeyPinningFailed, got \(String(describing: response.error))")
            return
        }
        #expect(failedHost == host)
        #expect(pinnedKeys == [validKey])
        #expect(serverKeys.first == rotatedKey)
        #expect(await load(session(PublicKeysTrustEvaluator(keys: [validKey, rotatedKey])), rotated).value == "hello")
    }

    @Test func pinnedPublicKeyDoesNotExcuseAWrongHost() async throws {
        let key = try #require(try LiveServers.certificate(\.wrongHost).af.publicKey)
        let server = try LiveServers.server(\.wrongHost)
        #expect(trustEvaluationStatus(await load(session(PublicKeysTrustEvaluator(keys: [key])), server).error) == errSecHostNameMismatch)
        let withoutHost = PublicKeysTrustEvaluator(keys: [key], validateHost: false)
        #expect(await load(session(withoutHost), server).value == "hello")
    }

    // MARK: Composite, Revocation, Disabled

    @Test func compositeOfDefaultAndPinning() async throws {
        let root = try LiveServers.liveRoot()
        let composite = CompositeTrustEvaluator(evaluators: [DefaultTrustEvaluator(), PinnedCertificatesTrustEvaluator(certificates: [root])])
        #expect(await load(session(composite), try LiveServers.server(\.valid)).value == "hello")
        // The first evaluator's failure is the error.
        let wrongHost = await load(session(composite), try LiveServers.server(\.wrongHost))
        #expect(trustEvaluationStatus(wrongHost.error) == errSecHostNameMismatch)
        let pinnedElsewhere = CompositeTrustEvaluator(evaluators: [
            DefaultTrustEvaluator(), PinnedCertificatesTrustEvaluator(certificates: [try LiveServers.mitmRoot()]),
        ])
        let response = await load(session(pinnedElsewhere), try LiveServers.server(\.valid))
        guard case .certificatePinningFailed? = serverTrustReason(response.error) else {
            Issue.record("expected certificatePinningFailed, got \(String(describing: response.error))")
            return
        }
    }

    @Test func revocationEvaluatorOnALiveServer() async throws {
        let server = try LiveServers.server(\.valid)
        #expect(await load(session(RevocationTrustEvaluator()), server).value == "hello")
        let strict = RevocationTrustEvaluator(options: [.ocsp, .crl, .requirePositiveResponse])
        #expect(serverTrustReason(await load(session(strict), server).error) != nil)
    }

    @Test func disabledEvaluatorAcceptsTheMITMServer() async throws {
        let server = try LiveServers.server(\.mitm)
        #expect(await load(session(DisabledTrustEvaluator()), server).value == "hello")
    }

    // MARK: ServerTrustManager

    @Test func unlistedHostFailsWhenAllHostsMustBeEvaluated() async throws {
        let server = try LiveServers.server(\.valid)
        let manager = ServerTrustManager(evaluators: ["api.example.com": DefaultTrustEvaluator()])
        let response = await load(Session(serverTrustManager: manager), server)
        guard case let .noRequiredEvaluator(failedHost)? = serverTrustReason(response.error) else {
            Issue.record("expected noRequiredEvaluator, got \(String(describing: response.error))")
            return
        }
        #expect(failedHost == host)
    }

    @Test func unlistedHostGetsTheDefaultHandlingOtherwise() async throws {
        let manager = ServerTrustManager(allHostsMustBeEvaluated: false, evaluators: ["api.example.com": DisabledTrustEvaluator()])
        #expect(await load(Session(serverTrustManager: manager), try LiveServers.server(\.valid)).value == "hello")
        // The default handling is the system's evaluation: the MITM server is refused with URLError -1202.
        let response = await load(Session(serverTrustManager: manager), try LiveServers.server(\.mitm))
        guard case let .sessionTaskFailed(error)? = response.error else {
            Issue.record("expected sessionTaskFailed, got \(String(describing: response.error))")
            return
        }
        #expect((error as? URLError)?.code == .serverCertificateUntrusted)
        #expect(response.error?.isServerTrustEvaluationError == false)
        #expect(response.error?.isSessionTaskError == true)
    }

    @Test func withoutAManagerTheSystemDecides() async throws {
        #expect(await load(Session(), try LiveServers.server(\.valid)).value == "hello")
        let response = await load(Session(), try LiveServers.server(\.expired))
        #expect((response.error?.underlyingError as? URLError)?.code == .serverCertificateUntrusted)
    }

    @Test func aManagerSubclassChoosesEvaluatorsByPattern() async throws {
        // AdvancedUsage.md: subclass ServerTrustManager for wildcard matching.
        final class WildcardServerTrustManager: ServerTrustManager, @unchecked Sendable {
            private let lock = NSLock()
            private var asked: [String] = []
            var hostsAsked: [String] { lock.withLock { asked } }

            override func serverTrustEvaluator(forHost host: String) throws -> (any ServerTrustEvaluating)? {
                lock.withLock { asked.append(host) }
                if let evaluator = evaluators[host] { return evaluator }
                for (pattern, evaluator) in evaluators where pattern.hasPrefix("*.") {
                    if host.hasSuffix(pattern.dropFirst(1)) { return evaluator }
                }
                if host.hasPrefix("127.") { return evaluators["*.loopback"] }
                return try super.serverTrustEvaluator(forHost: host)
            }
        }
        let leafKey = try #require(try LiveServers.certificate(\.valid).af.publicKey)
        let manager = WildcardServerTrustManager(evaluators: ["*.loopback": PublicKeysTrustEvaluator(keys: [leafKey])])
        let session = Session(serverTrustManager: manager)
        #expect(await load(session, try LiveServers.server(\.valid)).value == "hello")
        let rotated = await load(session, try LiveServers.server(\.rotated))
        #expect(serverTrustReason(rotated.error).map { if case .publicKeyPinningFailed = $0 { true } else { false } } == true)
        #expect(manager.hostsAsked == [host, host])
    }

    @Test func aCustomEvaluatorsErrorIsWrapped() async throws {
        struct Refused: Error {}
        struct RefusingEvaluator: ServerTrustEvaluating {
            func evaluate(_ trust: SecTrust, forHost host: String) throws { throw Refused() }
        }
        let response = await load(session(RefusingEvaluator()), try LiveServers.server(\.valid))
        guard case let .customEvaluationFailed(error)? = serverTrustReason(response.error) else {
            Issue.record("expected customEvaluationFailed, got \(String(describing: response.error))")
            return
        }
        #expect(error is Refused)
        #expect(response.error?.underlyingError is Refused)
    }

    @Test func theEvaluatorReceivesTheServersChainAndHost() async throws {
        final class Recorder: ServerTrustEvaluating, @unchecked Sendable {
            private let lock = NSLock()
            private var seen: [(String, [Data])] = []
            var calls: [(String, [Data])] { lock.withLock { seen } }
            func evaluate(_ trust: SecTrust, forHost host: String) throws {
                try trust.af.performDefaultValidation(forHost: host)
                lock.withLock { seen.append((host, trust.af.certificateData)) }
            }
        }
        let recorder = Recorder()
        #expect(await load(session(recorder), try LiveServers.server(\.valid)).value == "hello")
        #expect(recorder.calls.count == 1)
        #expect(recorder.calls.first?.0 == host)
        #expect(recorder.calls.first?.1 == [try LiveServers.fixtures.valid.der(), try LiveTLSFixtures.der(ofPEM: LiveTLSFixtures.root)])
    }
}
