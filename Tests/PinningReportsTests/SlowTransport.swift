import Foundation
import PinningReports
import Synchronization

/// A transport that takes `delay` seconds to deliver every report, recording what it was given and how
/// many sends overlapped.
final class SlowTransport: ReportTransport {
    private struct Record {
        var sent: [(URL, Data)] = []
        var inFlight = 0
        var maximumConcurrency = 0
    }

    let delay: TimeInterval
    private let record = Mutex(Record())

    init(delay: TimeInterval) { self.delay = delay }

    var sent: [URL] { record.withLock { $0.sent.map(\.0) } }
    var bodies: [Data] { record.withLock { $0.sent.map(\.1) } }
    var maximumConcurrency: Int { record.withLock { $0.maximumConcurrency } }

    func send(_ body: Data, to destination: URL) async -> ReportSendOutcome {
        record.withLock {
            $0.inFlight += 1
            $0.maximumConcurrency = max($0.maximumConcurrency, $0.inFlight)
        }
        try? await Task.sleep(for: .seconds(delay))
        record.withLock {
            $0.inFlight -= 1
            $0.sent.append((destination, body))
        }
        return .delivered(status: 204)
    }
}
