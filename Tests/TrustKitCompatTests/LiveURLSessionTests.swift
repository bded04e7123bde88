import Foundation
import PinningReports
import Testing
import TestSupport
@testable import TrustKitCompat

/// A URLSession delegate as TrustKit's documentation writes it: the validator handles the challenge, and the
/// delegate falls back to the default handling when it does not.
final class PinningDelegate: NSObject, URLSessionDelegate, @unchecked Sendable {
    let trustKit: TrustKit
    private let lock = NSLock()
    private var handled: [Bool] = []

    init(_ trustKit: TrustKit) { self.trustKit = trustKit }

    var handledResults: [Bool] { lock.withLock { handled } }

    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)
    {
        let wasHandled = trustKit.pinningValidator.handle(challenge, completionHandler: completionHandler)
        lock.withLock { handled.append(wasHandled) }
        if !wasHandled {
            completionHandler(.performDefaultHandling, nil)
        }
    }
}

/// The outcome of one request.
struct Fetched: @unchecked Sendable {
    let data: Data?
    let error: Error?
    var text: String? { data.map { String(decoding: $0, as: UTF8.self) } }
    var urlErrorCode: URLError.Code? { (error as? URLError)?.code }
}

/// GET https://localhost:PORT/ through a session whose delegate pins with `trustKit`.
func fetch(_ server: LiveHTTPSServer, with trustKit: TrustKit) async -> (Fetched, PinningDelegate) {
    let delegate = PinningDelegate(trustKit)
    let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
    defer { session.invalidateAndCancel() }
    let fetched = await withCheckedContinuation { continuation in
        session.dataTask(with: server.url("/", host: "localhost")) { data, _, error in
            continuation.resume(returning: Fetched(data: data, error: error))
        }.resume()
    }
    return (fetched, delegate)
}

/// A configuration pinning `localhost`, reporting to `receiver` only.
func localhostConfiguration(pins: [String], enforce: Bool? = nil, receiver: TestHTTPServer? = nil,
                            extra: [String: Any] = [:]) -> [String: Any]
{
    var domain: [String: Any] = [kTSKPublicKeyHashes: pins, kTSKDisableDefaultReportUri: true]
    if let enforce { domain[kTSKEnforcePinning] = enforce }
    if let receiver { domain[kTSKReportUris] = [receiver.url.absoluteString] }
    domain.merge(extra) { _, new in new }
    return [kTSKSwizzleNetworkDelegates: false, kTSKPinnedDomains: ["localhost": domain]]
}

@Suite("TrustKit against a live HTTPS server, through URLSession")
struct LiveURLSessionTests {
    @Test("the pinned leaf key: the request goes through, and the callback reports success")
    func pinnedLeafAllows() async throws {
        let server = try LiveHTTPSServer(Fixtures.live.valid)
        let trustKit = makeTrustKit(localhostConfiguration(pins: [Fixtures.pin(\.valid), Fixtures.foreignPins[0]]), local: true)
        let recorder = CallbackRecorder()
        recorder.install(on: trustKit)
        let (fetched, delegate) = await fetch(server, with: trustKit)
        #expect(fetched.error == nil)
        #expect(fetched.text == "hello")
        #expect(delegate.handledResults == [true])
        let calls = recorder.calls(after: trustKit)
        try #require(calls.count == 1)
        let call = calls[0]
        #expect(call.notedHostname == "localhost")
        #expect(call.result.serverHostname == "localhost")
        #expect(call.result.evaluationResult == .success)
        #expect(call.result.finalTrustDecision == .shouldAllowConnection)
        #expect(call.result.validationDuration >= 0)
        // The evaluated chain: the server's leaf, then the root from the system store.
        let chain = call.result.certificateChain.compactMap { $0 as? String }
        #expect(chain.count == 2)
        let leafBase64 = Fixtures.der(Fixtures.live.valid.certificate).base64EncodedString()
        #expect(chain.first?.hasPrefix("-----BEGIN CERTIFICATE-----\n") == true)
        #expect(chain.first?.hasSuffix("\n-----END CERTIFICATE-----") == true)
        #expect(chain.first?.replacingOccurrences(of: "\r\n", with: "").contains(leafBase64) == true)
        #expect(chain.first?.contains("\r\n") == true)
        #expect(call.policy[kTSKEnforcePinning] as? Bool == true)
        #expect(call.policy[kTSKIncludeSubdomains] as? Bool == false)
        #expect((call.policy[kTSKPublicKeyHashes] as? Set<Data>)?.contains(Data(base64Encoded: Fixtures.pin(\.valid))!) == true)
    }

    @Test("a rotated key matching the backup pin is allowed")
    func rotatedKeyWithBackupPin() async throws {
        let server = try LiveHTTPSServer(Fixtures.live.rotated)
        let trustKit = makeTrustKit(localhostConfiguration(pins: [Fixtures.pin(\.valid), Fixtures.pin(\.rotated)]), local: true)
        let (fetched, _) = await fetch(server, with: trustKit)
        #expect(fetched.error == nil)
        #expect(fetched.text == "hello")
    }

