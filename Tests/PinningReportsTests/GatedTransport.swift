import Foundation
import PinningReports
import Synchronization

/// A transport whose sends all wait until the test opens it, then deliver: a delivery that is still
/// running for as long as the test wants, however busy the machine is.
final class GatedTransport: ReportTransport {
    private struct State {
        var isOpen = false
        var waiting: [CheckedContinuation<Void, Never>] = []
        var sent: [URL] = []
    }

    private let state = Mutex(State())

    var sent: [URL] { state.withLock { $0.sent } }

    /// Lets every waiting and later send through.
    func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        waiting.forEach { $0.resume() }
    }

    func send(_ body: Data, to destination: URL) async -> ReportSendOutcome {
        await withCheckedContinuation { continuation in
            let through = state.withLock { state in
                if !state.isOpen { state.waiting.append(continuation) }
                return state.isOpen
            }
            if through { continuation.resume() }
        }
        state.withLock { $0.sent.append(destination) }
        return .delivered(status: 204)
    }
}
