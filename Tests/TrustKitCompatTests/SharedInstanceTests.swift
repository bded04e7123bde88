import Foundation
import Testing
import TestSupport
import TrustKitCompat

/// The shared instance and TrustKit's programming errors, each in a process of its own (exit tests): the
/// shared instance can be initialised once per process, and the errors stop the process as TrustKit's
/// uncaught exceptions do. Only the public API, as an app calls it.
@Suite("TrustKit's shared instance")
struct SharedInstanceTests {
    @Test("sharedInstance() before initSharedInstance stops the process")
    func sharedInstanceBeforeInitialisation() async {
        await #expect(processExitsWith: .failure) {
            _ = TrustKit.sharedInstance()
        }
    }

    @Test("an invalid configuration stops the process")
    func invalidConfiguration() async {
        await #expect(processExitsWith: .failure) {
            _ = TrustKit(configuration: [kTSKPinnedDomains: ["localhost": [kTSKPublicKeyHashes: ["HXXQgxueCIU5TTLHob/bPbwcKOKw6DkfsTWYHbxbqTY="]]]])
        }
    }

    @Test("kTSKSwizzleNetworkDelegates outside the shared instance stops the process")
    func swizzlingOutsideSharedInstance() async {
        await #expect(processExitsWith: .failure) {
            _ = TrustKit(configuration: [
                kTSKSwizzleNetworkDelegates: true,
                kTSKPinnedDomains: ["www.trustkit-compat.com": [kTSKPublicKeyHashes: [
                    "HXXQgxueCIU5TTLHob/bPbwcKOKw6DkfsTWYHbxbqTY=", "0SDf3cRToyZJaMsoS17oF72VMavLxj/N7WBNasNuiR8=",
                ]]],
            ])
        }
    }

    @Test("initSharedInstance once, as the README writes it; a second call is ignored; the shared validator decides")
    func sharedInstance() async {
        await #expect(processExitsWith: .success) {
            setenv("XDG_CACHE_HOME", FileManager.default.temporaryDirectory.appendingPathComponent("tk-cache-\(UUID().uuidString)").path, 1)
            let sitePin = Fixtures.pin(Fixtures.site.certificate)
            let trustKitConfig = [
                kTSKSwizzleNetworkDelegates: false,
                kTSKPinnedDomains: [
                    "trustkit-compat.com": [
                        kTSKIncludeSubdomains: true,
                        kTSKPublicKeyHashes: [sitePin, "WoiWRyIOVNa9ihaBciRSC7XHjliYS9VwUGOIud4PB18="],
                        kTSKDisableDefaultReportUri: true,
                    ]]] as [String: Any]
            TrustKit.initSharedInstance(withConfiguration: trustKitConfig)
            let messages = LockedMessages()
            TrustKit.setLoggerBlock { messages.append($0) }
            // Ignored (TrustKit's dispatch_once), even though this configuration is invalid.
            TrustKit.initSharedInstance(withConfiguration: [kTSKPinnedDomains: ["localhost": [String: Any]()]])
            let validator = TrustKit.sharedInstance().pinningValidator
            precondition(TrustKit.sharedInstance() === TrustKit.sharedInstance())
            precondition(validator.evaluateTrust(Fixtures.trust(Fixtures.site.certificate), forHostname: "www.trustkit-compat.com")
                == .shouldAllowConnection)
            precondition(validator.evaluateTrust(Fixtures.trust(Fixtures.siteRotated.certificate), forHostname: "www.trustkit-compat.com")
                == .shouldBlockConnection)
            precondition(validator.evaluateTrust(Fixtures.trust(Fixtures.site.certificate), forHostname: "example.com") == .domainNotPinned)
            precondition(messages.all.contains { $0.contains("already initialized") })
            precondition(messages.all.contains("Pin validation succeeded for www.trustkit-compat.com"))

            // An app's delegate on the shared instance: localhost is not pinned, so the default handling decides.
            let valid = try LiveHTTPSServer(Fixtures.live.valid)
            let loaded = await AppStyleClient().get(valid.url("/", host: "localhost"))
            precondition(loaded.error == nil && loaded.data == Data("hello".utf8))
            let mitm = try LiveHTTPSServer(Fixtures.live.mitm)
            let refused = await AppStyleClient().get(mitm.url("/", host: "localhost"))
            precondition((refused.error as? URLError)?.code == .serverCertificateUntrusted)
        }
    }
}

/// Networking code as an iOS app writes it with TrustKit (getting-started.md), on the shared instance.
final class AppStyleClient: NSObject, URLSessionDelegate, @unchecked Sendable {
    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)
    {
        // Call into TrustKit here to do pinning validation
        if TrustKit.sharedInstance().pinningValidator.handle(challenge, completionHandler: completionHandler) == false {
            // TrustKit did not handle this challenge: perhaps it was not for server trust
            // or the domain was not pinned. Fall back to the default behavior
            completionHandler(.performDefaultHandling, nil)
        }
    }

    func get(_ url: URL) async -> (data: Data?, error: Error?) {
        let session = URLSession(configuration: .default, delegate: self, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        return await withCheckedContinuation { continuation in
            session.dataTask(with: url) { data, _, error in
                continuation.resume(returning: (data, error))
            }.resume()
        }
    }
}

final class LockedMessages: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    var all: [String] { lock.withLock { messages } }
    func append(_ message: String) { lock.withLock { messages.append(message) } }
}
