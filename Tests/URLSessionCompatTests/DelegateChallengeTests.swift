import Foundation
import Testing
import TestSupport
import URLSessionCompat

// The delegates below are written as iOS apps and articles on pinning write them (Apple's "Performing Manual
// Server Trust Authentication", certificate and public-key pinning), unchanged but for the imports.

/// Certificate pinning: the leaf must be the bundled certificate, after the system's evaluation.
final class CertificatePinningDelegate: NSObject, URLSessionDelegate {
    let pinnedCertificateData: Data
    private(set) var challenges = 0

    init(pinnedCertificateData: Data) {
        self.pinnedCertificateData = pinnedCertificateData
    }

    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        challenges += 1
        guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
              let serverTrust = challenge.protectionSpace.serverTrust else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        var error: CFError?
        guard SecTrustEvaluateWithError(serverTrust, &error),
              let chain = SecTrustCopyCertificateChain(serverTrust) as? [SecCertificate],
              let leaf = chain.first else {
            completionHandler(.cancelAuthenticationChallenge, nil)
            return
        }
        let serverCertificateData = SecCertificateCopyData(leaf) as Data
        if serverCertificateData == pinnedCertificateData {
            completionHandler(.useCredential, URLCredential(trust: serverTrust))
        } else {
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    }
}

/// Public-key pinning with a backup key, the older SecTrustGetCertificateAtIndex/SecTrustEvaluate style.
final class PublicKeyPinningDelegate: NSObject, URLSessionDelegate {
    let pinnedKeys: [Data]

    init(pinnedKeys: [Data]) { self.pinnedKeys = pinnedKeys }

    // Deprecated as the functions it calls are, which keeps their warnings (Apple's too) out of the test build.
    @available(*, deprecated)
    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        if challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust {
            if let serverTrust = challenge.protectionSpace.serverTrust {
                var secresult = SecTrustResultType.invalid
                let status = SecTrustEvaluate(serverTrust, &secresult)
                if errSecSuccess == status, secresult == .unspecified || secresult == .proceed,
                   let serverCertificate = SecTrustGetCertificateAtIndex(serverTrust, 0),
                   let serverPublicKey = SecCertificateCopyKey(serverCertificate),
                   let serverPublicKeyData = SecKeyCopyExternalRepresentation(serverPublicKey, nil) as Data?,
                   pinnedKeys.contains(serverPublicKeyData) {
                    completionHandler(.useCredential, URLCredential(trust: serverTrust))
                    return
                }
            }
        }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }
}

/// A private CA: the app's own root as the only anchor.
final class PrivateRootDelegate: NSObject, URLSessionDelegate {
    let root: SecCertificate

    init(root: SecCertificate) { self.root = root }

    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        guard let trust = challenge.protectionSpace.serverTrust else {
            return completionHandler(.performDefaultHandling, nil)
        }
        SecTrustSetAnchorCertificates(trust, [root] as CFArray)
        SecTrustSetAnchorCertificatesOnly(trust, true)
        var error: CFError?
        if SecTrustEvaluateWithError(trust, &error) {
            completionHandler(.useCredential, URLCredential(trust: trust))
        } else {
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    }
}

/// The async form of the challenge (iOS 15).
final class AsyncChallengeDelegate: NSObject, URLSessionDelegate {
    let expectedHost: String

    init(expectedHost: String) { self.expectedHost = expectedHost }

    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge) async
        -> (URLSession.AuthChallengeDisposition, URLCredential?) {
        guard challenge.protectionSpace.host == expectedHost, let trust = challenge.protectionSpace.serverTrust else {
            return (.cancelAuthenticationChallenge, nil)
        }
        return (.useCredential, URLCredential(trust: trust))
    }
}

/// Only the task-level challenge method, as in code that handles challenges per task.
final class TaskLevelDelegate: NSObject, URLSessionTaskDelegate {
    private let lock = NSLock()
    private var seen: [Int] = []
    var tasksChallenged: [Int] { lock.withLock { seen } }

    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        lock.withLock { seen.append(task.taskIdentifier) }
        completionHandler(.performDefaultHandling, nil)
    }
}

/// A delegate that never answers.
final class SilentDelegate: NSObject, URLSessionDelegate {
    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {}
}

@Suite("Server-trust challenges reach the delegate")
struct DelegateChallengeTests {
    @Test("Certificate pinning: the pinned server loads; after its key is rotated, -999")
    func certificatePinning() async throws {
        let delegate = CertificatePinningDelegate(pinnedCertificateData: try LiveServers.fixtures.valid.der())
        let session = URLSession(configuration: .default, delegate: delegate, delegateQueue: nil)
        let pinned = try LiveServers.server(\.valid)
        let allowed = await session.load(pinned.url())
        #expect(allowed.error == nil)
        #expect(allowed.text == "hello")
        let rotated = try LiveServers.server(\.rotated)
        let refused = await session.load(rotated.url())
        #expect(refused.urlError?.code == .cancelled)
        #expect(delegate.challenges == 2)
    }

    @Test("Certificate pinning still needs the system's evaluation: an expired pinned certificate is refused")
    func pinnedButExpired() async throws {
        let delegate = CertificatePinningDelegate(pinnedCertificateData: try LiveServers.fixtures.expired.der())
        let session = URLSession(configuration: .default, delegate: delegate, delegateQueue: nil)
        let server = try LiveServers.server(\.expired)
        #expect(await session.load(server.url()).urlError?.code == .cancelled)
    }

