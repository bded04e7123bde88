import FoundationEssentials
import Synchronization

/// A value computed at most once, on first use, by whichever thread asks first; later readers get the
/// stored result. Lets an immutable, Sendable value defer an expensive derived fact (a self-signature)
/// until someone needs it, and never compute it twice.
final class ComputedOnce<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is only read and written with `lock` held.
    private let lock = Mutex(())
    private var value: Value?

    init() {}

    /// Already computed: `value`.
    init(_ value: Value) { self.value = value }

    /// The stored value, or `compute()`'s result stored for next time. `compute` runs with the lock
    /// held, so it must not ask this same object again.
    func value(_ compute: () -> Value) -> Value {
        return lock.withLock { _ in
            if let value { return value }
            let computed = compute()
            value = computed
            return computed
        }
    }
}
