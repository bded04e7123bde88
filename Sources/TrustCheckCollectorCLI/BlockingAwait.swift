import Dispatch
import Synchronization

/// Runs async work to its end from a synchronous command (`Subcommand.run` is synchronous, as a process's
/// main is), on a task whose jobs run on a queue of their own (``QueueTaskExecutor``) rather than on Swift's
/// cooperative pool. In-process under the tests, the command is called from a pool thread, and the pool has
/// one thread per core: a caller blocked there while its work waits for another pool thread would deadlock
/// a two-core machine as soon as two such tests ran at once.
enum BlockingAwait {
    static func run<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) -> Value {
        let result = Slot<Value>()
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: QueueTaskExecutor(label: "trustcheck.blocking-await")) {
            let value = await work()
            result.value.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        // The task stored the value before it signalled.
        return result.value.withLock { $0! }
    }

    /// Where the task leaves its value for the waiting thread.
    private final class Slot<Value: Sendable>: Sendable {
        let value = Mutex<Value?>(nil)
    }
}
