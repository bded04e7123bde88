import AlamofireCompat
import Foundation
import Testing
import TestSupport

/// The live fixtures, with the tests' system trust store installed first (SecTrustCompat reads it once per process,
/// and every test target shares the process: all install the same file).
enum LiveServers {
    static let fixtures: LiveTLSFixtures = {
        installSystemAnchors()
        return try! LiveTLSFixtures()
    }()

    static func installSystemAnchors() {
        _ = SecTrustCompatConfiguration.setSystemAnchorsPath(LiveTLSFixtures.systemAnchorsPath)
    }

    /// A server presenting one of the fixtures' identities.
    static func server(_ identity: KeyPath<LiveTLSFixtures, LiveTLSFixtures.Identity>) throws -> LiveHTTPSServer {
        try LiveHTTPSServer(fixtures[keyPath: identity])
    }

    /// An identity's certificate as an app bundles it (DER).
    static func certificate(_ identity: KeyPath<LiveTLSFixtures, LiveTLSFixtures.Identity>) throws -> SecCertificate {
        SecCertificateCreateWithData(nil, try fixtures[keyPath: identity].der() as CFData)!
    }

    static func liveRoot() throws -> SecCertificate {
        installSystemAnchors()
        return SecCertificateCreateWithData(nil, try LiveTLSFixtures.der(ofPEM: LiveTLSFixtures.root) as CFData)!
    }

    static func mitmRoot() throws -> SecCertificate {
        SecCertificateCreateWithData(nil, try LiveTLSFixtures.der(ofPEM: fixtures.mitmRoot) as CFData)!
    }
}

/// The directory of this target's fixtures.
let fixturesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// A fresh temporary directory, removed by the caller.
func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("af-compat-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}

/// `/json`'s body.
struct Greeting: Decodable, Sendable, Equatable {
    let hello: String
    let path: String
}

/// Waits for a completion handler, failing (rather than hanging) after `seconds`. The limit is far above what a
/// request takes: in the full suite, CPU-bound conformance tests can hold every thread of the concurrency pool
/// for over a minute, and the request's continuation waits for one.
func waitForResponse<Value: Sendable>(seconds: Double = 600, sourceLocation: SourceLocation = #_sourceLocation,
                                      _ start: (@escaping @Sendable (Value) -> Void) -> Void) async -> Value?
{
    let box = FirstValue<Value>()
    return await withCheckedContinuation { continuation in
        box.onValue { continuation.resume(returning: $0) }
        start { box.set($0) }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
            if box.set(nil) { Issue.record("no response within \(seconds) s", sourceLocation: sourceLocation) }
        }
    }
}

/// The first value set wins; later ones are dropped.
final class FirstValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var delivered = false
    private var handler: ((Value?) -> Void)?

    func onValue(_ handler: @escaping (Value?) -> Void) { lock.withLock { self.handler = handler } }

    @discardableResult
    func set(_ value: Value?) -> Bool {
        let handler = lock.withLock { () -> ((Value?) -> Void)? in
            guard !delivered else { return nil }
            delivered = true
            return self.handler
        }
        handler?(value)
        return handler != nil
    }
}

/// The server-trust failure reason of an error, if it is one.
func serverTrustReason(_ error: (any Error)?) -> AFError.ServerTrustFailureReason? {
    guard case let .serverTrustEvaluationFailed(reason)? = error?.asAFError else { return nil }
    return reason
}

/// The OSStatus code of the CFError under a `.trustEvaluationFailed` reason.
func trustEvaluationStatus(_ error: (any Error)?) -> OSStatus? {
    guard case let .trustEvaluationFailed(underlying)? = serverTrustReason(error), let cfError = underlying as? CFError else {
        return nil
    }
    return OSStatus(CFErrorGetCode(cfError))
}

/// The status of a chain whose leaf's issuer is in no store and was not sent (the MITM server presents only its
/// leaf): SecTrustCompat reports errSecCreateChainFailed when no path can be built, errSecNotTrusted when a path ends
/// at an untrusted root.
func isUnknownIssuer(_ status: OSStatus?) -> Bool {
    status == errSecNotTrusted || status == errSecCreateChainFailed
}
