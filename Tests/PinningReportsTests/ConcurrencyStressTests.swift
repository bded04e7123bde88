import Foundation
import Pinning
import PinningReports
import Synchronization
import Testing
import TrustCertificates
import TrustEvaluation

/// Evaluation, pinning and report spooling from eight threads at once, all sharing one certificate store, one
/// signature cache, one TrustKit validator and one report spool while delivery runs beside them: every verdict
/// is the one a lone evaluation gives, and every report is spooled once and delivered exactly once.
/// `make sanitize` runs it under ThreadSanitizer too.
@Suite struct ConcurrencyStressTests {
    static let threads = 8
    static let rounds = 24
    static let host = "www.example.com"

    /// Records every body it is given; all deliveries succeed.
    final class RecordingTransport: ReportTransport, @unchecked Sendable {
        // @unchecked: `bodies` is read and written only with `lock` held (an NSLock, as `Tally`'s).
        private let lock = NSLock()
        private var bodies: [Data] = []
        var delivered: [Data] { lock.withLock { bodies } }

        func send(_ body: Data, to destination: URL) async -> ReportSendOutcome {
            lock.withLock { bodies.append(body) }
            return .delivered(status: 204)
        }
    }

    /// What the threads share besides the objects under test. Its lists are behind an NSLock (a pthread mutex,
    /// which ThreadSanitizer understands) rather than a Mutex, whose contended hand-over TSan does not see on
    /// Linux (Fuzz/tsan-suppressions.txt): the test's own bookkeeping never needs a suppression.
    final class Tally: @unchecked Sendable {
        // @unchecked: `observed` and `failed` are read and written only with `lock` held.
        let started = Atomic<Int>(0)
        let finished = Atomic<Int>(0)
        private let lock = NSLock()
        private var observed: [Observation] = []
        private var failed: [String] = []

        func record(_ observation: Observation) { lock.withLock { observed.append(observation) } }
        func fail(_ message: String) { lock.withLock { failed.append(message) } }
        var observations: [Observation] { lock.withLock { observed } }
        var failures: [String] { lock.withLock { failed } }
    }

    /// What one thread saw in one round.
    struct Observation: Sendable {
        let thread: Int
        let round: Int
        let pinnedChain: Bool
        let trusted: Bool?
        let decision: TrustKitDecision
        let reportSent: Bool
        let spooled: Int
    }

    @Test func eightThreadsEvaluatePinAndReportOverSharedState() async throws {
        let leaf = try ReportFixtures.certificate("leaf.pem")
        let intermediate = try ReportFixtures.certificate("intermediate.pem")
        let rogueLeaf = try ReportFixtures.certificate("rogue-leaf.pem")
        let anchors = CertificateStore([try ReportFixtures.certificate("root.pem"), try ReportFixtures.certificate("rogue-root.pem")])
        let cache = SignatureCache()
        let evaluator = TrustEvaluator(anchors: TrustAnchors(custom: anchors), policies: [.basicX509()], publicSuffixes: .empty,
                                       signatureCache: cache)
        let validator = TrustKitPinningValidator(
            configuration: try ReportFixtures.configuration(reportURIs: ["https://reports.example.com/log"]))
        let temporary = TemporarySpool()
        defer { temporary.remove() }
        let total = Self.threads * Self.rounds
        let spool = try temporary.open(limits: ReportSpoolLimits(maximumEntries: total, maximumBytes: 1 << 22))
        let destination = try #require(URL(string: "https://reports.example.com/log"))
        let time = ReportFixtures.time

        // Each thread waits until all have started, then runs its rounds: the pinned chain (trusted, allowed) and
        // the rogue one (trusted by the evaluator, blocked by the pin, reported) in turn.
        let tally = Tally()
        for thread in 0..<Self.threads {
            let worker = Thread {
                tally.started.add(1, ordering: .acquiringAndReleasing)
                while tally.started.load(ordering: .acquiring) < Self.threads { Thread.sleep(forTimeInterval: 0.001) }
                for round in 0..<Self.rounds {
                    let pinned = (round + thread) % 2 == 0
                    let validation = validator.evaluate(
                        hostname: Self.host, leaf: pinned ? leaf : rogueLeaf, intermediates: pinned ? [intermediate] : [],
                        evaluator: evaluator, at: time)
                    var spooled = 0
                    if validation.shouldSendReport {
                        do {
                            spooled = try spool.enqueue(ReportFixtures.body("thread-\(thread)-round-\(round)"),
                                                        destinations: [destination], now: time).count
                        } catch {
                            tally.fail("thread \(thread) round \(round): \(error.localizedDescription)")
                        }
                    }
                    let observation = Observation(thread: thread, round: round, pinnedChain: pinned,
                                                  trusted: validation.evaluation?.isTrusted, decision: validation.decision,
                                                  reportSent: validation.shouldSendReport, spooled: spooled)
                    tally.record(observation)
                }
                tally.finished.add(1, ordering: .releasing)
            }
            worker.stackSize = 1 << 20
            worker.start()
        }

        // Delivery runs while the threads spool, then once more after they are done: whatever each pass claimed,
        // the union is every report, once.
        let transport = RecordingTransport()
        var passes = 0
        while tally.finished.load(ordering: .acquiring) < Self.threads {
            _ = await spool.deliverPending(using: transport, now: time)
            passes += 1
            try await Task.sleep(for: .milliseconds(5))
        }
        _ = await spool.deliverPending(using: transport, now: time)

        #expect(tally.failures == [])
        let seen = tally.observations
        #expect(seen.count == total)
        for observation in seen {
            #expect(observation.trusted == true, "thread \(observation.thread) round \(observation.round)")
            if observation.pinnedChain {
                #expect(observation.decision == .shouldAllowConnection)
                #expect(!observation.reportSent && observation.spooled == 0)
            } else {
                #expect(observation.decision == .shouldBlockConnection)
                #expect(observation.reportSent && observation.spooled == 1)
            }
        }
        let expected = seen.filter { !$0.pinnedChain }.map { ReportFixtures.body("thread-\($0.thread)-round-\($0.round)") }
        let delivered = transport.delivered
        #expect(delivered.count == expected.count, "\(delivered.count) deliveries in \(passes + 1) passes")
        #expect(Set(delivered) == Set(expected))
        #expect(spool.pendingEntries().isEmpty)
        // The shared cache answered for the chains every thread saw; a lone evaluation agrees with all of them.
        let alone = TrustEvaluator(anchors: TrustAnchors(custom: anchors), policies: [.ssl(hostname: Self.host)], publicSuffixes: .empty)
        #expect(alone.evaluate(leaf: leaf, intermediates: [intermediate], at: time).isTrusted)
        #expect(cache.cachedVerdict(leaf, by: intermediate) == true)
    }
}
