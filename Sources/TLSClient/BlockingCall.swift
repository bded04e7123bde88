import GnuTLSBridge

/// Runs blocking socket and GnuTLS work on a thread of its own, so that a handshake waiting on a
/// silent server never occupies one of Swift concurrency's few cooperative threads (which would delay
/// every other task, and the timeout's own report, on a small machine).
enum BlockingCall {
    static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let started = DetachedThread.start { continuation.resume(returning: work()) }
            // No thread to be had (EAGAIN): the work still runs, on this thread, rather than never.
            if started != 0 { continuation.resume(returning: work()) }
        }
    }

    /// `run`, with the calling task's cancellation forwarded to `work` through the signal it receives: the
    /// signal wakes the work's socket waits at once, so a cancelled task gets its answer (a "cancelled"
    /// error) without waiting for a timeout.
    static func cancellable<T: Sendable>(_ work: @escaping @Sendable (CancellationSignal) -> T) async -> T {
        let cancellation = CancellationSignal()
        return await withTaskCancellationHandler {
            await run { work(cancellation) }
        } onCancel: {
            cancellation.signal()
        }
    }
}
