import Synchronization

/// One object made on first use and kept: the `SecTrust` of a ``ServerTrustChallenge``, which
/// SecTrustCompat makes (this module cannot name the type without linking SecTrustCompat's Foundation).
package final class ChallengeTrustObject: Sendable {
    private let stored = Mutex<(any AnyObject & Sendable)?>(nil)

    package init() {}

    /// The object kept, or `make()`'s result kept for next time. `make` runs with the lock held, so two
    /// threads never make two objects.
    package func value<Object: AnyObject & Sendable>(_ make: () -> Object) -> Object {
        stored.withLock { stored in
            if let existing = stored as? Object { return existing }
            let made = make()
            stored = made
            return made
        }
    }
}
