import Foundation
import Pinning
import PinningReports
import TestSupport
@testable import TrustKitCompat
import TrustEvaluation

/// The live fixtures (LiveTLSFixtures), with the tests' system trust store installed first, plus leaves for
/// names under a public suffix (TrustKit refuses to pin `localhost` or an IP address), issued under the same
/// root so that the default evaluation trusts them.
enum Fixtures {
    static let live: LiveTLSFixtures = {
        _ = SecTrustCompatConfiguration.setSystemAnchorsPath(LiveTLSFixtures.systemAnchorsPath)
        return try! LiveTLSFixtures()
    }()

    static let siteNames = ["trustkit-compat.com", "www.trustkit-compat.com", "unpinned.trustkit-compat.com",
                            "other-trustkit-compat.com"]

    private static let rootKey = LiveTLSFixtures.sourceDirectory.appendingPathComponent("live-root.key")

    /// A leaf for `siteNames` under the live root.
    static let site = try! LiveTLSFixtures.issue("tk-site", names: siteNames, in: live.directory, ca: LiveTLSFixtures.root, caKey: rootKey)
    /// The same names under another key.
    static let siteRotated = try! LiveTLSFixtures.issue("tk-site-rotated", names: siteNames, in: live.directory,
                                                        ca: LiveTLSFixtures.root, caKey: rootKey)

    /// The pin of a PEM certificate's key as TrustKit's documentation computes it:
    /// `openssl x509 -pubkey | openssl pkey -pubin -outform DER | openssl dgst -sha256 -binary | base64`.
    static func pin(_ certificate: URL) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "openssl x509 -pubkey -noout -in \"$1\" | openssl pkey -pubin -outform DER"
                                + " | openssl dgst -sha256 -binary | base64", "sh", certificate.path]
        let output = Pipe()
        process.standardOutput = output
        try! process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let pin = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        precondition(process.terminationStatus == 0 && pin.count == 44, "cannot compute the pin of \(certificate.path)")
        return pin
    }

    static func pin(_ identity: KeyPath<LiveTLSFixtures, LiveTLSFixtures.Identity>) -> String { pin(live[keyPath: identity].certificate) }
    static var rootPin: String { pin(LiveTLSFixtures.root) }
    static var mitmRootPin: String { pin(live.mitmRoot) }

    /// Two pins no fixture chain carries (a valid configuration whose pins never match).
    static let foreignPins = ["HXXQgxueCIU5TTLHob/bPbwcKOKw6DkfsTWYHbxbqTY=", "0SDf3cRToyZJaMsoS17oF72VMavLxj/N7WBNasNuiR8="]

    /// A SecTrust for a leaf, as a TLS connection hands it over (Basic X.509 policy; TrustKit sets SSL).
    static func trust(_ leaf: URL) -> SecTrust {
        _ = live
        let certificate = SecCertificateCreateWithData(nil, try! LiveTLSFixtures.der(ofPEM: leaf) as CFData)!
        var trust: SecTrust?
        precondition(SecTrustCreateWithCertificates(certificate, SecPolicyCreateBasicX509(), &trust) == errSecSuccess)
        return trust!
    }

    static func der(_ certificate: URL) -> Data { try! LiveTLSFixtures.der(ofPEM: certificate) }

    /// The Public Suffix List view of the live tests: TrustKit's rules, plus `localhost` as a top-level
    /// domain, so that the local HTTPS server (whose only names are localhost and 127.0.0.1) can be pinned
    /// under its name. Everything else is the system list.
    static let localRegistry = TrustKitDomainRegistry(
        text: (try! String(contentsOfFile: PublicSuffixList.systemPath, encoding: .utf8)) + "\nlocalhost\n")
}

/// A TrustKit instance as `init(configuration:)` makes it, with the test's report spool and app fields.
func makeTrustKit(_ configuration: [String: Any], local: Bool = false, spool: String? = nil) -> TrustKit {
    var environment = TrustKitCompatEnvironment()
    environment.registry = local ? Fixtures.localRegistry : .system
    environment.reportSpoolDirectory = spool ?? FileManager.default.temporaryDirectory
        .appendingPathComponent("tk-spool-\(UUID().uuidString)").path
    environment.app = TrustKitAppInfo(bundleIdentifier: "com.example.trustkit-compat-tests", version: "1.2")
    environment.reportRequestTimeout = 5
    return TrustKit(checked: configuration, environment: environment, isSingleton: false)
}

/// What the callback received, collected on a private queue.
final class CallbackRecorder: @unchecked Sendable {
    struct Call {
        let result: TSKPinningValidatorResult
        let notedHostname: String
        let policy: TKSDomainPinningPolicy
    }

    let queue = DispatchQueue(label: "callback-recorder")
    private let lock = NSLock()
    private var recorded: [Call] = []

    /// Installs itself as `trustKit`'s callback, on its own queue.
    func install(on trustKit: TrustKit) {
        trustKit.pinningValidatorCallbackQueue = queue
        trustKit.pinningValidatorCallback = { result, notedHostname, policy in
            self.lock.withLock { self.recorded.append(Call(result: result, notedHostname: notedHostname, policy: policy)) }
        }
    }

    /// The calls so far, after the callbacks already dispatched by `trustKit` have run.
    func calls(after trustKit: TrustKit) -> [Call] {
        trustKit.drainCallbacks()
        queue.sync {}
        return lock.withLock { recorded }
    }
}

extension TrustKit {
    /// Waits until the validations already made have been through the reporter queue.
    func drainCallbacks() { reporterQueueForTests.sync {} }

    /// Waits for the reports spooled so far to have had their delivery attempt.
    func flushReports() async {
        drainCallbacks()
        _ = await reports?.reporter?.flush(timeout: 20)
    }
}

/// Waits up to `seconds` for `condition`.
func eventually(_ seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return condition()
}

/// The JSON object of a report a receiver got.
func reportJSON(_ request: TestHTTPServer.Request) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any] ?? [:]
}
