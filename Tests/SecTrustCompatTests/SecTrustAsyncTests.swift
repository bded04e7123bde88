import Dispatch
import Foundation
import SecTrustCompat
import Testing

/// What an async callback saw, collected across threads.
private final class Recorder: @unchecked Sendable {
    // @unchecked: `calls` is only touched with `lock` held.
    private let lock = NSLock()
    private var calls: [(trusted: Bool, code: Int?, onQueue: Bool)] = []

    func record(trusted: Bool, code: Int?, onQueue: Bool) {
        lock.lock()
        calls.append((trusted, code, onQueue))
        lock.unlock()
    }

    var snapshot: [(trusted: Bool, code: Int?, onQueue: Bool)] {
        lock.lock()
        defer { lock.unlock() }
        return calls
    }
}

@Suite("SecTrust asynchronous evaluation and thread safety")
struct SecTrustAsyncTests {
    static let queueKey = DispatchSpecificKey<String>()

    func makeQueue(_ label: String) -> DispatchQueue {
        let queue = DispatchQueue(label: label)
        queue.setSpecific(key: Self.queueKey, value: label)
        return queue
    }

    /// Runs SecTrustEvaluateAsyncWithError on `queue` (as required) and waits for the callback.
    func evaluateAsync(_ trust: SecTrust, on queue: DispatchQueue) async -> (status: OSStatus, calls: [(trusted: Bool, code: Int?, onQueue: Bool)]) {
        let recorder = Recorder()
        let label = queue.label
        let status: OSStatus = await withCheckedContinuation { continuation in
            queue.async {
                let status = SecTrustEvaluateAsyncWithError(trust, queue) { _, trusted, error in
                    recorder.record(trusted: trusted, code: error.map { CFErrorGetCode($0) },
                                    onQueue: DispatchQueue.getSpecific(key: Self.queueKey) == label)
                    queue.async { continuation.resume(returning: errSecSuccess) }
                }
                if status != errSecSuccess { continuation.resume(returning: status) }
            }
        }
        // Let any (wrong) second callback arrive before looking.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.asyncAfter(deadline: .now() + 0.05) { continuation.resume() }
        }
        return (status, recorder.snapshot)
    }

    @Test("SecTrustEvaluateAsyncWithError calls back once, on the queue, with the verdict and error")
    func asyncWithError() async {
        let trusted = await evaluateAsync(Fixtures.serverTrust(), on: makeQueue("trusted"))
        #expect(trusted.status == errSecSuccess)
        #expect(trusted.calls.count == 1)
        #expect(trusted.calls.first?.trusted == true)
        #expect(trusted.calls.first?.code == nil)
        #expect(trusted.calls.first?.onQueue == true)

        let mismatch = await evaluateAsync(Fixtures.serverTrust(host: "x.test"), on: makeQueue("mismatch"))
        #expect(mismatch.calls.count == 1)
        #expect(mismatch.calls.first?.trusted == false)
        #expect(mismatch.calls.first?.code == -67602)
        #expect(mismatch.calls.first?.onQueue == true)
    }

    @Test("With a cached result the callback runs synchronously, before SecTrustEvaluateAsyncWithError returns")
    func cachedResultIsInline() async {
        let trust = Fixtures.serverTrust()
        _ = Evaluation(trust)
        let queue = makeQueue("inline")
        let inline: Bool = await withCheckedContinuation { continuation in
            queue.async {
                let recorder = Recorder()
                SecTrustEvaluateAsyncWithError(trust, queue) { _, trusted, _ in
                    recorder.record(trusted: trusted, code: nil, onQueue: true)
                }
                continuation.resume(returning: recorder.snapshot.count == 1)
            }
        }
        #expect(inline)
    }

    @Test("SecTrustEvaluateAsyncWithError traps when not called on its queue, like dispatch_assert_queue")
    func asyncWithErrorRequiresItsQueue() async {
        await #expect(processExitsWith: .failure) {
            SecTrustEvaluateAsyncWithError(Fixtures.serverTrust(), DispatchQueue(label: "elsewhere")) { _, _, _ in }
        }
    }

    @Test("SecTrustEvaluateAsync (deprecated) calls back on the queue with the result type")
    func deprecatedAsync() async {
        let queue = makeQueue("legacy")
        let label = queue.label
        let (result, onQueue): (SecTrustResultType, Bool) = await withCheckedContinuation { continuation in
            legacy.SecTrustEvaluateAsync(Fixtures.serverTrust(host: "x.test"), queue) { _, result in
                continuation.resume(returning: (result, DispatchQueue.getSpecific(key: Self.queueKey) == label))
            }
        }
        #expect(result == .recoverableTrustFailure)
        #expect(onQueue)
    }

    @Test("One trust evaluated and reconfigured from many threads at once stays consistent")
    func concurrentUse() {
        let trust = Fixtures.serverTrust()
        let recorder = Recorder()
        DispatchQueue.concurrentPerform(iterations: 200) { iteration in
            switch iteration % 4 {
            case 0:
                SecTrustSetVerifyDate(trust, (iteration % 8 == 0 ? Fixtures.verifyDate : Fixtures.afterLeavesExpire) as CFDate)
            case 1:
                var error: CFError?
                let trusted = SecTrustEvaluateWithError(trust, &error)
                // Either verdict is possible, but never a trusted result with an error or the reverse.
                recorder.record(trusted: trusted, code: error.map { CFErrorGetCode($0) }, onQueue: trusted == (error == nil))
            case 2:
                _ = SecTrustGetCertificateCount(trust)
                _ = SecTrustCopyCertificateChain(trust)
            default:
                _ = SecTrustCopyResult(trust)
                _ = SecTrustCopyKey(trust)
            }
        }
        let calls = recorder.snapshot
        #expect(calls.count == 50)
        #expect(calls.allSatisfy { $0.onQueue })
        #expect(calls.allSatisfy { $0.trusted || $0.code == -67818 })
    }

    @Test("Separate trusts evaluate in parallel")
    func parallelTrusts() {
        let recorder = Recorder()
        DispatchQueue.concurrentPerform(iterations: 16) { iteration in
            let evaluation = Evaluation(Fixtures.serverTrust(host: iteration % 2 == 0 ? Fixtures.leafHost : "x.test"))
            recorder.record(trusted: evaluation.trusted, code: evaluation.code, onQueue: iteration % 2 == 0)
        }
        for call in recorder.snapshot {
            #expect(call.trusted == call.onQueue)
            #expect(call.code == (call.trusted ? nil : -67602))
        }
    }
}
