#if canImport(Glibc)
import Glibc
#endif

/// A POSIX thread of its own for blocking work (a socket poll loop, a handshake that may wait on a silent
/// server, a test server's accept loop), which must not occupy one of Swift concurrency's few cooperative
/// threads. What Foundation's `Thread` was used for, without linking swift-corelibs Foundation into the
/// CLI (its conformance records alone cost ~3 M instructions at every start).
package enum DetachedThread {
    /// The closure, retained across pthread_create's `void *` argument.
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Runs `body` on a new detached thread with a stack of `stackSize` bytes (nil: glibc's default, from
    /// `ulimit -s`). Returns 0, or pthread_create's error number (EAGAIN: no resources; EINVAL: a stack size
    /// below PTHREAD_STACK_MIN), in which case `body` never runs.
    package static func start(stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) -> Int32 {
        let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
        defer { attributes.deallocate() }
        guard pthread_attr_init(attributes) == 0 else { return EAGAIN }
        defer { pthread_attr_destroy(attributes) }
        if let stackSize {
            let status = pthread_attr_setstacksize(attributes, stackSize)
            guard status == 0 else { return status }
        }
        let argument = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, attributes, { argument in
            guard let argument else { return nil }
            Unmanaged<Body>.fromOpaque(argument).takeRetainedValue().run()
            return nil
        }, argument)
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(argument).release()
            return result
        }
        pthread_detach(thread)
        return 0
    }
}