    @Test("a pin on the root from the system store matches")
    func rootPinAllows() async throws {
        let server = try LiveHTTPSServer(Fixtures.live.valid)
        let trustKit = makeTrustKit(localhostConfiguration(pins: [Fixtures.rootPin, Fixtures.foreignPins[0]]), local: true)
        let (fetched, _) = await fetch(server, with: trustKit)
        #expect(fetched.text == "hello")
    }

    @Test("a wrong pin, enforced: cancelled (-999) as on iOS, and TrustKit's report arrives")
    func wrongPinBlocksAndReports() async throws {
        let receiver = try TestHTTPServer()
        let server = try LiveHTTPSServer(Fixtures.live.valid)
        let pins = Fixtures.foreignPins
        let trustKit = makeTrustKit(localhostConfiguration(pins: pins, receiver: receiver), local: true)
        let recorder = CallbackRecorder()
        recorder.install(on: trustKit)
        let (fetched, delegate) = await fetch(server, with: trustKit)
        #expect(fetched.urlErrorCode == .cancelled)
        #expect(fetched.data == nil)
        #expect(delegate.handledResults == [true])
        let calls = recorder.calls(after: trustKit)
        #expect(calls.map(\.result.evaluationResult) == [.failedNoMatchingPin])
        #expect(calls.map(\.result.finalTrustDecision) == [.shouldBlockConnection])

        #expect(await eventually { receiver.requests.count == 1 })
        let request = try #require(receiver.requests.first)
        #expect(request.method == "POST")
        #expect(request.headers["content-type"] == "application/json")
        let report = reportJSON(request)
        #expect(report["app-bundle-id"] as? String == "com.example.trustkit-compat-tests")
        #expect(report["app-version"] as? String == "1.2")
        #expect(report["trustkit-version"] as? String == TrustKitVersion)
        #expect(report["hostname"] as? String == "localhost")
        #expect(report["port"] as? Int == 0)
        #expect(report["noted-hostname"] as? String == "localhost")
        #expect(report["include-subdomains"] as? Bool == false)
        #expect(report["enforce-pinning"] as? Bool == true)
        #expect(report["validation-result"] as? Int == TSKTrustEvaluationResult.failedNoMatchingPin.rawValue)
        #expect(Set(report["known-pins"] as? [String] ?? []) == Set(pins.map { "pin-sha256=\"\($0)\"" }))
        let chain = report["validated-certificate-chain"] as? [String] ?? []
        #expect(chain.count == 2)
        #expect(chain.first?.replacingOccurrences(of: "\r\n", with: "")
            .contains(Fixtures.der(Fixtures.live.valid.certificate).base64EncodedString()) == true)
        #expect(report.keys.contains("known-pins-expiration-date"))
        // The body escapes '/' as NSJSONSerialization does.
        let body = String(decoding: request.body, as: UTF8.self)
        #expect(body.contains("\\/"))
        #expect(!body.replacingOccurrences(of: "\\/", with: "").contains("/"))
    }

    @Test("enforcement off: a pin mismatch is allowed, and reported")
    func reportOnlyAllowsAndReports() async throws {
        let receiver = try TestHTTPServer()
        let server = try LiveHTTPSServer(Fixtures.live.valid)
        let trustKit = makeTrustKit(localhostConfiguration(pins: [Fixtures.foreignPins[0]], enforce: false, receiver: receiver),
                                    local: true)
        let (fetched, _) = await fetch(server, with: trustKit)
        #expect(fetched.error == nil)
        #expect(fetched.text == "hello")
        #expect(await eventually { receiver.requests.count == 1 })
        let report = reportJSON(try #require(receiver.requests.first))
        #expect(report["enforce-pinning"] as? Bool == false)
        #expect(report["validation-result"] as? Int == 1)
    }

    @Test("the same failure twice gives one report (TrustKit's rate limit)")
    func identicalReportsAreRateLimited() async throws {
        let receiver = try TestHTTPServer()
        let server = try LiveHTTPSServer(Fixtures.live.valid)
        let trustKit = makeTrustKit(localhostConfiguration(pins: [Fixtures.foreignPins[0]], enforce: false, receiver: receiver),
                                    local: true)
        _ = await fetch(server, with: trustKit)
        _ = await fetch(server, with: trustKit)
        await trustKit.flushReports()
        #expect(receiver.requests.count == 1)
        // Another instance has its own limiter (TrustKit's is per reporter, so an app restart sends again).
        let other = makeTrustKit(localhostConfiguration(pins: [Fixtures.foreignPins[0]], enforce: false, receiver: receiver),
                                 local: true)
        _ = await fetch(server, with: other)
        await other.flushReports()
        #expect(receiver.requests.count == 2)
    }

    @Test("a host that is not pinned: default handling, so a trusted server loads and a MITM one fails")
    func notPinnedGetsDefaultHandling() async throws {
        let configuration: [String: Any] = [kTSKPinnedDomains: ["trustkit-compat.com": [kTSKPublicKeyHashes: Fixtures.foreignPins]]]
        let trustKit = makeTrustKit(configuration, local: true)
        let recorder = CallbackRecorder()
        recorder.install(on: trustKit)
        let valid = try LiveHTTPSServer(Fixtures.live.valid)
        let (fetched, delegate) = await fetch(valid, with: trustKit)
        #expect(fetched.text == "hello")
        // TrustKit handles a server-trust challenge for an unpinned host by asking for the default handling.
        #expect(delegate.handledResults == [true])
        let mitm = try LiveHTTPSServer(Fixtures.live.mitm)
        let (refused, _) = await fetch(mitm, with: trustKit)
        #expect(refused.urlErrorCode == .serverCertificateUntrusted)
        #expect(recorder.calls(after: trustKit).isEmpty)
    }

    @Test("expired pins (kTSKExpirationDate in the past): not enforced, no callback, no report")
    func expiredPinsAreNotEnforced() async throws {
        let receiver = try TestHTTPServer()
        let server = try LiveHTTPSServer(Fixtures.live.valid)
        let trustKit = makeTrustKit(localhostConfiguration(pins: Fixtures.foreignPins, receiver: receiver,
                                                           extra: [kTSKExpirationDate: "2020-01-01"]), local: true)
        let recorder = CallbackRecorder()
        recorder.install(on: trustKit)
        let (fetched, _) = await fetch(server, with: trustKit)
        #expect(fetched.text == "hello")
        #expect(recorder.calls(after: trustKit).isEmpty)
        await trustKit.flushReports()
        #expect(receiver.requests.isEmpty)
        // The same pins without the expiration date block.
        let current = makeTrustKit(localhostConfiguration(pins: Fixtures.foreignPins, extra: [kTSKExpirationDate: "2999-01-01"]),
                                   local: true)
        #expect(await fetch(server, with: current).0.urlErrorCode == .cancelled)
    }

    @Test("an expired leaf is blocked although its key is pinned and enforcement is off, and reported as an invalid chain")
    func expiredCertificateBlocksRegardlessOfPins() async throws {
        let receiver = try TestHTTPServer()
        let server = try LiveHTTPSServer(Fixtures.live.expired)
        let trustKit = makeTrustKit(localhostConfiguration(pins: [Fixtures.pin(\.expired), Fixtures.rootPin], enforce: false,
                                                           receiver: receiver), local: true)
        let recorder = CallbackRecorder()
        recorder.install(on: trustKit)
        let (fetched, _) = await fetch(server, with: trustKit)
        #expect(fetched.urlErrorCode == .cancelled)
        let calls = recorder.calls(after: trustKit)
        #expect(calls.map(\.result.evaluationResult) == [.failedInvalidCertificateChain])
        #expect(calls.map(\.result.finalTrustDecision) == [.shouldBlockConnection])
        #expect(await eventually { receiver.requests.count == 1 })
        #expect(reportJSON(try #require(receiver.requests.first))["validation-result"] as? Int == 2)
    }

    @Test("a MITM root is blocked although its keys are pinned")
    func mitmChainBlocksRegardlessOfPins() async throws {
        let server = try LiveHTTPSServer(Fixtures.live.mitm)
        let trustKit = makeTrustKit(localhostConfiguration(pins: [Fixtures.pin(\.mitm), Fixtures.mitmRootPin]), local: true)
        let recorder = CallbackRecorder()
        recorder.install(on: trustKit)
        let (fetched, _) = await fetch(server, with: trustKit)
        #expect(fetched.urlErrorCode == .cancelled)
        #expect(recorder.calls(after: trustKit).map(\.result.evaluationResult) == [.failedInvalidCertificateChain])
    }

    @Test("a report also goes to TrustKit's default URI unless kTSKDisableDefaultReportUri")
    func defaultReportURI() async throws {
        let spool = FileManager.default.temporaryDirectory.appendingPathComponent("tk-spool-\(UUID().uuidString)").path
        let server = try LiveHTTPSServer(Fixtures.live.valid)
        // No receiver and the default URI left on: the report is spooled for the default URI.
        let configuration: [String: Any] = [kTSKPinnedDomains: ["localhost": [kTSKPublicKeyHashes: Fixtures.foreignPins]]]
        let trustKit = makeTrustKit(configuration, local: true, spool: spool)
        _ = await fetch(server, with: trustKit)
        trustKit.drainCallbacks()
        let spoolDestinations = try #require(trustKit.reports?.reporter?.spool).pendingEntries().map(\.destination.absoluteString)
        // Delivered or not (there is no network here), it was queued for the default URI.
        let counters = try #require(trustKit.reports?.reporter?.spool).counters()
        #expect(spoolDestinations == ["https://overmind.datatheorem.com/trustkit/report"] || counters.delivered == 1
                || counters.droppedAsRejected == 1)
        try? FileManager.default.removeItem(atPath: spool)
    }
}
