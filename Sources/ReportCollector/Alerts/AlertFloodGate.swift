import Foundation

/// Decides, for each host that has just reached the threshold, whether its alert fires or a flood is on.
/// A flood is more than `limit` distinct hosts reaching the threshold within `window`: the host that makes
/// it so raises one flood alert, and every host alert is then held back until, at a host's turn, no more
/// than `limit` hosts did so within the last `window` (the flood has subsided). A flood that starts again
/// within one window of the last one's end continues it without a second flood alert, so a rate hovering
/// around the limit cannot turn into a stream of flood alerts.
///
/// A value type, not thread-safe: ``FailureRateAlert`` keeps it under its lock. Memory is bounded: it
/// remembers at most `limit + 1` hosts (enough to tell whether more than `limit` are in the window).
struct AlertFloodGate {
    enum Decision: Equatable {
        /// Raise this host's alert.
        case fire
        /// Raise this host's alert; a flood, during which `suppressed` host alerts were held back, is over.
        case fireAfterFlood(suppressed: Int)
        /// A flood begins: raise this instead of the host's alert.
        case startFlood(FloodAlertEvent)
        /// A flood that ended less than a window ago is on again: hold the alert back, raise nothing new.
        case resumeFlood
        /// A flood is on: hold the host's alert back.
        case suppress
    }

    let limit: Int
    let window: TimeInterval
    let threshold: Int
    let hostWindow: TimeInterval
    /// Hosts that reached the threshold, oldest first, each once, at most `limit + 1`.
    private var recent: [(host: String, at: Date)] = []
    private var floodOn = false
    private var suppressed = 0
    private var floodEnded: Date?

    init(limit: Int, window: TimeInterval, threshold: Int, hostWindow: TimeInterval) {
        self.limit = max(1, limit)
        self.window = window
        self.threshold = threshold
        self.hostWindow = hostWindow
    }

    /// Whether a flood is on now (as of the last host admitted).
    var isFlooding: Bool { floodOn }

    mutating func admit(_ host: String, at now: Date) -> Decision {
        recent.removeAll { $0.host == host || $0.at <= now.addingTimeInterval(-window) }
        recent.append((host, now))
        if recent.count > limit + 1 { recent.removeFirst(recent.count - (limit + 1)) }
        let over = recent.count > limit
        if floodOn {
            if over {
                suppressed += 1
                return .suppress
            }
            floodOn = false
            floodEnded = now
            let held = suppressed
            suppressed = 0
            return .fireAfterFlood(suppressed: held)
        }
        guard over else { return .fire }
        floodOn = true
        suppressed = 1
        if let ended = floodEnded, now.timeIntervalSince(ended) < window { return .resumeFlood }
        return .startFlood(FloodAlertEvent(hosts: recent.count, sampleHosts: recent.map(\.host), floodHosts: limit,
                                           floodWindowSeconds: Int(window), threshold: threshold,
                                           windowSeconds: Int(hostWindow), at: now))
    }
}
