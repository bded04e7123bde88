import Foundation

/// Fires the configured alert once when a host's failures within the window cross the threshold, and
/// re-arms for that host once its count is below the threshold again. When more hosts than the flood
/// limit cross it within the flood window, one flood alert replaces theirs (``AlertFloodGate``); a host
/// held back that way counts as alerted until it re-arms.
///
/// Actions run on the ``AlertDispatcher``'s own workers, bounded in number, queue and time: a report's
/// acknowledgement never waits for an action, and no action can block the process or its stop.
/// `waitForActions` lets tests wait; `stopActions` and `waitForActions` make the collector's stop.
///
/// `@unchecked Sendable`: `firing` and `floodGate` are only touched with `lock` held.
public final class FailureRateAlert: @unchecked Sendable {
    /// How long the stop waits for the alert workers: a terminated command's kill grace (2 s) and a second
    /// more, so the collector's stop stays well inside the 10 s it promises.
    public static let stopWait: TimeInterval = AlertDispatcher.defaultStopWait

    public let configuration: AlertConfiguration
    private let store: any ReportStore
    private let clock: @Sendable () -> Date
    private let log: @Sendable (String) -> Void
    private let lock = NSLock()
    /// Hosts over the threshold whose alert already fired (or was held back by a flood).
    private var firing: Set<String> = []
    private var floodGate: AlertFloodGate
    private let dispatcher: AlertDispatcher

    public convenience init(configuration: AlertConfiguration, store: any ReportStore,
                            clock: @escaping @Sendable () -> Date = { Date() }, log: @escaping @Sendable (String) -> Void = { _ in })
    {
        self.init(configuration: configuration, store: store, clock: clock, log: log,
                  workers: AlertDispatcher.defaultWorkers, queueCapacity: AlertDispatcher.defaultCapacity)
    }

    /// With the dispatcher's bounds given (tests fill a small queue).
    init(configuration: AlertConfiguration, store: any ReportStore, clock: @escaping @Sendable () -> Date,
         log: @escaping @Sendable (String) -> Void, workers: Int, queueCapacity: Int)
    {
        self.configuration = configuration
        self.store = store
        self.clock = clock
        self.log = log
        floodGate = AlertFloodGate(limit: configuration.floodHosts, window: configuration.floodWindow,
                                   threshold: configuration.threshold, hostWindow: configuration.window)
        dispatcher = AlertDispatcher(timeout: configuration.actionTimeout, webhooks: configuration.webhook != nil,
                                     workers: workers, capacity: queueCapacity, log: log)
    }

    deinit { dispatcher.beginStop() }

    /// After a new report for `hostname` was stored: counts that host's failures in the window and fires
    /// when the count has just reached the threshold. Never waits for an action.
    public func reportStored(hostname: String) {
        guard configuration.isEnabled else { return }
        let now = clock()
        let failures: Int
        do {
            failures = try store.failureCount(hostname: hostname, since: now.addingTimeInterval(-configuration.window))
        } catch {
            log("alert: cannot count failures for \(hostname): \(error.localizedDescription)")
            return
        }
        lock.lock()
        var decision: AlertFloodGate.Decision?
        if failures >= configuration.threshold {
            if firing.insert(hostname).inserted { decision = floodGate.admit(hostname, at: now) }
        } else {
            firing.remove(hostname)
        }
        lock.unlock()
        guard let decision else { return }
        let event = AlertEvent(host: hostname, failures: failures, threshold: configuration.threshold,
                               windowSeconds: Int(configuration.window), at: now)
        switch decision {
        case .fire:
            raise(.host(event))
        case .fireAfterFlood(let suppressed):
            log("alert: the flood is over: \(suppressed) host alerts were held back during it")
            raise(.host(event))
        case .startFlood(let flood):
            log("alert: flood: \(flood.hosts) hosts reached the threshold within \(flood.floodWindowSeconds) s (more than "
                + "\(flood.floodHosts)); host alerts are held back until fewer do (\(flood.sampleHosts.joined(separator: ", ")))")
            raise(.flood(flood))
        case .resumeFlood:
            log("alert: the flood is on again; host alerts are held back (\(hostname) first)")
        case .suppress:
            break
        }
    }

    /// Waits until no action is pending or running, at most `timeout` seconds; false if some still are.
    @discardableResult
    public func waitForActions(timeout: TimeInterval) -> Bool {
        dispatcher.waitUntilIdle(timeout: timeout)
    }

    /// The stop's first step, which does not wait: pending actions are dropped (logged with their number),
    /// running commands terminated, webhook requests cancelled, later alerts not acted on.
    public func stopActions() { dispatcher.beginStop() }

    /// The stop's last step: waits, at most `timeout` seconds, for the workers to finish; false if one has
    /// not (the process exits regardless).
    @discardableResult
    public func waitForStoppedActions(timeout: TimeInterval = FailureRateAlert.stopWait) -> Bool {
        dispatcher.stop(timeout: timeout)
    }

    /// Actions dropped because the queue was full.
    public var droppedActions: Int { dispatcher.droppedCount }

    private func raise(_ notice: AlertNotice) {
        if case .host(let event) = notice {
            log("alert: \(event.host) has \(event.failures) failures within \(event.windowSeconds) s (threshold \(event.threshold))")
        }
        if let command = configuration.command { dispatcher.submit(.init(notice: notice, action: .command(command))) }
        if let webhook = configuration.webhook { dispatcher.submit(.init(notice: notice, action: .webhook(webhook))) }
    }
}
