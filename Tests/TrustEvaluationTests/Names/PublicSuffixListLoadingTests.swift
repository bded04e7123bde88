import Foundation
import Testing
import TrustCertificates
@testable import TrustEvaluation

/// The Public Suffix List is read only when a wildcard in a leaf asks for it, once, however many
/// evaluations share it: constructing an evaluator, a BasicX509 evaluation and a host name without
/// wildcards never read it (it was three quarters of `trustcheck verify`'s start-up).
@Suite struct PublicSuffixListLoadingTests {
    /// Counts how often a list's source is read.
    final class LoadCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0

        var loads: Int {
            lock.lock()
            defer { lock.unlock() }
            return count
        }

        func list() -> PublicSuffixList {
            PublicSuffixList(source: "the test excerpt") {
                self.lock.lock()
                defer { self.lock.unlock() }
                self.count += 1
                return Array(PublicSuffixListTests.excerpt.utf8)
            }
        }
    }

    static let time = ISO8601DateFormatter().date(from: "2026-01-01T00:00:00Z")!

    /// A leaf that is its own anchor, so the path is anchored at once and only the leaf checks matter.
    static func evaluate(san: String, policy: TrustPolicy, publicSuffixes: PublicSuffixList) throws -> TrustEvaluationResult {
        let leaf = try TestCertificate(subject: [[.cn(san)]], san: [.dns(san)]).build()
        let evaluator = TrustEvaluator(anchors: TrustAnchors(custom: CertificateStore([leaf])), policies: [policy],
                                       publicSuffixes: publicSuffixes)
        return evaluator.evaluate(leaf: leaf, at: time)
    }

    @Test func basicPolicyNeverReadsTheList() throws {
        let counter = LoadCounter()
        let list = counter.list()
        _ = try Self.evaluate(san: "*.co.uk", policy: .basicX509(), publicSuffixes: list)
        _ = try Self.evaluate(san: "*.co.uk", policy: .basicX509(profile: .webpki), publicSuffixes: list)
        #expect(counter.loads == 0)
        #expect(!list.isLoaded)
    }

    @Test(arguments: TrustProfile.allCases)
    func hostWithoutWildcardNeverReadsTheList(profile: TrustProfile) throws {
        let counter = LoadCounter()
        _ = try Self.evaluate(san: "www.example.test", policy: .ssl(hostname: "www.example.test", profile: profile),
                              publicSuffixes: counter.list())
        #expect(counter.loads == 0)
    }

    @Test(arguments: TrustProfile.allCases)
    func wildcardReadsTheListOnceAndUsesIt(profile: TrustProfile) throws {
        let counter = LoadCounter()
        let list = counter.list()
        let results = try (0..<8).map { _ in
            try Self.evaluate(san: "*.co.uk", policy: .ssl(hostname: "www.co.uk", profile: profile), publicSuffixes: list)
        }
        // Evaluations on other threads share the one load.
        DispatchQueue.concurrentPerform(iterations: 8) { _ in _ = list.isPublicSuffix("co.uk") }
        #expect(counter.loads == 1)
        #expect(list.isLoaded)
        // co.uk is a public suffix in the excerpt, so the wildcard must not cover www.co.uk.
        for result in results { #expect(result.failures.contains { $0.check == .sslHostname }) }
    }

    @Test func aListThatCannotBeReadSaysWhyWhenFirstAsked() {
        struct Unreadable: Error {}
        let list = PublicSuffixList(source: "the bundled list") { throw Unreadable() }
        #expect(!list.isLoaded)
        #expect(list.loadError?.hasPrefix("cannot read the bundled list: ") == true)
        #expect(list.isLoaded)
        #expect(!list.isPublicSuffix("co.uk"))
    }
}
