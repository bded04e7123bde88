import Foundation
import PinningReports

/// Fires the configured alert once when a host's failures within the window cross the threshold, and
/// re-arms for that host once its count is below the threshold again. Actions run in the background, so
/// an alert never delays a report's acknowledgement; `waitForActions` lets shutdown (and tests) wait.
///
/// `@unchecked Sendable`: `firing` is only touched with `lock` held.
public final class FailureRateAlert: @unchecked Sendable {
    /// How long an alert command may run before it is terminated: 30 s.
    public static let commandTimeout: TimeInterval = 30

    public let configuration: AlertConfiguration
    private let store: any ReportStore
    private let clock: @Sendable () -> Date
    private let log: @Sendable (String) -> Void
    private let lock = NSLock()
    /// Hosts over the threshold whose alert already fired.
    private var firing: Set<String> = []
    private let actions = DispatchGroup()

    public init(configuration: AlertConfiguration, store: any ReportStore, clock: @escaping @Sendable () -> Date = { Date() },
                log: @escaping @Sendable (String) -> Void = { _ in })
    {
        self.configuration = configuration
        self.store = store
        self.clock = clock
        self.log = log
    }

    /// After a new report for `hostname` was stored: counts that host's failures in the window and fires
    /// when the count has just reached the threshold.
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
        let fire: Bool
        if failures >= configuration.threshold {
            fire = firing.insert(hostname).inserted
        } else {
            firing.remove(hostname)
            fire = false
        }
        lock.unlock()
        if fire { run(AlertEvent(host: hostname, failures: failures, threshold: configuration.threshold,
                                 windowSeconds: Int(configuration.window), at: now)) }
    }

    /// Waits until every started action has finished, at most `timeout` seconds; false if some still run.
    @discardableResult
    public func waitForActions(timeout: TimeInterval) -> Bool {
        actions.wait(timeout: .now() + timeout) == .success
    }

    private func run(_ event: AlertEvent) {
        log("alert: \(event.host) has \(event.failures) failures within \(event.windowSeconds) s (threshold \(event.threshold))")
        let body = event.jsonData()
        if let command = configuration.command {
            actions.enter()
            DispatchQueue.global().async { [actions, log] in
                defer { actions.leave() }
                Self.runCommand(command, event: event, body: body, log: log)
            }
        }
        if let webhook = configuration.webhook {
            actions.enter()
            Task { [actions, log] in
                defer { actions.leave() }
                let sender = ReportSender()
                if case .failed(let error) = await sender.send(body, to: webhook) {
                    log("alert: webhook \(webhook.absoluteString) failed: \(error.localizedDescription)")
                }
                sender.shutdown()
            }
        }
    }

    private static func runCommand(_ command: String, event: AlertEvent, body: Data, log: @Sendable (String) -> Void) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var environment = ProcessInfo.processInfo.environment
        environment["TRUSTCHECK_ALERT_HOST"] = event.host
        environment["TRUSTCHECK_ALERT_FAILURES"] = String(event.failures)
        environment["TRUSTCHECK_ALERT_THRESHOLD"] = String(event.threshold)
        environment["TRUSTCHECK_ALERT_WINDOW_SECONDS"] = String(event.windowSeconds)
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        do {
            try process.run()
        } catch {
            log("alert: cannot run '\(command)': \(error.localizedDescription)")
            return
        }
        try? input.fileHandleForWriting.write(contentsOf: body)
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(commandTimeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            process.terminate()
            log("alert: '\(command)' ran longer than \(Int(commandTimeout)) s and was terminated")
        } else if process.terminationStatus != 0 {
            log("alert: '\(command)' exited with status \(process.terminationStatus)")
        }
    }
}
