import Foundation
import Synchronization

/// A value handed across threads that the compiler cannot check: TrustKit's blocks (the logger, the
/// validation callback) are plain Objective-C blocks that TrustKit calls on its own queues, and their Swift
/// signatures are kept as TrustKit's, not `@Sendable`. Calling such a block from another thread is what
/// TrustKit does and what its documentation promises the app.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// The process-wide state TrustKit's API implies, and nothing else: the shared instance and the logger
/// block, behind one lock.
enum TrustKitGlobalState {
    private struct State {
        var sharedInstance: TrustKit?
        /// nil: the default logger.
        var logger: UncheckedSendable<(String) -> Void>?
    }

    private static let state = Mutex(State())

    /// The shared instance, if `initSharedInstance(withConfiguration:)` made one.
    static var sharedInstance: TrustKit? { state.withLock { $0.sharedInstance } }

    /// Makes and keeps the shared instance unless there is one already (TrustKit's dispatch_once: a later
    /// call is ignored, its configuration not even read). `make` runs without the lock held, since it logs;
    /// of two first calls racing, the instance of the one that finishes first is kept. Returns whether the
    /// instance made is the one kept.
    static func setSharedInstanceOnce(_ make: () -> TrustKit) -> Bool {
        guard sharedInstance == nil else { return false }
        let instance = make()
        return state.withLock { state in
            guard state.sharedInstance == nil else { return false }
            state.sharedInstance = instance
            return true
        }
    }

    static func setLogger(_ block: @escaping (String) -> Void) {
        let box = UncheckedSendable(block)
        state.withLock { $0.logger = box }
    }

    /// TSKLog: the logger block if one was set; otherwise, in debug builds only, standard error with
    /// TrustKit's `=== TrustKit: ` prefix (TrustKit's default logger prints only in Debug builds).
    static func log(_ message: @autoclosure () -> String) {
        if let logger = state.withLock({ $0.logger }) {
            logger.value(message())
            return
        }
        #if DEBUG
        FileHandle.standardError.write(Data("=== TrustKit: \(message())\n".utf8))
        #endif
    }
}

/// TrustKit's fatal programming errors (it raises an NSException that apps do not catch): the process stops
/// with TrustKit's exception name and reason, rather than running on with no pinning.
func trustKitRaise(_ name: String, _ reason: String) -> Never {
    fatalError("\(name): \(reason)")
}
