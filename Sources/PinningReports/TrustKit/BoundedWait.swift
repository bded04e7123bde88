import FoundationEssentials

/// Waits for a task's value for at most a given time, or until the waiting task is cancelled, without
/// cancelling the task: awaiting `task.value` alone cannot be bounded, and a delivery run that is cut off
/// would leave entries half-tried, so a caller that must go on (a process about to exit) stops waiting and
/// the run finishes on its own, its entries safe in the spool either way.
enum BoundedWait {
    /// The task's value, or nil when `seconds` pass first or the caller is cancelled.
    static func value<Value: Sendable>(of task: Task<Value, Never>, within seconds: TimeInterval) async -> Value? {
        let answer = OneAnswer<Value?>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                answer.arm(continuation)
                let timer = Task {
                    // Cancelled (the value came first): no answer from here.
                    guard (try? await Task.sleep(for: .seconds(max(0, seconds)))) != nil else { return }
                    answer.give(nil)
                }
                Task {
                    let value = await task.value
                    answer.give(value)
                    timer.cancel()
                }
            }
        } onCancel: {
            answer.give(nil)
        }
    }
}
