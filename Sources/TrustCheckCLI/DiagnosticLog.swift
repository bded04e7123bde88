import Foundation
import TrustEvaluation

/// Collects the evaluation's diagnostics. They may be delivered from any thread, hence the lock.
final class DiagnosticLog: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [TrustDiagnostic] = []

    var steps: [TrustDiagnostic] { lock.withLock { collected } }

    @Sendable func append(_ step: TrustDiagnostic) { lock.withLock { collected.append(step) } }
}
