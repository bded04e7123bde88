import Synchronization

extension Mutex {
    /// The value stored in this slot, or `compute()`'s result stored for next time: a value computed at
    /// most once, on first use, by whichever thread asks first. Lets an immutable, Sendable value defer
    /// an expensive derived fact (a self-signature, a name's text) until someone needs it. `compute`
    /// runs with the lock held, so it must not ask this same slot again.
    func computedOnce<Stored: Sendable>(_ compute: () -> Stored) -> Stored where Value == Stored? {
        withLock { stored in
            if let stored { return stored }
            let computed = compute()
            stored = computed
            return computed
        }
    }
}
