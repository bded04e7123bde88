import Foundation

/// Runs alert actions off the intake path: a bounded queue of pending actions and a fixed number of worker
/// threads of its own (not Dispatch's global queues, not Swift's cooperative pool, which a stuck action
/// would starve for everything else). ``submit(_:)`` never waits: it takes the lock, appends or drops,
/// and returns. Each action is bounded by the action timeout (``AlertCommandRunner``, ``WebhookPoster``),
/// so a worker is never held longer than that; ``stop(timeout:)`` drops what is pending, stops what runs
/// and returns within its timeout whatever the actions do.
///
/// When the queue is full the newest action is dropped: those already waiting fired first and tell when an
/// incident began, and the one dropped is logged with its host when it happens, so its news is in the log
/// anyway. Dropping the oldest instead would discard the action closest to running.
///
/// `@unchecked Sendable`: `pending`, `running`, `stopping`, `exited` and `dropped` are only touched with
/// `condition` held.
final class AlertDispatcher: @unchecked Sendable {
    /// Worker threads: 2. An action waits on a shell or a remote server, not a core; two let a hung action
    /// (until its timeout) not hold up the next, and more would only multiply shells on a small host.
    static let defaultWorkers = 2
    /// Pending actions: 64, several times what one incident raises (a host alert per pinned domain, at most
    /// the flood limit, then one flood alert), so actions are dropped only when they have been failing or
    /// hanging for a long while. Each holds one alert's JSON (a few hundred bytes).
    static let defaultCapacity = 64
    /// How long ``stop(timeout:)`` waits at most by default: a running command's kill grace and a little more.
    static let defaultStopWait: TimeInterval = AlertCommandRunner.killGrace + 1

    /// One action for one alert.
    struct Job {
        enum Action {
            case command(String)
            case webhook(URL)
        }
        let notice: AlertNotice
        let action: Action

        var name: String {
            switch action {
            case .command(let command): "command '\(command)'"
            case .webhook(let url): "webhook \(url.absoluteString)"
            }
        }
    }

    let capacity: Int
    let timeout: TimeInterval
    private let webhookPoster: WebhookPoster?
    private let log: @Sendable (String) -> Void
    private let condition = NSCondition()
    private var pending: [Job] = []
    private var running = 0
    private var stopping = false
    private var exited = 0
    private var dropped = 0
    private let workers: Int

    init(timeout: TimeInterval, webhooks: Bool, workers: Int = defaultWorkers, capacity: Int = defaultCapacity,
         log: @escaping @Sendable (String) -> Void)
    {
        self.timeout = timeout
        self.capacity = max(1, capacity)
        self.workers = max(1, workers)
        self.log = log
        webhookPoster = webhooks ? WebhookPoster(timeout: timeout) : nil
        for index in 0..<self.workers {
            let thread = Thread { [self] in work() }
            thread.name = "trustcheck.alert-\(index + 1)"
            thread.start()
        }
    }

    /// Actions dropped so far because the queue was full (not counting those dropped at the stop).
    var droppedCount: Int { condition.withLock { dropped } }

    /// Queues `job`, or drops it (logged, counted) when the queue is full or the dispatcher has stopped.
    /// Never waits for a worker.
    func submit(_ job: Job) {
        condition.lock()
        if stopping {
            condition.unlock()
            log("alert: stopping: the \(job.name) for \(job.notice.subject) was not run")
            return
        }
        guard pending.count < capacity else {
            dropped += 1
            let total = dropped
            condition.unlock()
            log("alert: \(capacity) alert actions are already waiting: dropped the \(job.name) for \(job.notice.subject) "
                + "(\(total) dropped since the start)")
            return
        }
        pending.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Waits until nothing is pending or running, at most `timeout` seconds; false if something still is.
    func waitUntilIdle(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !pending.isEmpty || running > 0 {
            guard condition.wait(until: deadline) else { return pending.isEmpty && running == 0 }
        }
        return true
    }

    /// Starts the stop without waiting: nothing new is queued, what is pending is dropped (and logged with
    /// its count), running commands get SIGTERM at their next check (then SIGKILL after the grace), webhook
    /// requests are cancelled. Returns how many pending actions were dropped.
    @discardableResult
    func beginStop() -> Int {
        condition.lock()
        let wasStopping = stopping
        stopping = true
        let droppedNow = pending.count
        let runningNow = running
        pending.removeAll()
        condition.broadcast()
        condition.unlock()
        webhookPoster?.cancelAll()
        if !wasStopping && (droppedNow > 0 || runningNow > 0) {
            log("alert: stopping: \(droppedNow) pending alert actions dropped, \(runningNow) running stopped")
        }
        return droppedNow
    }

    /// ``beginStop()``, then waits until the workers have finished, at most `timeout` seconds; false if one
    /// is still busy (its process is then left to the exit).
    @discardableResult
    func stop(timeout: TimeInterval = defaultStopWait) -> Bool {
        beginStop()
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while exited < workers {
            guard condition.wait(until: deadline) else { return exited == workers }
        }
        return true
    }

    private var isStopping: Bool { condition.withLock { stopping } }

    // MARK: Workers

    private func work() {
        AlertCommandRunner.blockSIGPIPEOnThisThread()
        while let job = next() {
            perform(job)
            condition.lock()
            running -= 1
            condition.broadcast()
            condition.unlock()
        }
        condition.lock()
        exited += 1
        condition.broadcast()
        condition.unlock()
    }

    /// The next job (counted as running), or nil once stopping.
    private func next() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while pending.isEmpty && !stopping { condition.wait() }
        guard !stopping else { return nil }
        running += 1
        return pending.removeFirst()
    }

    private func perform(_ job: Job) {
        let body = job.notice.jsonData()
        switch job.action {
        case .command(let command):
            let outcome = AlertCommandRunner.run(command, environment: job.notice.environment, input: body, timeout: timeout,
                                                 shouldStop: { isStopping })
            if let problem = outcome.problem { log("alert: \(problem)") }
        case .webhook(let url):
            guard let webhookPoster else { return }
            if let problem = webhookPoster.post(body, to: url, shouldStop: { isStopping }) {
                log("alert: webhook \(url.absoluteString) failed: \(problem)")
            }
        }
    }
}
