import Foundation
import Pinning
import Testing

/// Alamofire's host → evaluator lookup: exact keys, the allHostsMustBeEvaluated rule, and TrustCheck's
/// opt-in wildcard entries.
@Suite struct ServerTrustManagerTests {
    struct Named: ServerTrustEvaluating {
        let name: String
        func evaluate(_ trust: ServerTrust, forHost host: String, at date: Date) throws(ServerTrustError) {}
    }

    static let evaluators: [String: any ServerTrustEvaluating] = [
        "api.example.com": Named(name: "exact"), "*.example.com": Named(name: "wildcard"),
    ]

    static func name(_ manager: ServerTrustManager, _ host: String) throws(ServerTrustError) -> String? {
        (try manager.serverTrustEvaluator(forHost: host) as? Named)?.name
    }

    @Test func lookupIsAnExactCaseSensitiveKey() throws {
        let manager = ServerTrustManager(evaluators: Self.evaluators)
        #expect(try Self.name(manager, "api.example.com") == "exact")
        for other in ["API.example.com", "api.example.com.", "www.example.com", "example.com", "api.example.com:443"] {
            #expect(throws: ServerTrustError.self, "\(other)") { _ = try Self.name(manager, other) }
        }
    }

    @Test func aMissingHostThrowsOnlyWhenAllHostsMustBeEvaluated() throws {
        do {
            _ = try ServerTrustManager(evaluators: Self.evaluators).serverTrustEvaluator(forHost: "other.org")
            Issue.record("expected noRequiredEvaluator")
        } catch {
            guard case .noRequiredEvaluator(let host) = error else {
                Issue.record("expected noRequiredEvaluator, got \(error)")
                return
            }
            #expect(host == "other.org")
            #expect(error.errorDescription == "A ServerTrustEvaluating value is required for host other.org but none was found.")
        }
        let lenient = ServerTrustManager(allHostsMustBeEvaluated: false, evaluators: Self.evaluators)
        #expect(try lenient.serverTrustEvaluator(forHost: "other.org") == nil)
    }

    @Test func wildcardEntriesServeOneLabelOnlyWhenOptedIn() throws {
        let manager = ServerTrustManager(allHostsMustBeEvaluated: false, evaluators: Self.evaluators, matchesWildcardEntries: true)
        #expect(try Self.name(manager, "api.example.com") == "exact")
        #expect(try Self.name(manager, "www.example.com") == "wildcard")
        for outside in ["example.com", "a.b.example.com", ".example.com", "WWW.EXAMPLE.COM", "www.example.org"] {
            #expect(try Self.name(manager, outside) == nil, "\(outside)")
        }
        let off = ServerTrustManager(allHostsMustBeEvaluated: false, evaluators: Self.evaluators)
        #expect(try Self.name(off, "www.example.com") == nil)
    }
}
