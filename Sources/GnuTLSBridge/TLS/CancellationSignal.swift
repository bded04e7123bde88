import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Wakes a blocking socket wait from another thread: every poll of a connection that carries this signal
/// also watches the read end of its pipe, so `signal()` (from a Swift task's cancellation handler) ends
/// the wait at once instead of when the timeout runs out.
package final class CancellationSignal: Sendable {
    /// The pipe's read end, which becomes readable when signalled; -1 when no pipe could be made (then
    /// only `isSignalled`, checked between waits, works).
    package let descriptor: Int32
    private let writeEnd: Int32
    private let signalled = Atomic<Bool>(false)

    package init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            }
        }
        descriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
        if writeEnd >= 0 { Glibc.close(writeEnd) }
    }

    /// Marks the work cancelled and wakes any wait on it; later waits end at once.
    package func signal() {
        guard !signalled.exchange(true, ordering: .sequentiallyConsistent), writeEnd >= 0 else { return }
        var one: UInt8 = 1
        _ = Glibc.write(writeEnd, &one, 1)
    }

    package var isSignalled: Bool { signalled.load(ordering: .sequentiallyConsistent) }
}
