import FoundationEssentials
import Synchronization

/// The storage behind the caches: a dictionary with first-in, first-out eviction, bounded in entries
/// and in accounted bytes, safe to use from any thread. Only the cache types that own one write to it,
/// each from the result of its own real computation over the bytes its key hashes.
final class BoundedStore<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    // @unchecked: every stored property below is read and written only with `lock` held.
    private let lock = Mutex(())
    private let limits: CacheLimits
    private var values: [Key: (value: Value, bytes: Int)] = [:]
    /// Every stored key once, oldest first, from `head` on (consumed entries before `head` are dropped
    /// in batches, so eviction is O(1) amortised).
    private var order: [Key] = []
    private var head = 0
    private var bytes = 0
    private(set) var hits = 0
    private(set) var misses = 0

    init(limits: CacheLimits) { self.limits = limits }

    func value(for key: Key) -> Value? {
        return lock.withLock { _ in
            if let found = values[key] {
                hits += 1
                return found.value
            }
            misses += 1
            return nil
        }
    }

    /// Stores `value` for `key`, accounted as `size` bytes, evicting the oldest entries to stay within
    /// the limits. A value larger than the byte limit is not stored.
    func store(_ value: Value, for key: Key, size: Int) {
        guard size <= limits.bytes else { return }
        lock.withLock { _ in
            if let old = values.updateValue((value, size), forKey: key) {
                bytes += size - old.bytes
            } else {
                bytes += size
                order.append(key)
            }
            // The new entry is the newest and fits on its own, so eviction stops before reaching it.
            while values.count > limits.entries || bytes > limits.bytes {
                let oldest = order[head]
                head += 1
                if let removed = values.removeValue(forKey: oldest) { bytes -= removed.bytes }
            }
            // Drop the consumed prefix once it is as long as what is left, so `order` stays O(entries).
            if head > 0, head >= order.count - head {
                order.removeFirst(head)
                head = 0
            }
        }
    }

    /// (entries, accounted bytes, hits, misses) now.
    var statistics: CacheStatistics {
        return lock.withLock { _ in
            return CacheStatistics(entries: values.count, bytes: bytes, hits: hits, misses: misses)
        }
    }
}
