import Dispatch

/// A task executor that runs every job of the tasks preferring it on one serial dispatch queue, off Swift's
/// cooperative pool. See ``BlockingAwait`` for why a synchronous command needs one.
final class QueueTaskExecutor: TaskExecutor {
    private let queue: DispatchQueue

    init(label: String) { queue = DispatchQueue(label: label) }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
