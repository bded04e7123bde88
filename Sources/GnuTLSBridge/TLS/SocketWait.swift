#if canImport(Glibc)
import Glibc
#endif

/// One wait for a socket to become readable or writable, bounded by a deadline and woken by a
/// cancellation signal: the only place the TCP connect and the TLS transport block.
enum SocketWait {
    enum Outcome: Equatable {
        case ready
        case deadlinePassed
        case cancelled
        case failed(errno: Int32)
    }

    /// Waits until `descriptor` has `events` (POLLIN or POLLOUT), `deadline` passes or `cancellation` is signalled.
    static func wait(_ descriptor: Int32, for events: Int32, until deadline: Deadline,
                     cancellation: CancellationSignal?) -> Outcome
    {
        while true {
            if cancellation?.isSignalled == true { return .cancelled }
            let milliseconds = deadline.pollMilliseconds
            guard milliseconds > 0 else { return .deadlinePassed }
            var waiters = [pollfd(fd: descriptor, events: Int16(events), revents: 0)]
            if let cancellation, cancellation.descriptor >= 0 {
                waiters.append(pollfd(fd: cancellation.descriptor, events: Int16(POLLIN), revents: 0))
            }
            let result = poll(&waiters, nfds_t(waiters.count), milliseconds)
            if result < 0 {
                if errno == EINTR { continue }
                return .failed(errno: errno)
            }
            if cancellation?.isSignalled == true { return .cancelled }
            // POLLERR/POLLHUP count as ready: the recv or send that follows reports what happened.
            if result > 0, waiters[0].revents != 0 { return .ready }
        }
    }
}
