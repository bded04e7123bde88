import Synchronization
import TrustEvaluation

/// Collects the evaluation's diagnostics. They may be delivered from any thread, hence the lock.
final class DiagnosticLog: Sendable {
    private let collected = Mutex<[TrustDiagnostic]>([])

    var steps: [TrustDiagnostic] { collected.withLock { $0 } }

    @Sendable func append(_ step: TrustDiagnostic) { collected.withLock { $0.append(step) } }
}
