import CGnuTLS

#if canImport(Glibc)
import Glibc
#endif

/// GnuTLS's transport for a client session: recv and send on the non-blocking socket, every wait bounded
/// by the current operation's deadline and woken by its cancellation signal.
///
/// GnuTLS's own timeouts (gnutls_handshake_set_timeout, gnutls_record_set_timeout) bound each wait for
/// the next bytes, so a server that trickles its handshake a byte at a time holds the client for as long
/// as it likes; this transport makes the bound one deadline for the whole operation. GnuTLS calls these
/// functions only from inside a session call (the handshake, before the session is shared, or a record
/// call, which holds the session's lock), so the mutable state needs no lock of its own.
final class DeadlineTransport {
    let descriptor: Int32
    /// Set before each GnuTLS call, for that call.
    var deadline = Deadline(nanoseconds: 0)
    var cancellation: CancellationSignal?
    /// When set, a wait that would outlast it ends with EAGAIN instead (GnuTLS returns GNUTLS_E_AGAIN and
    /// the session stays usable): a look at what the server has sent, not a read that must produce data.
    var quietAfter: Deadline?
    /// During a look (`quietAfter`): whether the server has sent anything, after which a short pause
    /// means it has said what it had to say.
    private var receivedDuringLook = false
    /// Why the last call failed, when this transport ended it.
    private(set) var ended: Ending?
    /// The session, for gnutls_transport_set_errno (set once the session exists).
    var session: OpaquePointer?

    enum Ending: Equatable {
        case deadlinePassed
        case cancelled
    }

    /// How long a look waits for more, in nanoseconds, once the server has sent something and paused.
    private static let pauseAfterData: Int64 = 50_000_000

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// Prepares for one session call.
    func begin(deadline: Deadline, cancellation: CancellationSignal?, quietAfter: Deadline? = nil) {
        self.deadline = deadline
        self.cancellation = cancellation
        self.quietAfter = quietAfter.map { min($0, deadline) }
        receivedDuringLook = false
        ended = nil
    }

    /// Installs the callbacks on `session`; `self` must outlive the session.
    func install(on session: OpaquePointer) {
        self.session = session
        gnutls_transport_set_ptr(session, Unmanaged.passUnretained(self).toOpaque())
        gnutls_transport_set_pull_function(session, Self.pull)
        gnutls_transport_set_push_function(session, Self.push)
        gnutls_transport_set_pull_timeout_function(session, Self.pullTimeout)
    }

    private func fail(_ error: Int32) -> Int {
        if let session { gnutls_transport_set_errno(session, error) }
        errno = error
        return -1
    }

    /// Waits for the socket to be readable, within the deadline or, during a look, until the server has
    /// gone quiet: 0 to retry, else -1 with errno set.
    private func waitForData() -> Int {
        var until = deadline
        var looking = false
        if let quietAfter {
            var end = quietAfter
            if receivedDuringLook { end = min(end, Deadline(nanoseconds: Deadline.now.nanoseconds + Self.pauseAfterData)) }
            if end < until {
                until = end
                looking = true
            }
        }
        return wait(for: Int32(POLLIN), until: until, looking: looking)
    }

    /// What a wait ended with, as the transport's answer: 0 to retry, else -1 with errno set. The end of a
    /// look is EAGAIN (the session stays usable); the deadline's is ETIMEDOUT.
    private func wait(for events: Int32, until: Deadline, looking: Bool) -> Int {
        switch SocketWait.wait(descriptor, for: events, until: until, cancellation: cancellation) {
        case .ready: return 0
        case .deadlinePassed where looking: return fail(EAGAIN)
        case .deadlinePassed:
            ended = .deadlinePassed
            return fail(ETIMEDOUT)
        case .cancelled:
            ended = .cancelled
            return fail(ECANCELED)
        case .failed(let number): return fail(number)
        }
    }

    /// The answer for a call made after cancellation, nil before it.
    private func cancelledAnswer() -> Int? {
        guard cancellation?.isSignalled == true else { return nil }
        ended = .cancelled
        return fail(ECANCELED)
    }

    func receive(_ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        while true {
            if let cancelled = cancelledAnswer() { return cancelled }
            let n = recv(descriptor, buffer, count, Int32(MSG_DONTWAIT))
            if n >= 0 {
                if n > 0, quietAfter != nil { receivedDuringLook = true }
                return n
            }
            let number = errno
            if number == EINTR { continue }
            guard number == EAGAIN || number == EWOULDBLOCK else { return fail(number) }
            let waited = waitForData()
            if waited != 0 { return waited }
        }
    }

    func send(_ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        while true {
            if let cancelled = cancelledAnswer() { return cancelled }
            // MSG_NOSIGNAL: a server that has gone raises EPIPE here, not SIGPIPE in the process.
            let n = Glibc.send(descriptor, buffer, count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            if n >= 0 { return n }
            let number = errno
            if number == EINTR { continue }
            guard number == EAGAIN || number == EWOULDBLOCK else { return fail(number) }
            // A send waits for the deadline only: a look is about reading.
            let waited = wait(for: Int32(POLLOUT), until: deadline, looking: false)
            if waited != 0 { return waited }
        }
    }

    /// GnuTLS's "is there data within `ms`" (called only when a GnuTLS timeout is set; the session sets
    /// none, but the answer is still bounded by the deadline): 1 ready, 0 timed out, -1 error.
    func pollReadable(_ milliseconds: UInt32) -> Int32 {
        if milliseconds == 0 {
            // "Is anything there now": one look, whatever the deadline.
            var waiter = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let result = poll(&waiter, 1, 0)
            return result < 0 ? Int32(fail(errno)) : result > 0 ? 1 : 0
        }
        let bound = milliseconds == UInt32.max ? deadline : min(deadline, Deadline(after: Double(milliseconds) / 1000))
        switch SocketWait.wait(descriptor, for: Int32(POLLIN), until: bound, cancellation: cancellation) {
        case .ready: return 1
        case .deadlinePassed:
            if deadline.hasPassed { ended = .deadlinePassed }
            return 0
        case .cancelled:
            ended = .cancelled
            return Int32(fail(ECANCELED))
        case .failed(let number): return Int32(fail(number))
        }
    }

    private static func transport(_ pointer: UnsafeMutableRawPointer?) -> DeadlineTransport? {
        pointer.map { Unmanaged<DeadlineTransport>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let pull: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int) -> Int = { pointer, buffer, count in
        guard let transport = transport(pointer) else { return -1 }
        return transport.receive(buffer, count)
    }

    private static let push: @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, Int) -> Int = { pointer, buffer, count in
        guard let transport = transport(pointer) else { return -1 }
        return transport.send(buffer, count)
    }

    private static let pullTimeout: @convention(c) (UnsafeMutableRawPointer?, UInt32) -> Int32 = { pointer, milliseconds in
        guard let transport = transport(pointer) else { return -1 }
        return transport.pollReadable(milliseconds)
    }
}
