import Foundation
import Testing
import TrustCertificates
import TrustEvaluation

/// The library's defaults do what their names say: `TrustAnchors()` (and `TrustEvaluator()`) trust
/// the system store, `TrustAnchors.empty` trusts nothing, `TrustAnchors.only(_:)` exactly what it is given.
@Suite struct TrustAnchorsTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/builder")
    static let time = ISO8601DateFormatter().date(from: "2026-01-01T00:00:00Z")!

    static func fixture(_ name: String) throws -> Certificate {
        try CertificateLoader.load(path: fixtures.appendingPathComponent(name).path)[0]
    }

    static var systemStoreIsPresent: Bool { FileManager.default.fileExists(atPath: CertificateStore.defaultSystemBundlePath) }

    /// A root of the real system store that is valid now (the store is the machine's, so "now" is real time).
    static func unexpiredSystemRoot() throws -> Certificate {
        let now = Date()
        return try #require(SystemTrustStore.default.store.certificates.first { $0.notBefore <= now && now <= $0.notAfter },
                            "no unexpired root in \(CertificateStore.defaultSystemBundlePath)")
    }

    @Test(.enabled(if: systemStoreIsPresent, "no system trust store at /etc/ssl/certs/ca-certificates.crt (install ca-certificates)"))
    func defaultAnchorsTrustARealSystemRoot() throws {
        #expect(SystemTrustStore.default.loadError == nil)
        let root = try Self.unexpiredSystemRoot()
        for evaluator in [TrustEvaluator(anchors: TrustAnchors()), TrustEvaluator()] {
            let result = evaluator.evaluate(leaf: root, at: Date())
            #expect(result.isTrusted, "\(result.failures)")
            #expect(result.chain.map(\.source) == [.system])
        }
    }

    @Test(.enabled(if: systemStoreIsPresent, "no system trust store at /etc/ssl/certs/ca-certificates.crt (install ca-certificates)"))
    func emptyAnchorsTrustNoSystemRoot() throws {
        let root = try Self.unexpiredSystemRoot()
        let result = TrustEvaluator(anchors: .empty).evaluate(leaf: root, at: Date())
        #expect(!result.isTrusted)
        #expect(result.failures.map(\.check) == [.anchorTrusted])
        #expect(TrustAnchors.empty.system.isEmpty)
    }

    @Test func emptyAnchorsTrustNothing() throws {
        let root = try Self.fixture("old-root.pem")
        let result = TrustEvaluator(anchors: .empty).evaluate(leaf: root, at: Self.time)
        #expect(!result.isTrusted)
        #expect(result.failures.map(\.check) == [.anchorTrusted])
        #expect(TrustAnchors.empty.custom?.isEmpty == true)
        #expect(!TrustAnchors.empty.usesSystemAnchors)
    }

    @Test func onlyTrustsExactlyWhatItIsGiven() throws {
        let root = try Self.fixture("old-root.pem")
        let other = try Self.fixture("new-root.pem")
        let anchors = TrustAnchors.only(CertificateStore([root]))
        #expect(TrustEvaluator(anchors: anchors).evaluate(leaf: root, at: Self.time).isTrusted)
        #expect(!TrustEvaluator(anchors: anchors).evaluate(leaf: other, at: Self.time).isTrusted)
        #expect(anchors.system.isEmpty)
    }

    @Test func anUnreadableSystemStoreIsEmptyAndSaysWhy() {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-store-\(UUID().uuidString).crt").path
        let store = SystemTrustStore(path: path)
        #expect(store.store.isEmpty)
        #expect(store.loadError?.path == path)
        #expect(store.loadError?.kind == .unreadable)
    }
}