    @Test("Public-key pinning with a backup key: the rotated server is accepted through the backup pin")
    func publicKeyPinningWithBackup() async throws {
        func key(_ identity: KeyPath<LiveTLSFixtures, LiveTLSFixtures.Identity>) throws -> Data {
            let key = try #require(SecCertificateCopyKey(try LiveServers.certificate(identity)))
            return try #require(SecKeyCopyExternalRepresentation(key, nil) as Data?)
        }
        let onlyCurrent = URLSession(configuration: .default,
                                     delegate: PublicKeyPinningDelegate(pinnedKeys: [try key(\.valid)]), delegateQueue: nil)
        let withBackup = URLSession(configuration: .default,
                                    delegate: PublicKeyPinningDelegate(pinnedKeys: [try key(\.valid), try key(\.rotated)]),
                                    delegateQueue: nil)
        let rotated = try LiveServers.server(\.rotated)
        #expect(await onlyCurrent.load(rotated.url()).urlError?.code == .cancelled)
        #expect(await withBackup.load(rotated.url()).status == 200)
        let mitm = try LiveServers.server(\.mitm)
        #expect(await withBackup.load(mitm.url()).urlError?.code == .cancelled)
    }

    @Test("A private root as the only anchor: its server loads, a system-trusted server does not")
    func privateRoot() async throws {
        let session = URLSession(configuration: .default, delegate: PrivateRootDelegate(root: try LiveServers.mitmRoot()),
                                 delegateQueue: nil)
        let privateServer = try LiveServers.server(\.mitm)
        #expect(await session.load(privateServer.url()).text == "hello")
        let publicServer = try LiveServers.server(\.valid)
        #expect(await session.load(publicServer.url()).urlError?.code == .cancelled)
    }

    @Test("The async challenge method is called and its answer used")
    func asyncChallenge() async throws {
        let server = try LiveServers.server(\.mitm)
        let trusting = URLSession(configuration: .default, delegate: AsyncChallengeDelegate(expectedHost: "127.0.0.1"),
                                  delegateQueue: nil)
        let (data, _) = try await trusting.data(from: server.url())
        #expect(String(decoding: data, as: UTF8.self) == "hello")
        let refusing = URLSession(configuration: .default, delegate: AsyncChallengeDelegate(expectedHost: "elsewhere"),
                                  delegateQueue: nil)
        await expectURLError(.cancelled) { _ = try await refusing.data(from: server.url()) }
    }

    @Test("A delegate with only the task-level method gets every task's challenge; its default handling is the system's")
    func taskLevel() async throws {
        let delegate = TaskLevelDelegate()
        let session = URLSession(configuration: .default, delegate: delegate, delegateQueue: nil)
        let valid = try LiveServers.server(\.valid)
        let mitm = try LiveServers.server(\.mitm)
        let first = session.dataTask(with: valid.url())
        let loadedValid = await session.load(valid.url())
        let loadedMITM = await session.load(mitm.url())
        #expect(loadedValid.status == 200)
        #expect(loadedMITM.urlError?.code == .serverCertificateUntrusted)
        #expect(delegate.tasksChallenged == [first.taskIdentifier + 1, first.taskIdentifier + 2])
    }

    @Test("data(for:delegate:): the task's own delegate decides when the session's has no challenge method")
    func taskDelegate() async throws {
        final class Trusting: NSObject, URLSessionTaskDelegate {
            func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge)
                async -> (URLSession.AuthChallengeDisposition, URLCredential?) {
                (.useCredential, challenge.protectionSpace.serverTrust.map(URLCredential.init(trust:)))
            }
        }
        let server = try LiveServers.server(\.mitm)
        let (data, response) = try await URLSession.shared.data(for: URLRequest(url: server.url()), delegate: Trusting())
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(data == Data("hello".utf8))
        await expectURLError(.serverCertificateUntrusted) { _ = try await URLSession.shared.data(from: server.url()) }
    }

    @Test("A delegate that never answers: the task times out (-1001) at the request's timeout")
    func silentDelegate() async throws {
        let session = URLSession(configuration: .default, delegate: SilentDelegate(), delegateQueue: nil)
        let server = try LiveServers.server(\.valid)
        var request = URLRequest(url: server.url())
        request.timeoutInterval = 1
        let loaded = await session.load(request)
        #expect(loaded.urlError?.code == .timedOut)
    }

    @Test("`.useCredential` without a trust credential falls back to the system's evaluation")
    func credentialWithoutTrust() async throws {
        final class PasswordAnswer: NSObject, URLSessionDelegate {
            func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                            completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                completionHandler(.useCredential, URLCredential(user: "u", password: "p", persistence: .none))
            }
        }
        let session = URLSession(configuration: .default, delegate: PasswordAnswer(), delegateQueue: nil)
        let mitm = try LiveServers.server(\.mitm)
        #expect(await session.load(mitm.url()).urlError?.code == .serverCertificateUntrusted)
        let valid = try LiveServers.server(\.valid)
        #expect(await session.load(valid.url()).status == 200)
    }

    @Test("Delegate methods run on the delegate queue given")
    func delegateQueue() async throws {
        final class QueueRecorder: NSObject, URLSessionDelegate, @unchecked Sendable {
            let queue: OperationQueue
            var onQueue: Bool?
            init(queue: OperationQueue) { self.queue = queue }
            func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                            completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                onQueue = OperationQueue.current === queue
                completionHandler(.performDefaultHandling, nil)
            }
        }
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let recorder = QueueRecorder(queue: queue)
        let session = URLSession(configuration: .default, delegate: recorder, delegateQueue: queue)
        let server = try LiveServers.server(\.valid)
        #expect(await session.load(server.url()).status == 200)
        #expect(recorder.onQueue == true)
        #expect(session.delegateQueue === queue)
    }
}
